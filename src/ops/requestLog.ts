import { Elysia } from "elysia";
import { LabelMemo } from "./labelMemo";
import { requestLines, type LineFields, type Logger } from "./logger";
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

/** What a request's method, route and status decide, looked up once per request: its line's fields, histogram series and level. */
type Kind = { fields: LineFields; sample: (seconds: number) => void; level: 20 | 30 };

/**
 * Writes one request's log line (probes at debug) and histogram sample. `isMatched`: `route`
 * is the route pattern; otherwise it is a raw path (tokens redacted), counted under the route
 * label "unmatched" (bounded label values).
 */
function recorder(logger: Logger, metrics: Metrics) {
  const lines = requestLines(logger);
  const kinds = (metricRoute?: string) =>
    new LabelMemo<Kind>((method, route, status) => ({
      fields: lines.fields(method, route, status),
      sample: metrics.http.series(method, metricRoute ?? route, status),
      level: QUIET_ROUTES.has(route) ? 20 : 30,
    }));
  const matched = kinds();
  const unmatched = kinds("unmatched");
  /** `start`: performance.now() when the request arrived. */
  return (reqId: string, method: string, route: string, isMatched: boolean, status: number, start: number, userId?: number) => {
    const end = performance.now();
    const kind = (isMatched ? matched : unmatched).get(method, route, status);
    kind.sample((end - start) / 1000);
    lines.write(kind.level, reqId, kind.fields, start, end, userId);
  };
}

/** A response answered before routing (the page cache's fast path), with its route pattern and X-Request-Id. */
export type EarlyAnswer = { response: Response; route: string; userId?: number; reqId?: string };

/**
 * Observes a request answered outside Elysia's lifecycle, where the observer's
 * after-response hook never runs: the same log line and metrics. The answer was made with
 * its request id, chosen by the same rule (`requestId`), as its X-Request-Id.
 */
export const earlyObserver = (logger: Logger, metrics: Metrics) => {
  const record = recorder(logger, metrics);
  return (request: Request, at: number, answer: EarlyAnswer): Response => {
    record(answer.reqId!, request.method, answer.route, true, answer.response.status, at, answer.userId);
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
      record(s.id, ctx.request.method, route, !!ctx.route, status, s.at, viewer?.id);
    });
};
