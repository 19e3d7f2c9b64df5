// /runs/{displayId}: what the page shows and tells search engines, 404 against 410, and the
// page cache. (Change sources: src/public/changeSources.test.ts.)
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { challengeModeRuns, games, raidRuns, runClassRestrictions } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { jsonLdBlock } from "../../render/meta";
import { isoWithOffset } from "./structuredData";

let t: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_RAID_URL: "https://store.example.test/raids" } });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  b1 = await boosterRow(t.db, "BB-1001");
});

async function get(path: string) {
  const res = await t.request("GET", path);
  const html = await res.text();
  // happy-dom would fetch the stylesheet and run module scripts: keep them inert.
  const inert = html.replace(/<link rel="stylesheet"[^>]*>/, "").replaceAll('<script type="module"', '<script type="text/plain"');
  const doc = new DOMParser().parseFromString(inert, "text/html");
  return { res, html, doc };
}
const metaOf = (doc: Document, attr: "name" | "property", key: string) => doc.querySelector(`meta[${attr}="${key}"]`)?.getAttribute("content");

/** A US heroic raid run on 2026-12-01 20:00 EST with two class restrictions. */
async function usRaid() {
  const run = await makeRun(t.db, "raid", {
    boosterId: b1, scheduledDate: "2026-12-01 20:00", timezone: "EST", region: "US", difficulty: "heroic_25", gameplayType: "pilot",
  });
  await t.db.insert(runClassRestrictions).values([
    { runId: run.id, wowClass: "Paladin", specs: ["Healer", "Tank"], serviceType: "Full Gear Priority" },
    { runId: run.id, wowClass: "Mage", specs: [], serviceType: "1 Item Guaranteed" },
  ]);
  return run;
}

