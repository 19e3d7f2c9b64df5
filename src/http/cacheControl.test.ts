// No API answer is kept by a cache. Every /api route (taken from the app,
// so new ones are covered) answers anonymous callers and staff, successes and errors alike,
// with `Cache-Control: private, no-store`: even the listings differ by viewer.
import { beforeAll, expect, test } from "bun:test";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { API_CACHE_CONTROL } from "./security";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); }, 60_000); // the first test app builds the island bundle

test("every API answer says private, no-store", async () => {
  const owner = await t.cookieFor("owner@example.com");
  const wrong: string[] = [];
  for (const route of t.app.routes.filter((r) => r.path.startsWith("/api/"))) {
    const path = route.path.replace(/:[^/]+/g, "1").replace(/\*$/, "x");
    for (const cookie of [null, owner]) {
      const hasBody = route.method !== "GET" && route.method !== "HEAD";
      const res = await t.app.handle(new Request(`${ORIGIN}${path}`, {
        method: route.method, body: hasBody ? "{}" : undefined,
        headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      }));
      const got = res.headers.get("cache-control");
      if (got !== API_CACHE_CONTROL) wrong.push(`${route.method} ${path} ${cookie ? "owner" : "anonymous"} ${res.status}: ${got}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(API_CACHE_CONTROL).toBe("private, no-store");
});
