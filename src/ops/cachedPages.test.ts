// Cached public pages are answered before routing (Elysia's onRequest in-process, Bun's
// fetch handler in server.ts), where Elysia's after-response hooks never run: they must
// still get their request-log line, request id and metrics, and the page cache and the
// read model count their hits, misses and rebuilds.
import { beforeAll, beforeEach, expect, test } from "bun:test";
import { createApp, type AppDeps } from "../app";
import { parseConfig } from "../config";
import { sessionCookie, testManifest } from "../testing/app";
import { afterResponses, captureLog } from "../testing/log";
import { resetDb, testDb, TEST_NOW } from "../testing/db";
import { answerCached } from "../public/fastPath";
import { everythingChanged } from "../public/feed";
import { metrics } from "./metrics";

const ORIGIN = "http://localhost:3000";
const PAGE = "/game/mop-raid-calendar";
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
let log: ReturnType<typeof captureLog>;
beforeAll(async () => {
  await resetDb();
  log = captureLog();
  const config = parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN, METRICS_TOKEN: "metrics-token-0123456789" });
  deps = { db: (await testDb()).db, config, clock: () => TEST_NOW, manifest: await testManifest(), logger: log.logger };
  app = createApp(deps);
}, 60_000);
beforeEach(async () => {
  await afterResponses();
  log.lines.length = 0;
});

const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(ORIGIN + path, { headers }));
// A routed request is logged after its response; a cached one at once: compare in id order.
const byId = (a: { reqId?: unknown }, b: { reqId?: unknown }) => String(a.reqId).localeCompare(String(b.reqId));
const requestLines = async () => (await log.entries()).filter((e) => e.msg === "request").sort(byId);

/** One sample of the registry, e.g. `page_cache_requests_total{result="hit"}` (0 when absent). */
async function sample(series: string): Promise<number> {
  const line = (await metrics.registry.metrics()).split("\n").find((l) => l.startsWith(series + " "));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const calendarRequests = () => sample(`http_request_duration_seconds_count{method="GET",route="/game/:slug",status="200"}`);

test("every cached-page answer gets a log line with route pattern, status, duration and the request id it returns", async () => {
  const before = await calendarRequests();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await get(PAGE, i === 2 ? { "x-request-id": "from-the-balancer-1" } : {});
    expect(res.status).toBe(200);
    ids.push(res.headers.get("x-request-id")!);
  }
  expect(ids[2]).toBe("from-the-balancer-1");
  const lines = await requestLines();
  expect(lines.map((l) => [l.reqId, l.route, l.status])).toEqual(ids.map((id) => ({ reqId: id })).sort(byId).map(({ reqId }) => [reqId, "/game/:slug", 200]));
  for (const l of lines) expect(l.ms).toBeNumber();
  expect((await calendarRequests()) - before).toBe(3);
});

test("a run page's cached hits are logged under its route pattern", async () => {
  const [run] = (await (await get("/api/runs")).json()) as { displayId: string }[];
  await afterResponses();
  log.lines.length = 0;
  for (let i = 0; i < 2; i++) expect((await get(`/runs/${run!.displayId}`)).status).toBe(200);
  const lines = await requestLines();
  expect(lines.map((l) => [l.route, l.status])).toEqual([["/runs/:displayId", 200], ["/runs/:displayId", 200]]);
});

test("a signed-in hit logs the user; a revalidation logs its 304", async () => {
  const cookie = await sessionCookie(deps.db, deps.config, "booster@example.com", TEST_NOW);
  await get("/", { cookie });
  const again = await get("/", { cookie });
  const notModified = await get("/", { cookie, "if-none-match": again.headers.get("etag")! });
  expect(notModified.status).toBe(304);
  const lines = await requestLines();
  expect(lines.map((l) => [l.route, l.status]).sort()).toEqual([["/", 200], ["/", 200], ["/", 304]]);
  expect(lines[0]!.userId).toBeNumber();
  expect(lines.map((l) => l.userId)).toEqual([lines[0]!.userId, lines[0]!.userId, lines[0]!.userId]);
});

test("page-cache hits and misses and read-model rebuilds (count and duration) are counted", async () => {
  const hits = await sample(`page_cache_requests_total{result="hit"}`);
  const misses = await sample(`page_cache_requests_total{result="miss"}`);
  const rebuilds = await sample("read_model_rebuild_seconds_count");
  const rebuildTime = await sample("read_model_rebuild_seconds_sum");
  // A change makes the model stale: one rebuild, one miss (the render), then two hits.
  everythingChanged();
  for (let i = 0; i < 3; i++) expect((await get(PAGE)).status).toBe(200);
  expect((await sample(`page_cache_requests_total{result="miss"}`)) - misses).toBe(1);
  expect((await sample(`page_cache_requests_total{result="hit"}`)) - hits).toBe(2);
  expect((await sample("read_model_rebuild_seconds_count")) - rebuilds).toBe(1);
  expect(await sample("read_model_rebuild_seconds_sum")).toBeGreaterThan(rebuildTime);
});

test("server.ts's fetch-handler path gives a request a new id (or its valid own), returns and logs it", async () => {
  await get(PAGE);
  await afterResponses();
  log.lines.length = 0;
  const answer = answerCached(deps, {});
  const fresh = answer(new Request(ORIGIN + PAGE))!;
  const own = answer(new Request(ORIGIN + PAGE, { headers: { "x-request-id": "lb-42" } }))!;
  const bad = answer(new Request(ORIGIN + PAGE, { headers: { "x-request-id": "no spaces allowed" } }))!;
  const ids = [fresh, own, bad].map((r) => r.headers.get("x-request-id"));
  expect(ids[1]).toBe("lb-42");
  expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
  const lines = await requestLines();
  expect(lines.map((l) => [l.reqId, l.method, l.route, l.status])).toEqual(ids.map((id) => ({ reqId: id })).sort(byId).map(({ reqId }) => [reqId, "GET", "/game/:slug", 200]));
});
