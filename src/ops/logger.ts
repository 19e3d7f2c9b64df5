import pino, { type Logger } from "pino";
import type { OpsConfig } from "../config/opsConfig";
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
  // Buffered stdout: lines go out in 64 KiB writes or after at most a second, not one
  // write per line. Flushed on shutdown and at exit.
  stdout ??= new LineSink();
  return pino(options, destination ?? stdout);
}

/** The `","method":…,"ms":` run of a line (from the request id's closing quote), which depends only on method, route and status: encoded once (`fields`). */
export type LineFields = Uint8Array;

const ascii = (s: string) => Buffer.from(s, "latin1");
const USER_ID = ascii(',"userId":');
const CLOSE = ascii(',"msg":"request"}\n');
// The request id and the fields aside: the head, two numbers and the closing.
const FIXED_MAX = 55 + 24 + 10 + 24 + 18;

/**
 * A line's first 55 bytes per level, `{"level":30,"time":"…","reqId":"`, with pino's isoTime.
 * The time is read once per millisecond of the monotonic clock that times requests (lines
 * arrive many per millisecond), so a line's time is the wall clock at most 1 ms before it
 * was written: a clock read and a date formatted per line cost more than the rest of it.
 */
const heads = { 20: ascii('{"level":20,"time":"YYYY-MM-DDTHH:MM:SS.sssZ","reqId":"'), 30: ascii('{"level":30,"time":"YYYY-MM-DDTHH:MM:SS.sssZ","reqId":"') };
let headsTick = -1;
function headAt(level: 20 | 30, now: number): Buffer {
  const tick = Math.floor(now);
  if (tick !== headsTick) {
    headsTick = tick;
    const iso = new Date().toISOString(); // 24 characters until the year 10000
    heads[20].write(iso, 20, "latin1");
    heads[30].write(iso, 20, "latin1");
  }
  return heads[level];
}

function put(buf: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buf[at + i] = bytes[i]!;
  return at + bytes.length;
}

/** A non-negative integer in decimal, as JSON writes it. */
function putInt(buf: Uint8Array, at: number, n: number): number {
  let end = at;
  do {
    buf[end++] = 48 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  for (let i = at, j = end - 1; i < j; i++, j--) {
    const c = buf[i]!;
    buf[i] = buf[j]!;
    buf[j] = c;
  }
  return end;
}

/** The request id between its quotes: ours and accepted incoming ones are plain ASCII (./redact); anything else is JSON-escaped. */
function putId(buf: Buffer, at: number, id: string): number {
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return at + buf.write(JSON.stringify(id).slice(1, -1), at);
    buf[at + i] = c;
  }
  return at + id.length;
}

/**
 * Writes request lines to `log`'s output, byte for byte the JSON line
 * `log.info(line, "request")` would write (`debug` for probes), at `log`'s current level.
 * Written by hand: a request line holds only the fields the observer sets (ids, method,
 * route pattern, status, duration), so pino's redaction and generic serializer would cost
 * far more than the line and protect nothing. On the process's LineSink a line is written
 * as bytes straight into its buffer, with no string per line (docs/decisions/14-operations.md).
 * The fields part is escaped and encoded once per method, route and status (`fields`, kept
 * by the caller).
 */
export function requestLines(log: Logger) {
  const stream = (log as unknown as Record<symbol, { write(s: string): unknown }>)[pino.symbols.streamSym]!;
  const sink = stream instanceof LineSink ? stream : null;
  let scratch = Buffer.alloc(1024); // other outputs (tests, development): the line is built here, then written as a string
  return {
    fields: (method: string, route: string, status: number): LineFields =>
      Buffer.from(`","method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"ms":`),
    /**
     * One line at `level` (20 debug, 30 info) for a request from `start` to `end`
     * (`performance.now()`; the line gives the duration in tenths of a millisecond).
     */
    write(level: 20 | 30, reqId: string, fields: LineFields, start: number, end: number, userId?: number): void {
      if (level < log.levelVal) return;
      const max = FIXED_MAX + 6 * reqId.length + fields.length;
      const direct = sink?.room(max) ? sink : null;
      if (!direct && scratch.length < max) scratch = Buffer.alloc(max);
      const buf = direct ? direct.buffer : scratch;
      let p = direct ? direct.used : 0;
      // Long runs are copied natively (set), short ones in a loop: each is faster at its size.
      const head = headAt(level, end);
      buf.set(head, p);
      p = putId(buf, p + head.length, reqId);
      buf.set(fields, p);
      p += fields.length;
      const tenths = Math.round((end - start) * 10);
      p = putInt(buf, p, Math.floor(tenths / 10));
      if (tenths % 10 !== 0) {
        buf[p++] = 46; // "."
        buf[p++] = 48 + (tenths % 10);
      }
      if (userId !== undefined) p = putInt(buf, put(buf, p, USER_ID), userId);
      p = put(buf, p, CLOSE);
      if (direct) direct.commit(p);
      else stream.write(buf.toString("utf8", 0, p));
    },
  };
}
