// The page cache as a client sees it: canonical keys, encodings, strong ETags and 304s,
// hits that need no database, and a bound that junk query strings cannot push past.
import { beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../app";
import type { Db } from "../../db/client";
import { parseConfig } from "../config/appConfig";
import { resetDb, TEST_NOW } from "../testing/db";
import { ORIGIN, sessionCookie, testManifest } from "../testing/app";
import { everythingChanged } from "../../db/changes";
import { PageCache, TargetKeys, cachedPage } from "./pageCache";
import { readPath } from "../readModel/readPath";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../public/publicResponse";

let db: Db;
let dbDown = false;
let app: ReturnType<typeof createApp>;
let deps: Parameters<typeof createApp>[0];

beforeAll(async () => {
  const h = await resetDb();
  everythingChanged();
  // The app's database refuses every query while `dbDown` is set.
  db = new Proxy(h.db, {
    get(target, prop, receiver) {
      if (dbDown) throw new Error(`database touched: ${String(prop)}`);
      return Reflect.get(target, prop, receiver);
    },
  });
  deps = { db, config: parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN }), clock: () => TEST_NOW, manifest: await testManifest() };
  app = createApp(deps);
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(ORIGIN + path, { headers }));

describe("anonymous pages", () => {
  test("?region=EU, ?junk=1 and the bare path are one cache entry with one ETag", async () => {
    const cache = readPath(deps).pages;
    const bare = await get("/game/mop-raid-calendar");
    const size = cache.size;
    const same = ["/game/mop-raid-calendar?region=EU", "/game/mop-raid-calendar?junk=1", "/game/mop-raid-calendar?region=XX&tz=CET"];
    for (const path of same) {
      const res = await get(path);
      expect(res.headers.get("etag")).toBe(bare.headers.get("etag"));
      expect(await res.text()).toBe(await (await get("/game/mop-raid-calendar")).text());
    }
    expect(cache.size).toBe(size);
    const us = await get("/game/mop-raid-calendar?region=US");
    expect(us.headers.get("etag")).not.toBe(bare.headers.get("etag"));
    expect(cache.size).toBe(size + 1);
  });

  test("a hit is served without the database; brotli, gzip and plain bodies carry strong ETags and answer 304", async () => {
    await get("/");
    dbDown = true;
    try {
      const plain = await get("/");
      const br = await get("/", { "accept-encoding": "br, gzip" });
      const gz = await get("/", { "accept-encoding": "gzip" });
      expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200]);
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(plain.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
      const etags = [plain, br, gz].map((r) => r.headers.get("etag")!);
      for (const e of etags) expect(e).toMatch(/^"[^"]+"$/); // strong: no W/
      expect(new Set(etags).size).toBe(3);
      const text = await plain.text();
      expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(text);
      const again = await get("/", { "accept-encoding": "br, gzip", "if-none-match": etags[1]! });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etags[1]!);
    } finally {
      dbDown = false;
    }
  });
});

describe("the bound", () => {
  test("the LRU keeps within its entry and byte limits, evicting the least recently used", () => {
    const cache = new PageCache({ maxEntries: 3, maxBytes: 10_000 });
    const page = (n: number) => cachedPage("x".repeat(n));
    cache.set(1, "a", page(100));
    cache.set(1, "b", page(100));
    cache.set(1, "c", page(100));
    cache.get(1, "a"); // a is now the most recent
    cache.set(1, "d", page(100));
    expect(cache.get(1, "b")).toBeUndefined();
    expect(cache.get(1, "a")).toBeDefined();
    expect(cache.size).toBe(3);
    cache.set(1, "big", page(9_800));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // A newer snapshot empties the cache; an older one cannot write into it.
    cache.set(2, "e", page(10));
    expect(cache.get(2, "big")).toBeUndefined();
    cache.set(1, "old", page(10));
    expect(cache.get(2, "old")).toBeUndefined();
  });

  test("thousands of distinct junk query strings do not grow the cache", async () => {
    const cache = readPath(deps).pages;
    await get("/game/mop-raid-calendar");
    const { size, bytes } = cache;
    for (let i = 0; i < 2_000; i++) await get(`/game/mop-raid-calendar?junk=${i}&x${i}=${i}`);
    expect(cache.size).toBe(size);
    expect(cache.bytes).toBe(bytes);
  });
});

