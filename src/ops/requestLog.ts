import { Elysia } from "elysia";
import { requestLines, type Logger, type RequestLine } from "./logger";
import type { Metrics } from "./metrics";
import { requestIdOf, safePath } from "./redact";

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

/** Writes one request's log line (probes at debug) and histogram sample; `metricRoute` is the pattern or "unmatched" (bounded label values). */
function recorder(logger: Logger, metrics: Metrics) {
  const log = requestLines(logger);
  return (line: RequestLine, metricRoute: string) => {
    metrics.http.observe(line.method, metricRoute, line.status, line.ms);
    if (QUIET_ROUTES.has(line.route)) log.debug(line);
    else log.info(line);
  };
}

const elapsed = (at: number) => Math.round((performance.now() - at) * 10) / 10;

/** A response answered before routing (the page cache's fast path), with its route pattern. */
export type EarlyAnswer = { response: Response; route: string; userId?: number };

/**
 * Observes a request answered outside Elysia's lifecycle, where the observer's
 * after-response hook never runs: the same log line and metrics. The caller chose `reqId` by
 * the same rule (`requestId`) and made the response with it as its X-Request-Id.
 */
export const earlyObserver = (logger: Logger, metrics: Metrics) => {
  const record = recorder(logger, metrics);
  return (request: Request, at: number, answer: EarlyAnswer, reqId: string): Response => {
    const { status } = answer.response;
    record({ reqId, method: request.method, route: answer.route, status, ms: elapsed(at), userId: answer.userId }, answer.route);
    return answer.response;
  };
};

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
  const record = recorder(logger, metrics);
  const started = new WeakMap<Request, Started>();
  return new Elysia({ name: "request-observer" })
    // onRequest hooks run for every request of the app, before routing.
    .onRequest(({ request, set }) => {
      const id = requestIdOf(request);
      started.set(request, { id, at: performance.now() });
      set.headers["x-request-id"] = id;
    })
    .onError({ as: "global" }, ({ error }) => {
      if (isDatabaseError(error)) metrics.db.queryError();
    })
    .onAfterResponse({ as: "global" }, (ctx) => {
      const s = started.get(ctx.request);
      if (!s) return;
      // An unmatched path has no pattern: log it with its tokens redacted.
      const route = ctx.route || safePath(ctx.path);
      const status = statusOf(ctx.responseValue, ctx.set.status);
      const viewer = (ctx as { viewer?: { id: number } | null }).viewer;
      record({ reqId: s.id, method: ctx.request.method, route, status, ms: elapsed(s.at), userId: viewer?.id }, ctx.route || "unmatched");
    });
};
