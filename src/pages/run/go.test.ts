// /go/{displayId}: the booking redirect and its click counting rules.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { raidRuns, runClicks } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { clicksByRun, countClick } from "../../api/clicks/bookingClicks";

const STORE = { raid: "https://store.example.test/raids?lang=en", challenge: "https://store.example.test/cm", desert: "https://store.example.test/tdp" };
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
// The client's address comes from the server the app is given (Bun's requestIP when it
// listens); here a stand-in server reads it from a test-only header.
const ADDRESS_HEADER = "x-test-client-address";
// The app remembers this hour's addresses across tests while resetDb() reuses run ids: each test comes from another address.
let ADDRESS = "";
let tests = 0;
let t: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_RAID_URL: STORE.raid, STOREFRONT_CHALLENGE_URL: STORE.challenge, STOREFRONT_DESERT_URL: STORE.desert } });
  t.app.server = { requestIP: (r: Request) => ({ address: r.headers.get(ADDRESS_HEADER) ?? "127.0.0.1" }) } as unknown as typeof t.app.server;
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  b1 = await boosterRow(t.db, "BB-1001");
  ADDRESS = `198.51.100.${++tests}`;
});

const go = (id: string, headers: Record<string, string> = {}, method = "GET") =>
  t.request(method, `/go/${id}`, { headers: { "user-agent": CHROME, [ADDRESS_HEADER]: ADDRESS, ...headers } });
const total = async () => (await t.db.select().from(runClicks)).reduce((n, r) => n + r.clicks, 0);

describe("the redirect", () => {
  test("302 to the kind's storefront with the run and the campaign tags, never cached", async () => {
    const raid = await makeRun(t.db, "raid", { boosterId: b1 });
    const res = await go(raid.displayId);
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const to = new URL(res.headers.get("location")!);
    expect(to.origin + to.pathname).toBe("https://store.example.test/raids");
    expect(Object.fromEntries(to.searchParams)).toEqual({ lang: "en", run: raid.displayId, utm_source: "runboard", utm_medium: "calendar" });
    const cm = await makeRun(t.db, "challenge", { boosterId: b1 });
    expect((await go(cm.displayId)).headers.get("location")).toBe(`${STORE.challenge}?run=${cm.displayId}&utm_source=runboard&utm_medium=calendar`);
  });

  test("unknown or no longer offered: to the storefront, without the run and without counting", async () => {
    const gone = await makeRun(t.db, "challenge", { boosterId: b1, status: "cancelled" });
    expect((await go(gone.displayId)).headers.get("location")).toBe(`${STORE.challenge}?utm_source=runboard&utm_medium=calendar`);
    const unknown = await go("NOPE-1");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe(`${STORE.raid}&utm_source=runboard&utm_medium=calendar`);
    expect(await total()).toBe(0);
  });
});

describe("a run that cannot be booked", () => {
  test("full or closed: 303 to the run page, no storefront and no click counted; places left still go through", async () => {
    const full = await makeRun(t.db, "raid", { boosterId: b1, spots: 5, spotsTaken: 5 });
    // Starts in 10 minutes: past its game's 15-minute cutoff.
    const closed = await makeRun(t.db, "challenge", { boosterId: b1, startsAt: new Date(TEST_NOW.getTime() + 600_000), spots: 5 });
    const few = await makeRun(t.db, "raid", { boosterId: b1, spots: 5, spotsTaken: 4 });
    for (const run of [full, closed]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await go(run.displayId, {}, method);
        expect([res.status, res.headers.get("location"), res.headers.get("cache-control")]).toEqual([303, `/runs/${run.displayId}`, "no-store"]);
      }
    }
    expect(await total()).toBe(0);
    const res = await go(few.displayId);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain(`run=${few.displayId}`);
    expect(await total()).toBe(1);
  });

  test("a run that fills up stops sending visitors to the store at once", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, spots: 2, spotsTaken: 1 });
    expect((await go(run.displayId)).status).toBe(302);
    await t.db.update(raidRuns).set({ spotsTaken: 2 }).where(eq(raidRuns.id, run.id));
    expect((await go(run.displayId, { [ADDRESS_HEADER]: "203.0.113.77" })).status).toBe(303);
    expect(await total()).toBe(1);
  });
});

