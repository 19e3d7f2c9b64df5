import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus registry and the few instruments the app updates. Other parts
 * import `metrics` and call e.g. `metrics.pageCache.hit()` or `metrics.readModel.rebuild(ms)`;
 * `GET /metrics` (src/ops/plugin.ts) renders the registry.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status, with their duration",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const series = new Map<string, { observe(v: number): void }>();
  const cache = new Counter({ name: "page_cache_requests_total", help: "Page cache lookups by result", labelNames: ["result"] as const, registers: [registry] });
  const rebuilds = new Histogram({
    name: "read_model_rebuild_seconds", help: "Public read model rebuilds and their duration",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry],
  });
  const dbErrors = new Counter({ name: "db_query_errors_total", help: "Database queries that failed", registers: [registry] });
  const bookings = new Counter({
    name: "booking_redirects_total", help: "Booking redirects (/go) by outcome: counted, repeat (same visitor this hour), skipped (bot, HEAD, prefetch, run not offered)",
    labelNames: ["result"] as const, registers: [registry],
  });
  const outbox = new Gauge({ name: "announcement_outbox_backlog", help: "Announcements waiting to be sent", registers: [registry] });
  return {
    registry,
    http: {
      observe(method: string, route: string, status: number, ms: number) {
        // One labelled child per method/route/status, found by a plain string: prom-client
        // would otherwise hash the label object on every request.
        const key = `${method} ${status} ${route}`;
        let child = series.get(key);
        if (!child) series.set(key, (child = requests.labels({ method, route, status: String(status) })));
        child.observe(ms / 1000);
      },
    },
    // Bound label children: a hit is counted on the fastest path the server has.
    pageCache: { hit: bound(cache.labels({ result: "hit" })), miss: bound(cache.labels({ result: "miss" })) },
    readModel: { rebuild: (ms: number) => rebuilds.observe(ms / 1000) },
    db: { queryError: () => dbErrors.inc() },
    outbox: { backlog: (n: number) => outbox.set(n) },
    bookings: { counted: bound(bookings.labels({ result: "counted" })), repeat: bound(bookings.labels({ result: "repeat" })), skipped: bound(bookings.labels({ result: "skipped" })) },
  };
}

function bound(child: { inc(): void }) {
  return () => child.inc();
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The one registry of this process. */
export const metrics = createMetrics();
