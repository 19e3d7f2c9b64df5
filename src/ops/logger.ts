import pino, { type Logger } from "pino";
import type { OpsConfig } from "./config";
import { LabelMemo } from "./labelMemo";
import { LineSink } from "./lineSink";
import { REDACT_PATHS } from "./redact";

export type { Logger };

/** Writes a pino JSON line as one readable line: `12:00:01 INFO GET /game/:slug 200 3.1ms …`. */
function readable(out: { write(s: string): unknown }) {
  const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
  return {
    write(line: string) {
      const { time, level, msg, pid: _p, hostname: _h, ...rest } = JSON.parse(line) as Record<string, unknown>;
      const clock = String(time).slice(11, 19);
      const extra = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(" ");
      out.write(`${clock} ${LEVELS[level as number] ?? level} ${msg ?? ""} ${extra}\n`);
    },
  };
}

/**
 * The process logger: JSON lines on stdout (readable lines in development), secrets
 * redacted by key. `destination` lets tests capture the lines.
 */
const BASE = { base: undefined, timestamp: pino.stdTimeFunctions.isoTime };

/** The process's one buffered stdout (every logger of the process shares it). */
let stdout: LineSink | undefined;

export function createLogger(ops: OpsConfig, destination?: { write(s: string): unknown }): Logger {
  const options = { ...BASE, level: ops.logLevel, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
  if (ops.prettyLogs) return pino(options, readable(destination ?? process.stdout));
  // Buffered stdout: lines go out in 16 KiB writes or after at most a second, not one
  // write per line. Flushed on shutdown and at exit.
  stdout ??= new LineSink();
  return pino(options, destination ?? stdout);
}

/** One request's fields, in the order a line lists them. */
export type RequestLine = { reqId: string; method: string; route: string; status: number; ms: number; userId?: number };

// pino's isoTime, computed at most once a millisecond (lines arrive many per millisecond).
let stampedAt = 0;
let stamp = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

// A request id is JSON-safe as it is: ours are UUIDs, and an incoming one is used only when
// it matches ./redact's REQUEST_ID ([A-Za-z0-9._-]). Anything else is escaped.
const PLAIN_ID = /^[A-Za-z0-9._-]*$/;

/**
 * Writes request lines to `log`'s output, byte for byte the JSON line
 * `log.info(line, "request")` would write (`debug` for probes), at `log`'s current level.
 * Written by hand: a request line holds only the fields above, set by the observer (ids,
 * method, route pattern, status, duration), so it needs neither pino's redaction (its
 * wildcard paths cost ~90 µs a line, measured) nor its generic serializer (~1 µs, a tenth of
 * a cached page's whole cost). The `"method":…,"status":…` run of a line is escaped once per
 * method, route and status (`middle`) and reused: JSON.stringify of three strings per line
 * was a quarter of the request log's cost on a cached page.
 */
export function requestLines(log: Logger) {
  const stream = (log as unknown as Record<symbol, { write(s: string): unknown }>)[pino.symbols.streamSym]!;
  const middles = new LabelMemo((method, route, status) => `,"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"ms":`);
  const write = (level: number, l: RequestLine) => {
    if (level < log.levelVal) return;
    const id = PLAIN_ID.test(l.reqId) ? `"${l.reqId}"` : JSON.stringify(l.reqId);
    stream.write(
      `{"level":${level},"time":"${isoNow()}","reqId":${id}${middles.get(l.method, l.route, l.status)}${l.ms}${l.userId === undefined ? "" : `,"userId":${l.userId}`},"msg":"request"}\n`,
    );
  };
  return { info: (l: RequestLine) => write(30, l), debug: (l: RequestLine) => write(20, l) };
}
