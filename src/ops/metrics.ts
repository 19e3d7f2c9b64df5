import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PoolUse } from "../../db/client";
import { LabelMemo } from "./labelMemo";

type Labels = Record<string, string>;
type Series = { labels: Labels; counts: number[]; sum: number; count: number };

/**
 * A histogram whose label sets are bound once: an observation is a bucket search and three
 * additions, where prom-client's Histogram validates and hashes the label object on every
 * observation, children included (docs/decisions/14-operations.md). Registered in a
 * prom-client registry, it renders exactly as prom-client's Histogram does (a test compares
 * the text).
 */
export class BoundHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private series: Series[] = [];

  constructor(readonly name: string, readonly help: string, private buckets: readonly number[], registry: Registry) {
    registry.registerMetric(this as never);
  }

  /** The observe function of one label set (bind each set once, e.g. in a map). */
  bind(labels: Labels): (value: number) => void {
    const s: Series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.series.push(s);
    const bounds = this.buckets;
    return (value) => {
      s.sum += value;
      s.count++;
      for (let i = 0; i < bounds.length; i++) {
        if (value <= bounds[i]!) {
          s.counts[i]!++;
          break;
        }
      }
    };
  }

  /** What the registry renders: prom-client's own shape (cumulative buckets, +Inf, sum, count). */
  getForPromString() {
    type Value = { labels: Record<string, string | number>; sharedLabels: Labels; value: number; metricName: string; exemplar?: null };
    const values: Value[] = [];
    for (const s of this.series) {
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += s.counts[i]!;
        values.push({ labels: { le }, sharedLabels: s.labels, value: acc, metricName: `${this.name}_bucket`, exemplar: null });
      });
      values.push(
        { labels: { le: "+Inf" }, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_bucket`, exemplar: null },
        { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (registry.getMetricsAsJSON), labels merged as prom-client's get() does. */
  get() {
    const data = this.getForPromString();
    return { ...data, values: data.values.map(({ labels, sharedLabels, ...v }) => ({ ...v, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    for (const s of this.series) {
      s.counts.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}

/** prom-client's default per-heap-space gauges, which we leave out (see createMetrics). */
export const HEAP_SPACE_METRICS = [
  "nodejs_heap_space_size_total_bytes", "nodejs_heap_space_size_used_bytes", "nodejs_heap_space_size_available_bytes",
] as const;

/**
 * The process's Prometheus registry and the few instruments the app updates. Other parts
 * import `metrics` and call e.g. `metrics.pageCache.hit()` or `metrics.readModel.rebuild(ms)`;
 * `GET /metrics` (src/ops/plugin.ts) renders the registry.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Under Bun, v8.getHeapSpaceStatistics() walks the whole heap, and every request waits for
  // it on each scrape (docs/decisions/14-operations.md). The heap totals stay (process.memoryUsage).
  for (const name of HEAP_SPACE_METRICS) registry.removeSingleMetric(name);
  const requests = new BoundHistogram(
    "http_request_duration_seconds", "HTTP requests by method, route pattern and status, with their duration",
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registry,
  );
  // One bound series per method/status/route. Route patterns are few; a raw path is never a label.
  const series = new LabelMemo((method, route, status) => requests.bind({ method, route, status: String(status) }), Number.POSITIVE_INFINITY);
  // Page-cache lookups are counted in plain numbers on the hot path and handed to
  // prom-client when it renders: its inc() hashes the labels on every call.
  const lookups = { hit: 0, miss: 0 };
  new Counter({
    name: "page_cache_requests_total", help: "Page cache lookups by result", labelNames: ["result"] as const, registers: [registry],
    collect() {
      for (const result of ["hit", "miss"] as const) {
        if (lookups[result]) this.inc({ result }, lookups[result]);
        lookups[result] = 0;
      }
    },
  });
  const rebuilds = new Histogram({
    name: "read_model_rebuild_seconds", help: "Public read model rebuilds and their duration",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry],
  });
  const dbErrors = new Counter({ name: "db_query_errors_total", help: "Database queries that failed", registers: [registry] });
  const bookings = new Counter({
    name: "booking_redirects_total", help: "Booking redirects (/go) by outcome: counted, repeat (same address and run this hour), limited (past the address's hourly share), skipped (bot, HEAD, prefetch, run not offered)",
    labelNames: ["result"] as const, registers: [registry],
  });
  // Read at scrape time from the database the outbox channels use (setSource, one per
  // channel); the outboxes are shared, so every process of a WORKERS=N server reports the same numbers.
  const backlogSources = new Map<string, () => Promise<{ waiting: number; failed: number }>>();
  const readBacklogs = async () => {
    const out: [string, { waiting: number; failed: number }][] = [];
    for (const [channel, source] of backlogSources) {
      const b = await source().catch(() => null); // database down: /readyz says so
      if (b) out.push([channel, b]);
    }
    return out;
  };
  new Gauge({
    name: "outbox_backlog", help: "Undelivered outbox rows per channel (discord, mail, …): waiting (to be sent or retried) and failed (out of attempts, or refused for good)",
    labelNames: ["channel", "state"] as const, registers: [registry],
    async collect() {
      this.reset();
      for (const [channel, b] of await readBacklogs()) {
        this.set({ channel, state: "waiting" }, b.waiting);
        this.set({ channel, state: "failed" }, b.failed);
      }
    },
  });
  const outboxDeliveries = new Counter({
    name: "outbox_deliveries_total", help: "Outbox delivery attempts per channel by outcome: delivered, retry (failed, will retry), rate_limited (waits as told), given_up",
    labelNames: ["channel", "outcome"] as const, registers: [registry],
  });
  // The announcement series predate the channels and stay for existing dashboards: the discord channel's numbers.
  new Gauge({
    name: "announcement_outbox_backlog", help: "Undelivered announcements: waiting (to be sent or retried) and given_up (out of attempts, or no webhook)",
    labelNames: ["state"] as const, registers: [registry],
    async collect() {
      this.reset();
      const source = backlogSources.get("discord");
      const b = source ? await source().catch(() => null) : null;
      if (!b) return;
      this.set({ state: "waiting" }, b.waiting);
      this.set({ state: "given_up" }, b.failed);
    },
  });
  const deliveries = new Counter({
    name: "announcement_deliveries_total", help: "Announcement POSTs by outcome: delivered, retry (failed, will retry), rate_limited (429, waits as told), given_up",
    labelNames: ["outcome"] as const, registers: [registry],
  });
  // Read at scrape time from the database handle the server sets (setPool).
  let poolUse: (() => Promise<PoolUse>) | null = null;
  new Gauge({
    name: "db_pool_connections", help: "Database connections of this process: pool size (max), open, and busy running a statement",
    labelNames: ["state"] as const, registers: [registry],
    async collect() {
      this.reset();
      if (!poolUse) return;
      const use = await poolUse().catch(() => null); // database down: /readyz says so; the scrape still answers
      if (!use) return;
      this.set({ state: "max" }, use.max);
      this.set({ state: "open" }, use.open);
      if (use.busy !== null) this.set({ state: "busy" }, use.busy);
    },
  });
  return {
    registry,
    http: {
      /** The observe function (seconds) of one method, route pattern and status: look it up once, then call it per request. */
      series: (method: string, route: string, status: number) => series.get(method, route, status),
    },
    pageCache: { hit: () => void lookups.hit++, miss: () => void lookups.miss++ },
    readModel: { rebuild: (ms: number) => rebuilds.observe(ms / 1000) },
    db: { queryError: () => dbErrors.inc(), setPool: (probe: () => Promise<PoolUse>) => { poolUse = probe; } },
    outbox: {
      /** The channel's backlog, read at scrape time; answers the function that removes this source again. */
      setSource: (channel: string, source: () => Promise<{ waiting: number; failed: number }>) => {
        backlogSources.set(channel, source);
        return () => {
          if (backlogSources.get(channel) === source) backlogSources.delete(channel);
        };
      },
      delivery: (channel: string, outcome: "delivered" | "retry" | "rate_limited" | "given_up") => {
        outboxDeliveries.inc({ channel, outcome });
        if (channel === "discord") deliveries.inc({ outcome });
      },
    },
    bookings: { counted: bound(bookings.labels({ result: "counted" })), repeat: bound(bookings.labels({ result: "repeat" })), limited: bound(bookings.labels({ result: "limited" })), skipped: bound(bookings.labels({ result: "skipped" })) },
  };
}

function bound(child: { inc(): void }) {
  return () => child.inc();
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The one registry of this process. */
export const metrics = createMetrics();
