// SQLSTATEs PostgreSQL answers when a value itself is unacceptable: 22021 a byte sequence
// that is not text (NUL), 22P02 text that is not a valid number, date or JSON (a lone
// surrogate in jsonb), 22P05 a character JSON cannot hold (\u0000 in jsonb). Behind the
// field rules they can only come from a request's input.
const SQLSTATES = new Set(["22021", "22P02", "22P05"]);

/**
 * True when `error` (or an error it wraps: drizzle puts the driver's error in `cause`) is
 * PostgreSQL refusing a value. postgres.js and PGlite both carry the SQLSTATE in `code`.
 */
export function isRefusedInput(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && SQLSTATES.has(code)) return true;
  }
  return false;
}