describe("a public run's page", () => {
  test("shows the card's and the dialog's details, the full class restrictions, the booster and the booking link", async () => {
    const run = await usRaid();
    const { res, doc } = await get(`/runs/${run.displayId}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector("h1")!.textContent).toBe("Mogu'shan Vaults");
    const time = doc.querySelector("main time")!;
    expect(time.getAttribute("datetime")).toBe("2026-12-02T01:00:00.000Z");
    expect(time.textContent).toBe("Tue, Dec 1, 20:00 EST");
    expect(doc.querySelector("main")!.textContent).toContain("Wed, Dec 2, 02:00 CET");
    const rows = Object.fromEntries([...doc.querySelectorAll("dl dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(rows).toMatchObject({ Raid: "Mogu'shan Vaults", Difficulty: "Heroic 25", Region: "North America", "Gameplay Type": "Pilot", Booster: "BB-1001" });
    const restrictions = [...doc.querySelectorAll("table.restrictions tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(restrictions).toEqual([["Paladin", "Healer, Tank", "Full Gear Priority"], ["Mage", "Any", "1 Item Guaranteed"]]);
    const book = [...doc.querySelectorAll("main a")].find((a) => a.textContent === "Book on Blazing Boost")!;
    expect(book.getAttribute("href")).toBe(`/go/${run.displayId}?source=run`);
    expect(book.getAttribute("target")).toBe("_blank");
    expect(doc.querySelector("main")!.textContent).toContain("The store opens in a new tab.");
    // Back to the calendar filtered to the run's raid and region, in the run's zone.
    const back = [...doc.querySelectorAll("main a")].find((a) => a.textContent === "More Mogu'shan Vaults runs")!;
    expect(back.getAttribute("href")).toBe("/category/wow/mop-raid-calendar?region=US&tz=EST");
    // Share: the link in a field; the copy and share buttons appear with the small share script.
    expect((doc.querySelector("[data-share] input") as HTMLInputElement).value).toBe(`${ORIGIN}/runs/${run.displayId}`);
    expect(doc.querySelector("[data-share-copy]")!.hasAttribute("hidden")).toBe(true);
  });

  test("loads only the alert forms', live, share and time-line scripts: no React, no island; the time lines are empty until the script runs", async () => {
    const run = await usRaid();
    const { doc } = await get(`/runs/${run.displayId}`);
    const scripts = [...doc.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")!).sort();
    expect(scripts).toHaveLength(4);
    expect(scripts[0]).toMatch(/^\/assets\/alerts-[a-z0-9]+\.js$/);
    expect(scripts[1]).toMatch(/^\/assets\/live-[a-z0-9]+\.js$/);
    expect(scripts[2]).toMatch(/^\/assets\/share-[a-z0-9]+\.js$/);
    expect(scripts[3]).toMatch(/^\/assets\/when-[a-z0-9]+\.js$/);
    expect(doc.querySelectorAll("link[rel=modulepreload]")).toHaveLength(0);
    expect(doc.querySelector("[data-island]")).toBeNull();
    for (const src of scripts) expect((await t.request("GET", src)).status).toBe(200);
    // A cached page never carries a relative time: the server leaves the lines empty.
    const when = doc.querySelector<HTMLElement>("[data-when]")!;
    expect(Number(when.dataset.start)).toBe(Date.parse(doc.querySelector(".run-page__time time")!.getAttribute("datetime")!));
    expect(doc.querySelector("[data-when-local]")!.textContent).toBe("");
    expect(doc.querySelector("[data-when-countdown]")!.textContent).toBe("");
    // The live script's root: its stream and the state the page was rendered with (islands/plain/live.ts).
    const live = doc.querySelector<HTMLElement>("[data-live]")!;
    expect(live.dataset.live).toMatch(new RegExp(`^/live/runs/${run.displayId}\\?since=[0-9a-z]+-\\d+$`));
    expect(live.dataset.start).toBe(when.dataset.start);
    expect([live.dataset.availability, live.dataset.spotsLeft]).toEqual(["open", ""]);
    expect(doc.querySelector<HTMLElement>("[data-live-gone]")!.hidden).toBe(true);
  });

  test("title, description, canonical, Open Graph and Twitter tags with the run's share image", async () => {
    const run = await usRaid();
    const { doc } = await get(`/runs/${run.displayId}`);
    expect(doc.title).toBe(`Mogu'shan Vaults · ${run.displayId} · Runboard`);
    const description = metaOf(doc, "name", "description")!;
    expect(description).toBe(`Mogu'shan Vaults Heroic 25 raid run, North America, Tue, Dec 1, 20:00 EST. Book on Blazing Boost and mention run ${run.displayId}.`);
    const url = `${ORIGIN}/runs/${run.displayId}`;
    expect(doc.querySelector("link[rel=canonical]")!.getAttribute("href")).toBe(url);
    expect(metaOf(doc, "property", "og:url")).toBe(url);
    expect(metaOf(doc, "property", "og:type")).toBe("article");
    expect(metaOf(doc, "property", "og:title")).toBe(doc.title);
    expect(metaOf(doc, "property", "og:description")).toBe(description);
    // The share image of this state of the run (src/pages/run/card.test.ts has the rest).
    const image = metaOf(doc, "property", "og:image")!;
    expect(image).toMatch(new RegExp(`^${ORIGIN}/runs/${run.displayId}/card\\.png\\?v=[0-9a-f]{16}$`));
    expect([metaOf(doc, "property", "og:image:width"), metaOf(doc, "property", "og:image:height")]).toEqual(["1200", "630"]);
    expect(metaOf(doc, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaOf(doc, "name", "twitter:image")).toBe(image);
    expect(doc.querySelector("meta[name=robots]")).toBeNull();
  });

  test("a schema.org Event in JSON-LD", async () => {
    const run = await usRaid();
    const { doc } = await get(`/runs/${run.displayId}`);
    const blocks = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    const event = JSON.parse(blocks[0]!.textContent!);
    expect(event).toMatchObject({
      "@context": "https://schema.org", "@type": "Event", name: `Mogu'shan Vaults · ${run.displayId}`,
      startDate: "2026-12-01T20:00:00-05:00",
      endDate: "2026-12-01T23:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${ORIGIN}/runs/${run.displayId}` },
      organizer: { "@type": "Organization", name: "Blazing Boost", url: "https://store.example.test" },
      offers: { "@type": "Offer", url: `${ORIGIN}/go/${run.displayId}?source=run`, availability: "https://schema.org/InStock" },
      image: [`${ORIGIN}/static/images/mop-raid.svg`],
    });
    expect(Date.parse(event.startDate)).toBe(Date.parse("2026-12-02T01:00:00Z"));
  });

  test("challenge and desert runs have pages too", async () => {
    const cm = await makeRun(t.db, "challenge", { boosterId: b1, faction: "US Horde" });
    const { res, doc } = await get(`/runs/${cm.displayId}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector("h1")!.textContent).toBe("9/9 Gold Challenge Modes");
    expect([...doc.querySelectorAll("main a")].find((a) => a.textContent?.startsWith("More "))!.getAttribute("href"))
      .toBe("/category/wow/mop-challenge-mode-calendar?faction=US+Horde");
    const b2 = await boosterRow(t.db, "BB-1002");
    const tdp = await makeRun(t.db, "desert", { boosterId: b2, feats: ["Battalions"] });
    const desert = await get(`/runs/${tdp.displayId}`);
    expect(desert.res.status).toBe(200);
    expect(desert.doc.querySelector("main")!.textContent).toContain("Battalions");
    expect(JSON.parse(desert.doc.querySelector('script[type="application/ld+json"]')!.textContent!).startDate).toMatch(/-05:00$/);
  });

  test("served from the page cache: the same bytes, an ETag and 304", async () => {
    const run = await usRaid();
    const first = await t.request("GET", `/runs/${run.displayId}`);
    const body = await first.text();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=10");
    const etag = first.headers.get("etag")!;
    expect(await (await t.request("GET", `/runs/${run.displayId}?utm_source=x`)).text()).toBe(body);
    expect((await t.request("GET", `/runs/${run.displayId}`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("404 and 410", () => {
  const gone = async (path: string, calendar: string | null) => {
    const { res, doc } = await get(path);
    expect(res.status).toBe(410);
    expect(doc.querySelector("h1")!.textContent).toBe("This run is no longer available");
    const link = doc.querySelector("main .card a")!;
    expect(link.getAttribute("href")).toBe(calendar ?? "/");
    expect(doc.querySelector("meta[name=robots]")!.getAttribute("content")).toBe("noindex");
  };

  test("an id never issued, an unknown prefix or junk: 404", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    for (const id of [`MOP-${run.id + 1}`, "MOP-99999", "XYZ-1", "mop-1", "MOP-0", "MOP-1x", "%3Cscript%3E"]) {
      expect((await t.request("GET", `/runs/${id}`)).status).toBe(404);
    }
  });

  test("a run that has started: 410 with a link to its calendar", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    expect((await t.request("GET", `/runs/${run.displayId}`)).status).toBe(200);
    t.setNow(new Date(TEST_NOW.getTime() + 2 * 86_400_000));
    await gone(`/runs/${run.displayId}`, "/category/wow/mop-raid-calendar");
  });

  test("expired, cancelled or deleted: 410", async () => {
    const expired = await makeRun(t.db, "raid", { boosterId: b1, status: "expired" });
    await gone(`/runs/${expired.displayId}`, "/category/wow/mop-raid-calendar");
    const deleted = await makeRun(t.db, "challenge", { boosterId: b1 });
    await makeRun(t.db, "challenge", { boosterId: b1 }); // a later id, so the deleted one is not the newest
    await t.db.delete(challengeModeRuns).where(eq(challengeModeRuns.id, deleted.id));
    await gone(`/runs/${deleted.displayId}`, "/category/wow/mop-challenge-mode-calendar");
  });

  test("the newest run deleted is still 410: the id was issued", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    await t.db.delete(raidRuns).where(eq(raidRuns.id, run.id));
    await gone(`/runs/${run.displayId}`, "/category/wow/mop-raid-calendar");
  });

  test("a run of a hidden game: 410 linking home (its calendar is not public either)", async () => {
    const b2 = await boosterRow(t.db, "BB-1002");
    const run = await makeRun(t.db, "desert", { boosterId: b2 });
    await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 2));
    await gone(`/runs/${run.displayId}`, null);
  });
});

describe("JSON-LD and time helpers", () => {
  test("a data block cannot be closed early and parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script><!-- & \u2028" };
    const block = jsonLdBlock(data);
    const inner = block.slice(block.indexOf(">") + 1, block.lastIndexOf("</script>"));
    expect(inner).not.toContain("<");
    expect(inner).not.toContain(">");
    expect(JSON.parse(inner)).toEqual(data);
  });

  test("start dates carry the zone's offset on both sides of daylight saving", () => {
    expect(isoWithOffset(new Date("2026-07-01T18:00:00Z"), "CET")).toBe("2026-07-01T20:00:00+02:00");
    expect(isoWithOffset(new Date("2026-12-01T19:00:00Z"), "CET")).toBe("2026-12-01T20:00:00+01:00");
    expect(isoWithOffset(new Date("2026-12-02T01:00:00Z"), "EST")).toBe("2026-12-01T20:00:00-05:00");
    expect(isoWithOffset(new Date("2026-07-02T00:00:30Z"), "EST")).toBe("2026-07-01T20:00:30-04:00");
  });
});
