/**
 * "The database cannot be reached right now": a condition the client can do nothing about
 * but retry, so the HTTP layer answers 503 with Retry-After instead of 500.
 */
export class DatabaseUnavailable extends Error {
  constructor(target: string, cause: unknown) {
    super(`Cannot reach the database at ${target}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// postgres.js and Node socket codes for a connection that could not be made or was lost.
const CONNECTION_CODES = new Set([
  "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN",
]);

// SQLSTATEs of a server that refuses or drops sessions: too many connections, admin or crash
// shutdown, "cannot connect now" (starting up, recovery). Class 08 is "connection exception".
const SQLSTATES = new Set(["53300", "57P01", "57P02", "57P03"]);

/**
 * True when `error` (or an error it wraps: drizzle puts the driver's error in `cause`) says
 * the database is unreachable. A FATAL from the server ends the session before any query of
 * ours ran (e.g. 55000 "database is not currently accepting connections"), so it counts too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailable) return true;
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (severity === "FATAL" || severity === "PANIC") return true;
  }
  return false;
}
