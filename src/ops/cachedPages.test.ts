// Cached public pages are answered before routing (Bun's fetch handler in the server,
// serveApp; Elysia's first onRequest hook in-process), where Elysia's after-response hooks never run: they must
// still get their request-log line, request id and metrics, and the page cache and the
// read model count their hits, misses and rebuilds.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { desc } from "drizzle-orm";
import { userSessions } from "../../db/schema";
import { createApp, type AppDeps } from "../app";
import { parseConfig } from "../config/appConfig";
import { sessionCookie, testManifest } from "../testing/app";
import { afterResponses, captureLog } from "../testing/log";
import { resetDb, testDb, TEST_NOW, TEST_PASSWORD } from "../testing/db";
import { answerCached } from "../public/fastPath";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../public/publicResponse";
import { listenOptions, serveApp } from "../http/listen";
import { CONTENT_SECURITY_POLICY } from "../http/security";
import { everythingChanged } from "../../db/changes";
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
  const line = (await metrics.registry.metrics()).split("\n").find((l) => l.startsWith(`${series} `));
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
  const answer = answerCached(deps);
  const fresh = answer(new Request(ORIGIN + PAGE))!;
  const own = answer(new Request(ORIGIN + PAGE, { headers: { "x-request-id": "lb-42" } }))!;
  const bad = answer(new Request(ORIGIN + PAGE, { headers: { "x-request-id": "no spaces allowed" } }))!;
  const ids = [fresh, own, bad].map((r) => r.headers.get("x-request-id"));
  expect(ids[1]).toBe("lb-42");
  expect(ids[0]).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  expect(ids[2]).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  expect(ids[0]).not.toBe(ids[2]); // each answer keeps its own id (made from shared headers)
  const lines = await requestLines();
  expect(lines.map((l) => [l.reqId, l.method, l.route, l.status])).toEqual(ids.map((id) => ({ reqId: id })).sort(byId).map(({ reqId }) => [reqId, "GET", "/game/:slug", 200]));
});

describe("through the real server: hits answered in Bun's fetch handler, before Elysia (serveApp)", () => {
  let server: ReturnType<typeof serveApp>;
  let base: string;
  let own: AppDeps;
  /** Requests that reached Elysia (the app's fetch handler). */
  let routed = 0;
  beforeAll(() => {
    own = { ...deps }; // its own read path and caches
    const ownApp = createApp(own);
    const handle = ownApp.fetch;
    Object.defineProperty(ownApp, "fetch", { value: (r: Request) => {
      routed++;
      return handle(r);
    }, configurable: true, writable: true });
    server = serveApp(ownApp, { ...listenOptions({ port: 0, reusePort: false }, "127.0.0.1"), development: false }, answerCached(own));
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.stop(true));

  /** A GET through the server; `hit`: whether Elysia never saw it. Bodies stay as sent (no decompression). */
  async function send(path: string, headers: Record<string, string> = {}) {
    const before = routed;
    const res = await fetch(base + path, { headers, decompress: false });
    const body = new Uint8Array(await res.arrayBuffer());
    return { res, body, hit: routed === before };
  }
  // What a client sees, minus what differs per response.
  const visible = (res: Response) => Object.fromEntries([...res.headers].filter(([k]) => !["date", "x-request-id"].includes(k)));

  test("a hit carries the routed answer's headers and bytes in every coding, its own request id, a log line and a histogram sample", async () => {
    const before = await calendarRequests();
    for (const coding of ["identity", "br", "gzip"]) {
      everythingChanged(); // a new snapshot: the first request is rendered by the app
      const first = await send(PAGE, { "accept-encoding": coding });
      const hit = await send(PAGE, { "accept-encoding": coding, "x-request-id": `lb-${coding}` });
      expect([first.hit, hit.hit]).toEqual([false, true]);
      expect(visible(hit.res)).toEqual(visible(first.res));
      expect(hit.body).toEqual(first.body);
      expect(hit.res.headers.get("content-encoding")).toBe(coding === "identity" ? null : coding);
      expect(hit.res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(hit.res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(hit.res.headers.get("etag")).toMatch(/^"[0-9a-z]+(-br|-gzip)?"$/);
      expect(hit.res.headers.get("x-request-id")).toBe(`lb-${coding}`);
      expect(first.res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    }
    const lines = await requestLines();
    expect(lines.map((l) => [l.reqId, l.method, l.route, l.status]).filter(([id]) => String(id).startsWith("lb-")).sort())
      .toEqual(["br", "gzip", "identity"].map((c) => [`lb-${c}`, "GET", "/game/:slug", 200]));
    expect(lines).toHaveLength(6);
    expect((await calendarRequests()) - before).toBe(6);
  });

  test("a hit logs the route pattern its routed request logged, for every kind of public page", async () => {
    everythingChanged();
    for (const path of ["/", "/category/wow", "/category/wow/mop-raid-calendar?region=US", "/game/mop-raid-calendar?region=US"]) {
      log.lines.length = 0;
      const first = await send(path);
      const hit = await send(path);
      expect([first.hit, hit.hit, first.res.status, hit.res.status]).toEqual([false, true, 200, 200]);
      const lines = await requestLines();
      expect(lines).toHaveLength(2);
      expect(lines[0]!.route).toBe(lines[1]!.route as string);
    }
  });

  test("signed in through the server: the session records the client's address; hits and 304s log the user", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST", headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email: "booster@example.com", password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const [session] = await deps.db.select({ ip: userSessions.ipAddress }).from(userSessions).orderBy(desc(userSessions.id)).limit(1);
    expect(session!.ip).toBe("127.0.0.1"); // the app reads the server's requestIP
    await send(PAGE, { cookie });
    const hit = await send(PAGE, { cookie, "x-request-id": "signed-in-hit" });
    const revalidated = await send(PAGE, { cookie, "x-request-id": "signed-in-304", "if-none-match": hit.res.headers.get("etag")! });
    expect([hit.hit, revalidated.hit, hit.res.status, revalidated.res.status]).toEqual([true, true, 200, 304]);
    expect(hit.res.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(new TextDecoder().decode(hit.body)).toContain("LogoutButton");
    expect(revalidated.res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    const lines = (await requestLines()).filter((l) => String(l.reqId).startsWith("signed-in-"));
    expect(lines.map((l) => [l.reqId, l.route, l.status])).toEqual([["signed-in-304", "/game/:slug", 304], ["signed-in-hit", "/game/:slug", 200]]);
    expect(lines.every((l) => typeof l.userId === "number")).toBe(true);
  });

  test("what the cache does not hold still reaches the app: other methods, other paths", async () => {
    expect((await send("/healthz")).hit).toBe(false);
    const head = await fetch(base + PAGE, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect((await send("/api/games")).hit).toBe(false);
  });
});
