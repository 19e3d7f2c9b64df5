// Booking clicks by source (docs/decisions/37-one-run-calendar-and-click-sources.md): what
// /go/{displayId}?source=…&origin=… records, that a bad value never breaks the link, and how
// the Insights API splits the period's clicks by source and embedding site.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { runClicks } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import type { Insights } from "../../shared/schemas/insights";
import { goPath } from "../../domain/bookingLink";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const ADDRESS_HEADER = "x-test-client-address";
// The app remembers this hour's addresses across tests: every click comes from a new address.
let visitors = 0;
let t: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_RAID_URL: "https://store.example.test/raids" } });
  t.app.server = { requestIP: (r: Request) => ({ address: r.headers.get(ADDRESS_HEADER) ?? "127.0.0.1" }) } as unknown as typeof t.app.server;
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  b1 = await boosterRow(t.db, "BB-1001");
});

/** A booking click from a new visitor (an address not seen this hour). */
function click(target: string) {
  const n = ++visitors;
  return t.request("GET", target, { headers: { "user-agent": CHROME, [ADDRESS_HEADER]: `10.${n >> 8}.${n & 255}.1` } });
}
/** The counters' rows: source, origin and clicks, summed over runs and hours. */
async function bySource() {
  const rows = await t.db.select().from(runClicks);
  const out: Record<string, number> = {};
  for (const r of rows) out[r.origin ? `${r.source} ${r.origin}` : r.source] = (out[r.origin ? `${r.source} ${r.origin}` : r.source] ?? 0) + r.clicks;
  return out;
}

describe("/go records where a click came from", () => {
  test("each source in its own bucket; an embed keeps the embedding page's origin only", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const id = run.displayId;
    for (const source of ["calendar", "run", "feed", "discord"] as const) {
      const res = await click(goPath(id, source));
      expect([res.status, new URL(res.headers.get("location")!).searchParams.get("run")]).toEqual([302, id]);
    }
    await click(goPath(id, "calendar"));
    await click(goPath(id, "embed", "https://shop.example.com/wow/raids?ref=1#top"));
    await click(goPath(id, "embed", "https://shop.example.com"));
    await click(goPath(id, "embed", "http://partner.example:8080/"));
    expect(await bySource()).toEqual({
      calendar: 2, run: 1, feed: 1, discord: 1, "embed https://shop.example.com": 2, "embed http://partner.example:8080": 1,
    });
  });

  test("no source, an unknown one or a bad origin: still redirected, counted as `other` or as an embed without a site; never a 4xx or 500", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const id = run.displayId;
    const targets = [
      `/go/${id}`, `/go/${id}?source=newsletter`, `/go/${id}?source=`, `/go/${id}?source=CALENDAR`, `/go/${id}?source=%E0%A4%A`,
      `/go/${id}?source=embed&origin=javascript:alert(1)`, `/go/${id}?source=embed&origin=not%20a%20url`,
      `/go/${id}?source=embed&origin=https://${"a".repeat(300)}.example`, `/go/${id}?source=embed`,
      `/go/${id}?source=run&origin=https://shop.example.com`, // an origin only counts with an embed
    ];
    for (const target of targets) {
      const res = await click(target);
      expect({ target, status: res.status, run: new URL(res.headers.get("location")!).searchParams.get("run") }).toEqual({ target, status: 302, run: id });
    }
    expect(await bySource()).toEqual({ other: 5, embed: 4, run: 1 });
  });

  test("the dedupe and bot rules stay: a repeat click from another source is not counted again, a bot is not counted", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const same = "198.51.100.77";
    const from = (target: string, agent = CHROME) => t.request("GET", target, { headers: { "user-agent": agent, [ADDRESS_HEADER]: same } });
    await from(goPath(run.displayId, "calendar"));
    await from(goPath(run.displayId, "discord"));
    await from(goPath(run.displayId, "feed"), "curl/8.5");
    expect(await bySource()).toEqual({ calendar: 1 });
  });
});

describe("Insights split the period's clicks by source", () => {
  test("every source with its count (zeros included) summing to the total, and the top embedding sites", async () => {
    const staff = await t.cookieFor("admin@example.com");
    const raid = await makeRun(t.db, "raid", { boosterId: b1 });
    const other = await makeRun(t.db, "challenge", { boosterId: b1 });
    const clicks: [string, number][] = [
      [goPath(raid.displayId, "calendar"), 3], [goPath(raid.displayId, "run"), 2], [goPath(raid.displayId, "discord"), 1],
      [goPath(raid.displayId, "embed", "https://shop.example.com"), 4], [goPath(raid.displayId, "embed", "https://partner.example"), 1],
      [`/go/${raid.displayId}`, 1],
      // Another calendar's clicks are not this one's.
      [goPath(other.displayId, "embed", "https://elsewhere.example"), 5],
    ];
    for (const [target, n] of clicks) for (let i = 0; i < n; i++) await click(target);
    const res = await t.request("GET", "/api/insights?gameId=1&days=7", { cookie: staff });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Insights;
    expect(body.sources).toEqual([
      { source: "calendar", clicks: 3 }, { source: "run", clicks: 2 }, { source: "embed", clicks: 5 },
      { source: "feed", clicks: 0 }, { source: "discord", clicks: 1 }, { source: "other", clicks: 1 },
    ]);
    expect(body.sources.reduce((s, r) => s + r.clicks, 0)).toBe(body.totals.clicks);
    expect(body.origins).toEqual([{ origin: "https://shop.example.com", clicks: 4 }, { origin: "https://partner.example", clicks: 1 }]);
    // Clicks before the period are not in it.
    t.setNow(new Date(TEST_NOW.getTime() + 10 * 86_400_000));
    const later = (await (await t.request("GET", "/api/insights?gameId=1&days=7", { cookie: staff })).json()) as Insights;
    expect([later.sources.every((s) => s.clicks === 0), later.origins]).toEqual([true, []]);
  });
});
