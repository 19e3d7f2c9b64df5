// Request lines are written by hand on the hot path: they must be the very line pino writes.
import { expect, test } from "bun:test";
import pino from "pino";
import { createLogger, requestLines } from "./logger";
import { LineSink } from "./lineSink";

type Line = { reqId: string; method: string; route: string; status: number; ms: number; userId?: number };
const LINES: Line[] = [
  { reqId: "0f4e9c1a-5b2d-4c3e-8f7a-9b8c7d6e5f4a", method: "GET", route: "/game/:slug", status: 200, ms: 0.1 },
  { reqId: "lb-42", method: "POST", route: "/api/runs", status: 201, ms: 12, userId: 7 },
  { reqId: "x", method: "GET", route: '/odd/"quoted"\\/\u0001é', status: 404, ms: 1234.5, userId: 1_000_000_007 },
  { reqId: 'not "plain"\u0002é', method: "GET", route: "/", status: 500, ms: 0 },
];

function capture(level: "info" | "warn" | "debug") {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: level, prettyLogs: false, shutdownGraceMs: 0 }, { write: (s: string) => lines.push(s) });
  return { logger, lines };
}
// The time differs by when each line is written; everything else must match byte for byte.
const untimed = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

/** A LineSink with a small batch (lines land at many offsets, flushed in between) whose writes go to `written`. */
function smallSink(written: Buffer[]) {
  const take = (_fd: number, bytes: Uint8Array) => {
    written.push(Buffer.from(bytes));
    return bytes.length;
  };
  return new LineSink(1, 300, 60_000, take, Number.POSITIVE_INFINITY);
}

function writeAll(logger: pino.Logger, level: 20 | 30, lines: Line[]) {
  const out = requestLines(logger);
  for (const l of lines) out.write(level, l.reqId, out.fields(l.method, l.route, l.status), 1000, 1000 + l.ms, l.userId);
}

test("a request line is byte for byte what pino's info writes, time format included", () => {
  const ours = capture("info");
  const pinos = capture("info");
  writeAll(ours.logger, 30, LINES);
  for (const line of LINES) pinos.logger.info(line, "request");
  expect(ours.lines.map(untimed)).toEqual(pinos.lines.map(untimed));
  for (const line of ours.lines) expect(JSON.parse(line).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test("written straight into the process's line buffer, the lines are the same bytes, however full the buffer", () => {
  const pinos = capture("info");
  for (const line of LINES) pinos.logger.info(line, "request");
  const written: Buffer[] = [];
  const sink = smallSink(written);
  sink.write = () => { throw new Error("a line went through the string path"); };
  const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, sink);
  for (let round = 0; round < 5; round++) writeAll(logger, 30, LINES);
  sink.flush();
  const lines = Buffer.concat(written).toString("utf8").split(/(?<=\n)/);
  expect(lines.map(untimed)).toEqual(Array.from({ length: 5 }, () => pinos.lines.map(untimed)).flat());
});

test("request lines follow the logger's level: probes at debug, nothing below the level", () => {
  const info = capture("info");
  writeAll(info.logger, 20, [LINES[0]!]);
  expect(info.lines).toEqual([]);
  const debug = capture("debug");
  writeAll(debug.logger, 20, [LINES[0]!]);
  expect(JSON.parse(debug.lines[0]!)).toMatchObject({ level: 20, route: "/game/:slug", msg: "request" });
  const warn = capture("warn");
  writeAll(warn.logger, 30, [LINES[0]!]);
  expect(warn.lines).toEqual([]);
});

test("a line longer than the line buffer still goes out whole, the same bytes", () => {
  const long: Line = { reqId: "lb-1", method: "GET", route: `/unmatched/${"x".repeat(6000)}`, status: 404, ms: 2.5 };
  const pinos = capture("info");
  pinos.logger.info(long, "request");
  const written: Buffer[] = [];
  const sink = smallSink(written);
  writeAll(pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, sink), 30, [LINES[1]!, long, LINES[0]!]);
  sink.flush();
  const lines = Buffer.concat(written).toString("utf8").split(/(?<=\n)/).map(untimed);
  expect(lines[1]).toBe(untimed(pinos.lines[0]!));
  expect(lines.map((l) => JSON.parse(l).reqId)).toEqual(["lb-42", "lb-1", LINES[0]!.reqId]);
});