describe("counting", () => {
  test("one click per run per address per hour", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const other = await makeRun(t.db, "raid", { boosterId: b1 });
    await go(run.displayId);
    await go(run.displayId);
    await go(run.displayId, { "user-agent": `${CHROME} Edg/142.0` }); // another browser, same address
    expect(await total()).toBe(1);
    await go(other.displayId); // another run
    await go(run.displayId, { [ADDRESS_HEADER]: "198.51.100.250" }); // another address
    expect(await total()).toBe(3);
    t.setNow(new Date(TEST_NOW.getTime() + 3_600_000)); // the next hour
    await go(run.displayId);
    expect(await total()).toBe(4);
    const rows = await t.db.select().from(runClicks);
    // One counter per run and UTC hour (TEST_NOW is 10:00 UTC).
    expect(rows.map((r) => [r.runKind, r.runId, r.day, r.hour, r.clicks]).sort()).toEqual([
      ["raid", other.id, "2026-11-21", 10, 1], ["raid", run.id, "2026-11-21", 10, 2], ["raid", run.id, "2026-11-21", 11, 1],
    ].sort());
  });

  test("bots, scripted clients, HEAD and prefetches are redirected but not counted", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const agents = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "facebookexternalhit/1.1", "curl/8.5.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0 Safari/537.36", "",
    ];
    for (const agent of agents) expect((await go(run.displayId, { "user-agent": agent })).status).toBe(302);
    const prefetches: Record<string, string>[] = [{ "sec-purpose": "prefetch" }, { "sec-purpose": "prefetch;prerender" }, { purpose: "prefetch" }, { "x-moz": "prefetch" }];
    for (const prefetch of prefetches) {
      expect((await go(run.displayId, prefetch)).status).toBe(302);
    }
    const head = await go(run.displayId, {}, "HEAD");
    expect(head.status).toBe(302);
    expect(head.headers.get("location")).toContain(`run=${run.displayId}`);
    expect(await total()).toBe(0);
    await go(run.displayId);
    expect(await total()).toBe(1);
  });
});

describe("one client cannot inflate the counts", () => {
  test("a flood of varied user agents from one address counts at most 20 runs; a visitor from elsewhere still counts", async () => {
    const runs = await Promise.all(Array.from({ length: 24 }, () => makeRun(t.db, "raid", { boosterId: b1 })));
    for (const [i, run] of runs.entries()) {
      for (const browser of ["Firefox/145.0", `Test/${i}`]) {
        const res = await go(run.displayId, { "user-agent": `${CHROME} ${browser}` });
        expect([res.status, res.headers.get("location")]).toEqual([302, `${STORE.raid}&run=${run.displayId}&utm_source=runboard&utm_medium=calendar`]);
      }
    }
    expect(await total()).toBe(20);
    await go(runs[23]!.displayId, { [ADDRESS_HEADER]: "203.0.113.9" });
    expect(await total()).toBe(21);
    t.setNow(new Date(TEST_NOW.getTime() + 3_600_000)); // the next hour: the address counts again
    await go(runs[23]!.displayId);
    expect(await total()).toBe(22);
  }, 30_000);

  test("an IPv6 /64 is one address", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const net = `2001:db8:${tests}:1`;
    for (const host of ["::1", "::2", ":a:b:c:d", ":ffff:ffff:ffff:ffff"]) await go(run.displayId, { [ADDRESS_HEADER]: `${net}${host}` });
    expect(await total()).toBe(1);
    await go(run.displayId, { [ADDRESS_HEADER]: `2001:db8:${tests}:2::1` }); // the next /64
    expect(await total()).toBe(2);
  });
});

describe("clicksByRun", () => {
  test("sums the runs' clicks of one kind over the days asked, both ends included", async () => {
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    await countClick(t.db, "raid", 1, day("2026-11-20"));
    await countClick(t.db, "raid", 1, day("2026-11-21"));
    await countClick(t.db, "raid", 1, day("2026-11-22"));
    await countClick(t.db, "raid", 2, day("2026-11-21"));
    await countClick(t.db, "challenge", 1, day("2026-11-21")); // another kind's run 1
    await countClick(t.db, "raid", 3, day("2026-11-21")); // not asked for
    const got = await clicksByRun(t.db, "raid", [1, 2, 4], day("2026-11-21"), day("2026-11-22"));
    expect(Object.fromEntries(got)).toEqual({ 1: 2, 2: 1 });
    expect((await clicksByRun(t.db, "raid", [], day("2026-11-21"), day("2026-11-22"))).size).toBe(0);
  });

  test("concurrent increments of one counter are all kept (one upsert each)", async () => {
    await Promise.all(Array.from({ length: 20 }, () => countClick(t.db, "desert", 7, TEST_NOW)));
    expect((await clicksByRun(t.db, "desert", [7], TEST_NOW, TEST_NOW)).get(7)).toBe(20);
  });
});

describe("behind a reverse proxy", () => {
  test("with TRUSTED_PROXIES each forwarded visitor counts, and a forged header from elsewhere counts as its sender", async () => {
    const proxied = await makeTestApp({ env: { TRUSTED_PROXIES: "10.0.0.0/8" } });
    proxied.app.server = t.app.server;
    proxied.setNow(TEST_NOW);
    const run = await makeRun(proxied.db, "raid", { boosterId: b1 });
    const via = (peer: string, forwardedFor: string) =>
      proxied.request("GET", `/go/${run.displayId}`, { headers: { "user-agent": CHROME, [ADDRESS_HEADER]: peer, "x-forwarded-for": forwardedFor } });
    for (const visitor of ["198.51.100.60", "198.51.100.61", "198.51.100.61"]) await via("10.0.0.2", visitor);
    expect(await total()).toBe(2);
    // Not from the proxy: the header is the sender's own words, and the sender is one visitor.
    for (const forged of ["198.51.100.70", "198.51.100.71"]) await via("203.0.113.5", forged);
    expect(await total()).toBe(3);
  });
});
