// What may appear in a log line. Request lines carry the route pattern (`/invite/:token`),
// never the raw path; where only a raw path is known, token segments are replaced.

/** Path segments that follow these words are secrets (invitation, registration, reset and alert link tokens). */
const TOKEN_AFTER = /\/(invite|register|reset|accept-invite|validate-invite|complete-profile-with-invite|alerts\/confirm|alerts\/unsubscribe|alerts\/manage)\/[^/?#]+/g;

/** A raw path with token segments replaced and the query string dropped. */
export function safePath(path: string): string {
  return path.replace(/[?#].*$/, "").replace(TOKEN_AFTER, "/$1/{token}");
}

/**
 * Object keys pino blanks out wherever they appear (two levels deep, e.g. `err.config.password`);
 * the audit trail drops the same keys (and the extra ones below) from its recorded changes.
 */
export const SECRET_KEYS = [
  "password", "passwordHash", "password_hash", "confirmPassword", "currentPassword", "newPassword",
  "secret", "secretHash", "secret_hash", "token", "tokenHash", "token_hash", "jwt", "cookie", "cookies",
  "authorization", "set-cookie", "sessionSecret", "webhookUrl", "webhook_url", "databaseUrl", "jwtSecret",
  "clientSecret",
];
export const REDACT_PATHS = [
  ...SECRET_KEYS.map((k) => `["${k}"]`),
  ...SECRET_KEYS.map((k) => `*["${k}"]`),
  ...SECRET_KEYS.map((k) => `*.*["${k}"]`),
];

// A caller-chosen X-Request-Id is echoed and logged, so it must be short and plain.
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

// New ids are this process's random 48-bit prefix and a counter (`3f9c0a1b2c4d-1k7`): unique
// across processes and restarts, and without a random draw per request.
const PREFIX = crypto.randomUUID().slice(0, 13).replace("-", "");
let issued = 0;

/** The incoming request id when it is safe to reuse, otherwise a new one. */
export function requestId(incoming: string | null): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : `${PREFIX}-${(++issued).toString(36)}`;
}

// One id per request, whoever asks first: the request observer (logs) or a handler that
// records an audit event (src/api/audit), so both name the same X-Request-Id.
const idOfRequest = new WeakMap<Request, string>();

/** This request's id, chosen on first ask (see `requestId`) and the same afterwards. */
export function requestIdOf(request: Request): string {
  let id = idOfRequest.get(request);
  if (!id) {
    id = requestId(request.headers.get("x-request-id"));
    idOfRequest.set(request, id);
  }
  return id;
}
