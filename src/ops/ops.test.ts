import { openDb } from "../../db/client";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { resetDb, testDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { afterResponses, captureLog } from "../testing/log";
import { parseConfig } from "../config/appConfig";
import { ops } from "./plugin";
import { HEAP_SPACE_METRICS, metrics } from "./metrics";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;
let log: ReturnType<typeof captureLog>;
beforeAll(async () => {
  log = captureLog();
  t = await makeTestApp({ logger: log.logger, env: { METRICS_TOKEN: TOKEN } });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  log.lines.length = 0;
});

/** An app with only the ops plugin and extra readiness checks (answered within 50 ms, not 1.5 s). */
async function opsApp(checks: Record<string, () => unknown>) {
  const { db } = await testDb();
  const config = parseConfig({ NODE_ENV: "test" });
  return new Elysia().use(ops({ db, config, clock: () => new Date(), manifest: {} as never, logger: captureLog().logger }, { checks, readyTimeoutMs: 50 }));
}

describe("health", () => {
  test("/healthz answers 200 {status: ok}, uncached, without a session, logged only at debug", async () => {
    const res = await t.request("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
    const entries = (await log.entries()).filter((e) => e.route === "/healthz");
    expect(entries.map((e) => e.level)).toEqual([20]);
  });

  test("/readyz answers 200 when the database answers, every migration is applied and the read model is loaded", async () => {
    const res = await t.request("GET", "/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", readModel: "ok" } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("/readyz answers 503 naming a failed, a throwing or a hanging check (registered by other parts)", async () => {
    const app = await opsApp({ readModel: () => false, outbox: () => { throw new Error("boom"); }, stuck: () => new Promise(() => {}) });
    const res = await app.handle(new Request("http://localhost/readyz"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "unavailable", failed: ["readModel", "outbox", "stuck"],
      checks: { database: "ok", migrations: "ok", readModel: "failed", outbox: "failed", stuck: "timed out" },
    });
  });
});

describe("request log", () => {
  test("one JSON line per request: id, method, route pattern, status, duration, user id", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    await t.request("GET", "/api/games", { cookie, headers: { "x-request-id": "lb-123.abc_D" } });
    await t.request("GET", "/game/no-such-game/calendar");
    const [mine, anon] = (await log.entries()).filter((e) => e.msg === "request");
    expect(mine).toMatchObject({ level: 30, reqId: "lb-123.abc_D", method: "GET", route: "/api/games", status: 200, userId: expect.any(Number) });
    expect(typeof mine!.ms).toBe("number");
    expect(new Date(mine!.time as string).toString()).not.toBe("Invalid Date");
    expect(anon!.userId).toBeUndefined();
    expect(anon!.route).not.toContain("no-such-game");
  });

  test("the request id is echoed when valid and replaced when not", async () => {
    const ok = await t.request("GET", "/healthz", { headers: { "x-request-id": "abc-123" } });
    expect(ok.headers.get("x-request-id")).toBe("abc-123");
    for (const bad of ["a".repeat(129), "evil\tvalue", "<script>", "a b"]) {
      const res = await t.request("GET", "/healthz", { headers: { "x-request-id": bad } });
      const id = res.headers.get("x-request-id")!;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    }
    const fresh = await t.request("GET", "/healthz");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  test("an unmatched path is logged without its token segments or query", async () => {
    await t.request("GET", "/api/reset/SECRET-TOKEN-123?key=SECRET-QUERY");
    expect(await log.text()).not.toContain("SECRET");
  });
});

describe("metrics", () => {
  const scrape = (auth?: string) => t.request("GET", "/metrics", { headers: auth ? { authorization: auth } : {} });

  test("without the bearer token /metrics is not found", async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape("Bearer wrong-token-0123456789")).status).toBe(404);
    expect((await scrape(TOKEN)).status).toBe(404);
    const unset = await makeTestApp();
    const res = await unset.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  test("with the token: requests by route and status with durations, cache, read model and database counters", async () => {
    await t.request("GET", "/api/games");
    await t.request("GET", "/api/runs/999999", { cookie: await t.cookieFor("admin@example.com") });
    metrics.pageCache.hit();
    metrics.pageCache.miss();
    metrics.readModel.rebuild(12);
    await afterResponses();
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/games",status="200"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/games",status="200"\}/);
    expect(text).toMatch(/page_cache_requests_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/page_cache_requests_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/read_model_rebuild_seconds_count [1-9]/);
    expect(text).toContain("db_query_errors_total");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    // Gathering these walks the heap under Bun, every request waiting (docs/decisions/14-operations.md).
    for (const name of HEAP_SPACE_METRICS) expect(text).not.toContain(name);
  });

  test("database pool use: pool size, open connections and (PostgreSQL) the ones running a statement", async () => {
    // PostgreSQL: a pool of its own with a known size. PGlite: the suite's one database (a
    // second PGlite would cost seconds of start-up on a busy machine for a fixed answer).
    const own = process.env.DATABASE_URL ? await openDb({ databaseUrl: process.env.DATABASE_URL, max: 4 }) : null;
    const handle = own ?? (await testDb());
    try {
      metrics.db.setPool(handle.pool);
      if (handle.kind === "postgres") {
        // Two statements in flight while the scrape reads the pool.
        const sleeping = Promise.all([handle.db.execute(sql`select pg_sleep(0.5)`), handle.db.execute(sql`select pg_sleep(0.5)`)]);
        await Bun.sleep(150);
        const text = await (await scrape(`Bearer ${TOKEN}`)).text();
        await sleeping;
        expect(text).toContain('db_pool_connections{state="max"} 4');
        expect(Number(text.match(/db_pool_connections\{state="open"\} (\d+)/)![1])).toBeGreaterThanOrEqual(2);
        expect(Number(text.match(/db_pool_connections\{state="busy"\} (\d+)/)![1])).toBe(2);
      } else {
        const text = await (await scrape(`Bearer ${TOKEN}`)).text();
        expect(text).toContain('db_pool_connections{state="max"} 1');
        expect(text).toContain('db_pool_connections{state="open"} 1');
      }
    } finally {
      await own?.close();
    }
  });
});
