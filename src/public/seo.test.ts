// Findability: robots.txt, sitemap.xml, canonical links, descriptions and Open Graph on
// public pages, noindex on account and staff pages.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { desertPerpetualRuns, games, raidRuns } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { boosterRow, makeRun } from "../testing/factories";
import { publiclyAvailable } from "../api/runs/available";
import { everythingChanged } from "../../db/changes";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  everythingChanged();
});

const get = async (path: string, cookie?: string) => {
  const res = await t.request("GET", path, { cookie });
  return { res, text: await res.text() };
};
/** The head's tags, parsed (the body is not needed). */
function head(html: string) {
  const doc = new DOMParser().parseFromString(`${html.slice(0, html.indexOf("</head>")).replace(/<link rel="stylesheet"[^>]*>/, "").replace(/<script[^>]*><\/script>/g, "")}</head>`, "text/html");
  const meta = (attr: string, key: string) => doc.querySelector(`meta[${attr}="${key}"]`)?.getAttribute("content") ?? null;
  return {
    robots: meta("name", "robots"), description: meta("name", "description"), ogTitle: meta("property", "og:title"),
    ogDescription: meta("property", "og:description"), ogUrl: meta("property", "og:url"), ogImage: meta("property", "og:image"),
    canonical: doc.querySelector("link[rel=canonical]")?.getAttribute("href") ?? null,
  };
}

describe("robots.txt", () => {
  test("keeps crawlers out of account, staff and API paths and names the sitemap", async () => {
    const { res, text } = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("public");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/dashboard", "/api", "/auth", "/invite", "/register"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  // Each <url> also names its language versions (xhtml:link alternates, tested in src/public/localePages.test.ts).
  const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] ?? null }));

  test("lists the landing, category, calendar and every public run page with lastmod", async () => {
    const { res, text } = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const entries = locs(text);
    const urls = entries.map((e) => e.loc);
    for (const path of ["/", "/category/wow", "/category/d2", "/category/wow/mop-raid-calendar", "/category/wow/mop-challenge-mode-calendar", "/category/d2/desert-perpetual-calendar"]) {
      expect(urls).toContain(ORIGIN + path);
    }
    const publicRaids = await t.db.select({ displayId: raidRuns.displayId, updatedAt: raidRuns.updatedAt }).from(raidRuns).where(publiclyAvailable(raidRuns, TEST_NOW));
    expect(publicRaids.length).toBeGreaterThan(0);
    for (const r of publicRaids) {
      expect(entries).toContainEqual({ loc: `${ORIGIN}/runs/${r.displayId}`, lastmod: r.updatedAt.toISOString() });
    }
    const runPages = urls.filter((u) => u.includes("/runs/"));
    expect(new Set(runPages).size).toBe(runPages.length);
    // The landing page changed when its newest run did.
    const newest = Math.max(...entries.filter((e) => e.loc.includes("/runs/")).map((e) => Date.parse(e.lastmod!)));
    expect(Date.parse(entries.find((e) => e.loc === `${ORIGIN}/`)!.lastmod!)).toBe(newest);
  });

  test("leaves out runs that are not public and hidden games", async () => {
    const [cancelled] = await t.db.select().from(raidRuns).where(eq(raidRuns.status, "cancelled"));
    expect(cancelled).toBeDefined();
    await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 2));
    everythingChanged(); // written behind the app's back
    const urls = locs((await get("/sitemap.xml")).text).map((e) => e.loc);
    expect(urls).not.toContain(`${ORIGIN}/runs/${cancelled!.displayId}`);
    expect(urls.some((u) => u.includes("/category/d2"))).toBe(false);
    const [desert] = await t.db.select().from(desertPerpetualRuns).where(publiclyAvailable(desertPerpetualRuns, TEST_NOW));
    expect(urls).not.toContain(`${ORIGIN}/runs/${desert!.displayId}`);
  });

  test("follows the change feed, and answers 304 to its ETag", async () => {
    const first = await t.request("GET", "/sitemap.xml");
    const etag = first.headers.get("etag")!;
    expect((await t.request("GET", "/sitemap.xml", { headers: { "if-none-match": etag } })).status).toBe(304);
    const owner = await t.cookieFor("owner@example.com");
    const res = await t.request("POST", "/api/runs", {
      cookie: owner,
      body: { gameId: 1, boosterId: await boosterRow(t.db, "BB-1001"), region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
        completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00" },
    });
    const run = (await res.json()) as { displayId: string };
    const after = await t.request("GET", "/sitemap.xml", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(`${ORIGIN}/runs/${run.displayId}</loc>`);
  });
});

describe("head tags", () => {
  test("public pages: description, canonical and Open Graph; no noindex", async () => {
    const b1 = await boosterRow(t.db, "BB-1001");
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    everythingChanged();
    for (const path of ["/", "/category/wow", "/category/wow/mop-raid-calendar", `/runs/${run.displayId}`]) {
      const h = head((await get(path)).text);
      expect(h.robots).toBeNull();
      expect(h.description).toBeTruthy();
      expect(h.ogDescription).toBe(h.description);
      expect(h.ogTitle).toBeTruthy();
      expect(h.canonical).toBe(`${ORIGIN}${path}`);
      expect(h.ogUrl).toBe(h.canonical);
    }
    expect(head((await get("/category/wow")).text).ogImage).toBe(`${ORIGIN}/static/images/wow.svg`);
  });

  test("a filtered calendar's canonical link is its canonical filter form under the category path (a US view's default EST drops out)", async () => {
    const h = head((await get("/game/mop-raid-calendar?junk=1&difficulty=heroic_25&region=US&tz=EST")).text);
    expect(h.canonical).toBe(`${ORIGIN}/category/wow/mop-raid-calendar?region=US&difficulty=heroic_25`);
    expect(h.ogImage).toBe(`${ORIGIN}/static/images/mop-raid.svg`);
    expect(head((await get("/category/wow/mop-raid-calendar?region=EU&raid=mogushan-vaults")).text).canonical)
      .toBe(`${ORIGIN}/category/wow/mop-raid-calendar`);
  });

  test("account, staff and error pages carry noindex", async () => {
    const owner = await t.cookieFor("owner@example.com");
    const booster = await t.cookieFor("booster@example.com");
    const pages: [string, string | undefined][] = [
      ["/auth", undefined], ["/login", undefined], ["/register/nope", undefined], ["/invite/nope", undefined],
      ["/admin", owner], ["/dashboard", booster], ["/account", booster], ["/reset/nope", undefined],
      ["/no-such-page", undefined], ["/runs/XYZ-1", undefined],
    ];
    for (const [path, cookie] of pages) {
      const { text } = await get(path, cookie);
      expect([path, head(text).robots]).toEqual([path, "noindex"]);
      expect(head(text).canonical).toBeNull();
    }
  });
});
