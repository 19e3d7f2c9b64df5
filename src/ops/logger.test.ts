// Request lines are written by hand on the hot path: they must be the very line pino writes.
import { expect, test } from "bun:test";
import { createLogger, requestLines, type RequestLine } from "./logger";

const LINES: RequestLine[] = [
  { reqId: "0f4e9c1a-5b2d-4c3e-8f7a-9b8c7d6e5f4a", method: "GET", route: "/game/:slug", status: 200, ms: 0.1 },
  { reqId: "lb-42", method: "POST", route: "/api/runs", status: 201, ms: 12, userId: 7 },
  { reqId: "x", method: "GET", route: '/odd/"quoted"\\/\u0001é', status: 404, ms: 1234.5 },
];

function capture(level: "info" | "warn" | "debug") {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: level, prettyLogs: false, shutdownGraceMs: 0 }, { write: (s: string) => lines.push(s) });
  return { logger, lines };
}
// The time differs by when each line is written; everything else must match byte for byte.
const untimed = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

test("a request line is byte for byte what pino's info writes, time format included", () => {
  const ours = capture("info");
  const pinos = capture("info");
  const write = requestLines(ours.logger);
  for (const line of LINES) {
    write.info(line);
    pinos.logger.info(line, "request");
  }
  expect(ours.lines.map(untimed)).toEqual(pinos.lines.map(untimed));
  for (const line of ours.lines) expect(JSON.parse(line).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test("request lines follow the logger's level: probes at debug, nothing below the level", () => {
  const info = capture("info");
  requestLines(info.logger).debug(LINES[0]!);
  expect(info.lines).toEqual([]);
  const debug = capture("debug");
  requestLines(debug.logger).debug(LINES[0]!);
  expect(JSON.parse(debug.lines[0]!)).toMatchObject({ level: 20, route: "/game/:slug", msg: "request" });
  const warn = capture("warn");
  requestLines(warn.logger).info(LINES[0]!);
  expect(warn.lines).toEqual([]);
});