describe("review findings", () => {
  test("If-None-Match: a list, '*' and the weak form revalidate; a different tag that merely extends ours does not", async () => {
    const etag = (await get("/")).headers.get("etag")!;
    const status = async (inm: string) => (await get("/", { "if-none-match": inm })).status;
    expect(await status(`${etag.slice(0, -1)}zzzz"`)).toBe(200);
    expect(await status(`${etag.slice(0, -1)}-brx"`)).toBe(200);
    expect(await status("*")).toBe(304);
    expect(await status(`W/${etag}`)).toBe(304);
    expect(await status(`"other", ${etag}`)).toBe(304);
    expect(await status(`"other" ,W/${etag.slice(0, -1)}-gzip"`)).toBe(304);
  });

  test("3,000 requests with 15 KB junk query strings leave the remembered targets small, and the real page's target stays", async () => {
    const keys = readPath(deps).keys;
    await get("/game/mop-raid-calendar");
    const junk = "x".repeat(15_000);
    for (let i = 0; i < 3_000; i++) await get(`/game/mop-raid-calendar?${i}=${junk}`);
    await get("/game/mop-raid-calendar");
    let chars = 0;
    for (const [target, key] of (keys as unknown as { map: Map<string, string> }).map) chars += target.length + key.length;
    expect(chars).toBeLessThan(1024 * 1024);
    expect(keys.get(readPath(deps).model.current()!.id, "/game/mop-raid-calendar")).toBeDefined();
  }, 120_000);

  test("a flood of short distinct targets evicts the oldest ones, not the target in use", () => {
    const keys = new TargetKeys(20_000);
    keys.remember(1, "/", "/");
    for (let i = 0; i < 5_000; i++) {
      keys.remember(1, `/?junk=${i}`, "/");
      expect(keys.get(1, "/")).toBe("/");
    }
    expect(keys.bytes).toBeLessThanOrEqual(20_000);
  });

  test("the cache's byte count covers everything an entry holds (bodies, codings, the signed-in template)", async () => {
    const cookie = await sessionCookie(db, deps.config, "booster@example.com");
    await get("/game/mop-raid-calendar?region=US", { "accept-encoding": "br" });
    await get("/game/mop-raid-calendar?region=US", { "accept-encoding": "gzip", cookie });
    const pages = readPath(deps).pages as unknown as { map: Map<string, Record<string, any>>; bytes: number };
    let held = 0;
    for (const [key, e] of pages.map) {
      held += key.length + e.plain.byteLength + Object.values(e.blobs as Record<string, Blob>).reduce((n, b) => n + b.size, 0);
      if (e.template) held += e.template.before.length + e.template.after.length;
    }
    expect(pages.bytes).toBeGreaterThanOrEqual(held);
  });

  test("a cookie whose name merely ends in runboard_session does not hide the real session (first and repeat request)", async () => {
    const cookie = `xrunboard_session=1; ${await sessionCookie(db, deps.config, "booster@example.com")}`;
    for (let i = 0; i < 2; i++) {
      const res = await get("/game/mop-raid-calendar", { cookie });
      expect(res.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
      expect(await res.text()).toContain("LogoutButton");
    }
  });
});

describe("database outage", () => {
  test("a stale model with the database down serves the last snapshot's page instead of an error", async () => {
    const before = await (await get("/game/mop-raid-calendar")).text();
    everythingChanged(); // the model is stale: the next request would rebuild
    dbDown = true;
    try {
      const res = await get("/game/mop-raid-calendar");
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(before);
    } finally {
      dbDown = false;
    }
  });
});
