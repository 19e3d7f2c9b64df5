import { afterEach, beforeEach } from "bun:test";
import { createLogger } from "../ops/logger";

/** Elysia runs after-response hooks (the request log) on setImmediate: let them run. */
export async function afterResponses(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

/** A JSON logger at `debug` whose lines a test reads back (`lines`, `entries()`). */
export function captureLog() {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: "debug", prettyLogs: false, shutdownGraceMs: 0 }, { write: (s: string) => lines.push(s) });
  return {
    logger, lines,
    async entries() {
      await afterResponses();
      return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    async text() {
      await afterResponses();
      return lines.join("");
    },
  };
}

/**
 * For the describe block it is called in: `console.error` lines (an unexpected error's log)
 * are collected in `lines`, emptied before each test, and console.error is restored after.
 */
export function captureConsoleErrors(): { lines: string[] } {
  const captured = { lines: [] as string[] };
  const keep = console.error;
  beforeEach(() => {
    captured.lines = [];
    console.error = (...args: unknown[]) => { captured.lines.push(args.map(String).join(" ")); };
  });
  afterEach(() => { console.error = keep; });
  return captured;
}
