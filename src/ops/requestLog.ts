import { Elysia } from "elysia";
import { requestLogger, type Logger } from "./logger";
import type { Metrics } from "./metrics";
import { requestId, safePath } from "./redact";

// Probes and scrapes arrive every few seconds: they are logged at debug, not info.
const QUIET_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);

/** Names of errors thrown by postgres.js, PGlite and drizzle for a failed query or connection. */
const DB_ERRORS = new Set(["PostgresError", "DrizzleQueryError", "DatabaseError", "DatabaseUnavailable"]);
export function isDatabaseError(err: unknown): boolean {
  for (let e = err as { name?: string; code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (DB_ERRORS.has(e.name ?? "") || e.code === "ECONNREFUSED" || e.code === "CONNECT_TIMEOUT") return true;
  }
  return false;
}

type Started = { id: string; at: number };

function statusOf(response: unknown, setStatus: unknown): number {
  if (response instanceof Response) return response.status;
  return typeof setStatus === "number" ? setStatus : 200;
}

/**
 * One log line and one histogram sample per request: request id (from a valid incoming
 * X-Request-Id or new, echoed in the response), method, route pattern, status, duration
 * and the signed-in user's id. Register it before the routes it should observe.
 */
export const requestObserver = (logger: Logger, metrics: Metrics) => {
  const log = requestLogger(logger);
  const started = new WeakMap<Request, Started>();
  return new Elysia({ name: "request-observer" })
    // onRequest hooks run for every request of the app, before routing.
    .onRequest(({ request, set }) => {
      const id = requestId(request.headers.get("x-request-id"));
      started.set(request, { id, at: performance.now() });
      set.headers["x-request-id"] = id;
    })
    .onError({ as: "global" }, ({ error }) => {
      if (isDatabaseError(error)) metrics.db.queryError();
    })
    .onAfterResponse({ as: "global" }, (ctx) => {
      const s = started.get(ctx.request);
      if (!s) return;
      const ms = Math.round((performance.now() - s.at) * 10) / 10;
      // An unmatched path has no pattern: log it with its tokens redacted.
      const route = ctx.route || safePath(ctx.path);
      const status = statusOf(ctx.responseValue, ctx.set.status);
      metrics.http.observe(ctx.request.method, ctx.route || "unmatched", status, ms);
      const viewer = (ctx as { viewer?: { id: number } | null }).viewer;
      const line = { reqId: s.id, method: ctx.request.method, route, status, ms, userId: viewer?.id };
      if (QUIET_ROUTES.has(route)) log.debug(line, "request");
      else log.info(line, "request");
    });
};
