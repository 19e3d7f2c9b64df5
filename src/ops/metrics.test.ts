// The request histogram is our own BoundHistogram (prom-client's hashes labels on every
// observation): a scraper must not see any difference.
import { expect, test } from "bun:test";
import { Histogram, Registry } from "prom-client";
import { BoundHistogram, createMetrics } from "./metrics";

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const OBSERVED: [Record<string, string>, number][] = [
  [{ method: "GET", route: "/game/:slug", status: "200" }, 0.0004],
  [{ method: "POST", route: "/api/runs", status: "201" }, 0.03],
  [{ method: "GET", route: "/game/:slug", status: "200" }, 0.005],
  [{ method: "GET", route: "/game/:slug", status: "200" }, 7],
  [{ method: "GET", route: 'odd "route"\\', status: "404" }, 0.2],
];

test("BoundHistogram renders exactly what prom-client's Histogram renders for the same observations", async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const bound = new BoundHistogram("h_seconds", "help text", BUCKETS, ours);
  const reference = new Histogram({ name: "h_seconds", help: "help text", labelNames: ["method", "route", "status"], buckets: BUCKETS, registers: [theirs] });
  const observers = new Map<string, (v: number) => void>();
  for (const [labels, value] of OBSERVED) {
    const key = JSON.stringify(labels);
    if (!observers.has(key)) observers.set(key, bound.bind(labels));
    observers.get(key)!(value);
    reference.observe(labels, value);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  const json = async (r: Registry) => JSON.parse(JSON.stringify(await r.getMetricsAsJSON()));
  expect(await json(ours)).toEqual(await json(theirs));
  ours.resetMetrics();
  theirs.resetMetrics();
  expect((await ours.metrics()).match(/_count\{[^}]*\} (\d+)/g)!.every((l) => l.endsWith(" 0"))).toBe(true);
});

test("page-cache lookups counted on the hot path show in the scrape, added up across scrapes", async () => {
  const m = createMetrics();
  const sample = async (result: string) => Number(new RegExp(`page_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(await m.registry.metrics())?.[1] ?? 0);
  expect(await m.registry.metrics()).not.toContain("page_cache_requests_total{");
  for (let i = 0; i < 3; i++) m.pageCache.hit();
  m.pageCache.miss();
  expect([await sample("hit"), await sample("miss")]).toEqual([3, 1]);
  m.pageCache.hit();
  expect([await sample("hit"), await sample("miss")]).toEqual([4, 1]);
});
