import { Elysia } from "elysia";
import { timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../http/context";
import { T } from "../shared/text";
import { baseChecks, readiness, type ReadyChecks } from "./health";
import { createLogger, type Logger } from "./logger";
import { metrics as processMetrics } from "./metrics";
import { earlyObserver, requestObserver } from "./requestLog";

const NO_STORE = { "cache-control": "no-store" };

function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The app's logger, and whether anyone reads request observations (one per deps object). */
const observation = new WeakMap<AppDeps, { log: Logger; observe: boolean }>();
function observationOf(deps: AppDeps) {
  let o = observation.get(deps);
  if (!o) {
    const log = deps.logger ?? createLogger(deps.config.ops);
    // Silent log and no scraper: nobody would read the observations, so skip the per-request work.
    o = { log, observe: log.level !== "silent" || !!deps.config.ops.metricsToken };
    observation.set(deps, o);
  }
  return o;
}

/** The observer for requests answered before routing (the page-cache fast path), or null when not observing. */
export function earlyObserverFor(deps: AppDeps) {
  const { log, observe } = observationOf(deps);
  return observe ? earlyObserver(log, processMetrics) : null;
}

/**
 * Operations endpoints and the request observer, mounted first in createApp:
 * `/healthz` (the process serves), `/readyz` (database, migrations and any `checks`
 * passed here, e.g. the public read model's "loaded"), `/metrics` (Prometheus, only with
 * the METRICS_TOKEN bearer; otherwise 404, so the endpoint's existence is not revealed).
 * `readyTimeoutMs` shortens the checks' deadline for tests of a hanging check.
 */
export const ops = (deps: AppDeps, opts: { checks?: ReadyChecks; readyTimeoutMs?: number } = {}) => {
  const { log, observe } = observationOf(deps);
  const metrics = processMetrics;
  const checks = { ...baseChecks(deps.db), ...opts.checks };
  const token = deps.config.ops.metricsToken;
  return new Elysia({ name: "ops" })
    .use(observe ? requestObserver(log, metrics) : new Elysia())
    .get("/healthz", ({ set }) => {
      Object.assign(set.headers, NO_STORE);
      return { status: T.ops.ok };
    })
    .get("/readyz", async ({ set }) => {
      Object.assign(set.headers, NO_STORE);
      const r = await readiness(checks, opts.readyTimeoutMs);
      if (!r.ready) {
        set.status = 503;
        const failed = Object.keys(r.checks).filter((k) => r.checks[k] !== T.ops.ok);
        log.warn({ failed }, "not ready");
        return { status: T.ops.unavailable, failed, checks: r.checks };
      }
      return { status: T.ops.ok, checks: r.checks };
    })
    .get("/metrics", async ({ request, set, status }) => {
      if (!token || !bearerMatches(request.headers.get("authorization"), token)) return status(404, { message: T.validation.notFound });
      Object.assign(set.headers, NO_STORE, { "content-type": metrics.registry.contentType });
      return metrics.registry.metrics();
    });
};
