// Calendar subscription feeds, read with a real iCalendar parser: the
// events are the runs the calendar page shows for the same filters; the answers are cached
// and ETagged like the pages; writes through the API reach the feed at once. The app runs
// in strict mode: only its own change feed and clock may refresh what it serves.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { raidRuns, runClassRestrictions } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { parseFeed, type FeedEvent } from "../../testing/ical";
import { everythingChanged } from "../../../db/changes";
import { SERVER_KINDS } from "../../kinds/server.generated";
import { RUN_KINDS } from "../../kinds/registry";

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000); // builds the island bundle once

beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  everythingChanged(); // the reset wrote behind the app's back
  owner = await t.cookieFor("owner@example.com");
});

const RAID = "/calendars/mop-raid-calendar.ics";
const HOUR = 3_600_000;

async function feed(path: string, headers: Record<string, string> = {}) {
  const res = await t.request("GET", path, { headers });
  const text = await res.text();
  return { res, text, ...parseFeed(text) };
}

/** The run labels the calendar page shows for a query, in its order. */
async function pageLabels(pagePath: string): Promise<string[]> {
  const html = await (await t.request("GET", pagePath)).text();
  return [...html.matchAll(/class="run-card__id"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
}

const label = (e: FeedEvent) => e.uid.slice(0, e.uid.indexOf("@"));

describe("feeds hold the calendar's runs for its filters", () => {
  test("raid: one event per run the page shows, each with its times, link and details", async () => {
    const query = "?region=US&raid=heart-of-fear";
    const f = await feed(RAID + query);
    expect(f.res.status).toBe(200);
    expect(f.res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(f.version).toBe("2.0");
    expect(f.method).toBe("PUBLISH");
    expect(f.prodId).toBe("-//Runboard//Calendar feed//EN");
    expect(f.name).toBe("MoP Raid Calendar (US, Heart of Fear) · Runboard");
    expect(f.refresh).toBe("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(f.ttl).toBe("PT1H");

    const shown = await pageLabels(`/game/mop-raid-calendar${query}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(f.events.map(label)).toEqual(shown);

    const runs = new Map((await SERVER_KINDS.raid.list(t.db, { publicAt: TEST_NOW }, TEST_NOW)).map((r) => [r.displayId!, r]));
    for (const e of f.events) {
      const run = runs.get(label(e))!;
      expect(run.region).toBe("US");
      expect(run.raid.name).toBe("Heart of Fear");
      expect(e.uid).toBe(`${run.displayId}@localhost`);
      expect(e.startZone).toBe("UTC");
      expect(e.start).toBe(Date.parse(run.startsAt));
      expect(e.end - e.start).toBe(3 * HOUR);
      expect(e.url).toBe(`${ORIGIN}/runs/${run.displayId}`);
      expect(e.sequence).toBe(0);
      expect(e.modified).toBe(Math.floor(Date.parse(run.updatedAt) / 1000) * 1000); // whole seconds
      expect(e.stamp).toBe(e.modified);
      // Seeded runs include full ones (record 27: a full run's summary says so first).
      expect(e.summary).toStartWith(run.availability === "full" ? "Full · Heart of Fear " : "Heart of Fear ");
      expect(e.summary).toEndWith(` · ${run.displayId}`);
      expect(e.description).toContain("Region: US");
      expect(e.description).toContain(`Faction: ${run.faction.name}`);
      expect(e.description).toContain(`Booster: ${run.booster.boosterId}`);
      expect(e.description).toContain(`${ORIGIN}/runs/${run.displayId}`);
    }
  });

  test("challenge and desert: the page's filters pick the same runs; each kind has its duration", async () => {
    const b1 = await boosterRow(t.db, "BB-1001");
    const horde = await makeRun(t.db, "challenge", { boosterId: b1, faction: "US Horde", completionMode: "Pilot Only" });
    const alliance = await makeRun(t.db, "challenge", { boosterId: b1, faction: "US Alliance" });
    const noFeats = await makeRun(t.db, "desert", { boosterId: b1, completionType: "sherpa_only", feats: [] });
    const twoFeats = await makeRun(t.db, "desert", { boosterId: b1, completionType: "sherpa_only", feats: ["Phase Race", "Battalions"] });
    everythingChanged(); // the factory wrote behind the app's back

    const cm = await feed("/calendars/mop-challenge-mode-calendar.ics?faction=US+Horde&mode=Pilot+Only");
    expect(cm.name).toBe("MoP Challenge Mode Calendar (US Horde, Pilot Only) · Runboard");
    expect(cm.events.map(label)).toEqual(await pageLabels("/game/mop-challenge-mode-calendar?faction=US+Horde&mode=Pilot+Only"));
    expect(cm.events.map(label)).toContain(horde.displayId);
    expect(cm.events.map(label)).not.toContain(alliance.displayId);
    for (const e of cm.events) expect(e.end - e.start).toBe(RUN_KINDS.challenge.durationMinutes * 60_000);
    expect(RUN_KINDS.challenge.durationMinutes).toBe(120);

    const dp = await feed("/calendars/desert-perpetual-calendar.ics?feat=Battalions");
    expect(dp.events.map(label)).toEqual(await pageLabels("/game/desert-perpetual-calendar?feat=Battalions"));
    expect(dp.events.map(label)).toContain(twoFeats.displayId);
    expect(dp.events.map(label)).not.toContain(noFeats.displayId);
    const e = dp.events.find((x) => label(x) === twoFeats.displayId)!;
    expect(e.end - e.start).toBe(2 * HOUR);
    expect(e.description).toContain("Feats: Phase Race, Battalions");
    expect(e.summary).toBe(`The Desert Perpetual · ${twoFeats.displayId}`);

    // Every public run of the game is in the unfiltered feeds' union of filters: spot-check the defaults.
    const all = await feed("/calendars/desert-perpetual-calendar.ics");
    const publicDesert = (await SERVER_KINDS.desert.list(t.db, { publicAt: TEST_NOW }, TEST_NOW)).map((r) => r.displayId);
    expect(all.events.map(label).sort()).toEqual(publicDesert.sort() as string[]);
    const publicCm = (await SERVER_KINDS.challenge.list(t.db, { publicAt: TEST_NOW }, TEST_NOW)).filter((r) => r.faction === "EU Alliance");
    expect((await feed("/calendars/mop-challenge-mode-calendar.ics")).events.length).toBe(publicCm.length);
  });

  test("long descriptions with special characters are escaped and folded, and parse back intact", async () => {
    const b1 = await boosterRow(t.db, "BB-1001");
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const specs = ["Healer, Tank; \"Off\\Spec\"", "Dämon-Jäger 😀 Ω", "x".repeat(120)];
    await t.db.insert(runClassRestrictions).values({ runId: run.id, wowClass: "Paladin", specs, serviceType: "Full Gear Priority" });
    everythingChanged();

    const f = await feed(RAID);
    const e = f.events.find((x) => label(x) === run.displayId)!;
    expect(e.description).toContain(`Available Classes: Paladin (${specs.join(", ")}) · Full Gear Priority`);
    const lines = f.text.split("\r\n");
    expect(lines.at(-1)).toBe(""); // every line, the last too, ends in CRLF
    for (const line of lines) expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
    expect(f.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(f.text).toContain("Healer\\, Tank\\; \"Off\\\\Spec\"");
  });
});

describe("the calendar page's Subscribe control", () => {
  test("links to the feed of the page's filters, which answers with the page's runs", async () => {
    const page = "/game/mop-raid-calendar?region=US&raid=heart-of-fear&tz=EST";
    const html = await (await t.request("GET", page)).text();
    const feedUrl = `${ORIGIN}${RAID}?region=US&raid=heart-of-fear`;
    const webcal = feedUrl.replace("http:", "webcal:");
    expect(html).toContain(`<details class="subscribe"><summary class="button button--ghost">Subscribe</summary>`);
    expect(html).toContain(`href="${webcal.replaceAll("&", "&amp;")}"`);
    expect(html).toContain(`href="https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}"`);
    expect(html).toContain(`value="${feedUrl.replaceAll("&", "&amp;")}"`);
    const f = await feed(feedUrl.slice(ORIGIN.length));
    expect(f.events.map(label)).toEqual(await pageLabels(page));
  });
});

describe("caching", () => {
  test("an ETag, 304 on a match, compressed codings, and one canonical entry for equivalent queries", async () => {
    const first = await feed(RAID);
    const etag = first.res.headers.get("etag")!;
    expect(etag).toMatch(/^"[a-z0-9]+"$/);
    expect(first.res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=10");
    expect(first.res.headers.get("vary")).toBe("Accept-Encoding");

    const again = await t.request("GET", RAID, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // The zone, junk and default values do not make another feed.
    const same = await feed(`${RAID}?tz=EST&junk=1&region=EU&raid=mogushan-vaults`);
    expect(same.res.headers.get("etag")).toBe(etag);
    expect(same.text).toBe(first.text);
    // A visitor with a session cookie gets the very same feed.
    const signedIn = await t.request("GET", RAID, { cookie: await t.cookieFor("booster@example.com") });
    expect(signedIn.headers.get("etag")).toBe(etag);
    expect(await signedIn.text()).toBe(first.text);

    const gz = await t.request("GET", RAID, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(first.text);
    expect((await t.request("GET", RAID, { headers: { "accept-encoding": "gzip", "if-none-match": gz.headers.get("etag")! } })).status).toBe(304);
  });
});

describe("reminders (?alarm=)", () => {
  test("every event has a display VALARM 60 minutes before its start by default; 15, 30 and 120 choose another; 0 none", async () => {
    const byDefault = await feed(RAID);
    expect(byDefault.events.length).toBeGreaterThan(0);
    for (const e of byDefault.events) expect(e.alarms).toEqual([{ action: "DISPLAY", description: `Starts soon: ${e.summary}`, minutes: -60 }]);
    expect((await feed(`${RAID}?alarm=60`)).text).toBe(byDefault.text);
    for (const minutes of [15, 30, 120]) {
      const f = await feed(`${RAID}?region=EU&alarm=${minutes}`);
      expect(f.res.status).toBe(200);
      expect(f.events.map((e) => e.alarms.map((a) => a.minutes))).toEqual(byDefault.events.map(() => [-minutes]));
    }
    const none = await feed(`${RAID}?alarm=0`);
    expect(none.events.length).toBe(byDefault.events.length);
    expect(none.events.every((e) => e.alarms.length === 0)).toBe(true);
    expect(none.text).not.toContain("VALARM");
  });

  test("each choice is its own cached file: its own ETag, a 304 for its own tag only", async () => {
    const sixty = await t.request("GET", RAID);
    const fifteen = await t.request("GET", `${RAID}?alarm=15`);
    const [a, b] = [sixty.headers.get("etag")!, fifteen.headers.get("etag")!];
    expect(a).not.toBe(b);
    expect((await t.request("GET", `${RAID}?alarm=15`, { headers: { "if-none-match": b } })).status).toBe(304);
    expect((await t.request("GET", RAID, { headers: { "if-none-match": a } })).status).toBe(304);
    // Answered from the cache (before routing) on repeat, still each with its own reminder.
    expect(parseFeed(await (await t.request("GET", `${RAID}?alarm=15`)).text()).events[0]!.alarms[0]!.minutes).toBe(-15);
    expect(parseFeed(await (await t.request("GET", RAID)).text()).events[0]!.alarms[0]!.minutes).toBe(-60);
    expect((await t.request("GET", RAID, { headers: { "if-none-match": b } })).status).toBe(200);
  });

  test("any other value is a 400 that says what is allowed", async () => {
    for (const bad of ["45", "-15", "abc", "", "60.0", "1e2"]) {
      const res = await t.request("GET", `${RAID}?alarm=${bad}`);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(await res.json()).toEqual({ message: "alarm must be 0, 15, 30, 60 or 120: minutes before the start, 0 for no reminder." });
    }
  });

  test("the description ends with the run page and, while it can be booked, its booking link counted as `feed`", async () => {
    const b = await boosterRow(t.db, "BB-1001");
    const open = await makeRun(t.db, "raid", { boosterId: b, spots: 5, spotsTaken: 1 });
    const full = await makeRun(t.db, "raid", { boosterId: b, spots: 5, spotsTaken: 5 });
    everythingChanged();
    const events = (await feed(RAID)).events;
    const of = (id: string) => events.find((e) => label(e) === id)!.description.split("\n").slice(-2);
    expect(of(open.displayId)).toEqual([`Run page: ${ORIGIN}/runs/${open.displayId}`, `Book: ${ORIGIN}/go/${open.displayId}?source=feed`]);
    expect(of(full.displayId).at(-1)).toBe(`Run page: ${ORIGIN}/runs/${full.displayId}`);
  });
});

describe("changes reach the feed at once", () => {
  async function event(displayId: string): Promise<FeedEvent | undefined> {
    return (await feed(RAID)).events.find((e) => label(e) === displayId);
  }

  async function createRaid(): Promise<{ id: number; displayId: string }> {
    await feed(RAID); // warm the caches, so the write must invalidate them
    const res = await t.request("POST", "/api/runs", {
      cookie: owner,
      body: {
        gameId: 1, boosterId: await boosterRow(t.db, "BB-1001"), region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
        completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00",
      },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; displayId: string };
  }

  test("an update bumps SEQUENCE and LAST-MODIFIED, and the old ETag no longer matches", async () => {
    const run = await createRaid();
    const before = (await event(run.displayId))!;
    expect(before.sequence).toBe(0);
    // LAST-MODIFIED counts whole seconds: date the stored revision an hour back.
    await t.db.update(raidRuns).set({ updatedAt: new Date(before.modified - HOUR) }).where(eq(raidRuns.id, run.id));
    everythingChanged();
    const older = (await event(run.displayId))!;
    expect(older.modified).toBe(before.modified - HOUR);
    const etag = (await t.request("GET", RAID)).headers.get("etag")!;

    const res = await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { scheduledDate: "2026-12-01 21:00" } });
    expect(res.status).toBe(200);
    const after = (await event(run.displayId))!;
    expect(after.sequence).toBe(1);
    expect(after.modified).toBeGreaterThan(older.modified);
    expect(after.start - before.start).toBe(HOUR);
    expect((await t.request("GET", RAID, { headers: { "if-none-match": etag } })).status).toBe(200);

    // A second update in the same second still changes SEQUENCE.
    await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { difficulty: "normal_10" } });
    expect((await event(run.displayId))!.sequence).toBe(2);
  });

  test("an expired or deleted run, or one that started, leaves the feed", async () => {
    const expired = await createRaid();
    const deleted = await createRaid();
    expect(await event(expired.displayId)).toBeDefined();
    expect(await event(deleted.displayId)).toBeDefined();
    expect((await t.request("PATCH", `/api/runs/${expired.id}`, { cookie: owner, body: { status: "expired" } })).status).toBe(200);
    expect(await event(expired.displayId)).toBeUndefined();
    expect((await t.request("DELETE", `/api/runs/${deleted.id}`, { cookie: owner })).status).toBe(200);
    expect(await event(deleted.displayId)).toBeUndefined();

    const first = (await feed(RAID)).events[0]!;
    t.setNow(new Date(first.start + 1));
    expect(await event(label(first))).toBeUndefined();
  });

  test("deleting a booster takes their runs out and counts that as a revision", async () => {
    const run = await createRaid();
    expect(await event(run.displayId)).toBeDefined();
    const users = (await (await t.request("GET", "/api/users", { cookie: owner })).json()) as { id: number; email: string }[];
    const booster = users.find((u) => u.email === "booster@example.com")!;
    expect((await t.request("DELETE", `/api/users/${booster.id}`, { cookie: owner })).status).toBe(200);
    expect(await event(run.displayId)).toBeUndefined();
    const [row] = await t.db.select({ revision: raidRuns.revision }).from(raidRuns).where(eq(raidRuns.id, run.id));
    expect(row!.revision).toBe(1);
  });
});

describe("not found", () => {
  test("an unknown slug, a game without runs, or a name without .ics is 404", async () => {
    for (const path of ["/calendars/no-such-game.ics", "/calendars/wow.ics", "/calendars/mop-raid-calendar", "/calendars/.ics", "/calendars/%E0%A4%A.ics"]) {
      const res = await t.request("GET", path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).toBe("Calendar not found");
    }
  });

  test("a hidden game's feed is 404 once it is hidden", async () => {
    expect((await feed("/calendars/desert-perpetual-calendar.ics")).res.status).toBe(200);
    // Outside production the dev flag decides what the public sees.
    const res = await t.request("PATCH", "/api/games/5/dev-visibility", { cookie: owner, body: { devVisible: false } });
    expect(res.status).toBe(200);
    expect((await t.request("GET", "/calendars/desert-perpetual-calendar.ics")).status).toBe(404);
  });
});
