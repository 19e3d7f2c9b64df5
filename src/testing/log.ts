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
