// What visitors see of a run's places (issue #28, docs/decisions/27-what-visitors-see-of-places.md):
// the public API's spotsLeft and availability in every state, a cached page that turns
// "Booking closed" at the cutoff without any write, the ?open=1 filter on the server-rendered
// calendars (the no-JavaScript view) and in the canonical cache key, the run page's
// booking control and JSON-LD, and "Full" in the calendar feed.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { everythingChanged } from "../../db/changes";
import { challengeModeRuns, desertPerpetualRuns, games, raidRuns, raids } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { boosterRow, makeRun } from "../testing/factories";
import { GAME_IDS } from "../shared/enums";

let t: TestApp;
let b1: number;
beforeAll(async () => {
  // Strict: only the app's own change feed and clock may make a page fresh (no write in the cutoff test).
  t = await makeTestApp({ strict: true });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  b1 = await boosterRow(t.db, "BB-1001");
  // Only this file's runs: the demo runs would blur the counts.
  for (const table of [raidRuns, challengeModeRuns, desertPerpetualRuns]) await t.db.delete(table);
});

const MIN = 60_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/** One raid run in each state, as of TEST_NOW (cutoff 15 min, the default). */
async function everyState() {
  const runs = {
    untracked: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(24 * 60 * MIN) }),
    open: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(25 * 60 * MIN), spots: 10, spotsTaken: 3 }),
    few: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(26 * 60 * MIN), spots: 10, spotsTaken: 8 }),
    one: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(27 * 60 * MIN), spots: 5, spotsTaken: 4 }),
    full: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(28 * 60 * MIN), spots: 4, spotsTaken: 4 }),
    // Starts in 10 minutes: inside the 15-minute cutoff, places left or not.
    closed: await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(10 * MIN), spots: 10, spotsTaken: 1 }),
  };
  everythingChanged(); // the factory wrote behind the app's back
  return runs;
}

async function page(path: string) {
  const res = await t.request("GET", path);
  const html = await res.text();
  const inert = html.replace(/<link rel="stylesheet"[^>]*>/, "").replaceAll('<script type="module"', '<script type="text/plain"');
  const doc = new DOMParser().parseFromString(inert, "text/html");
  const cards = new Map([...doc.querySelectorAll(".run-grid > li")].map((li) => [li.querySelector(".run-card__id")!.textContent!, li]));
  return { res, html, doc, cards };
}

type ApiRun = { displayId: string; spots: number | null; spotsTaken: number; spotsLeft: number | null; availability: string };
const publicList = async (path = "/api/runs") => (await (await t.request("GET", path)).json()) as ApiRun[];

describe("the public API", () => {
  test("every run answers spotsLeft and availability: open, few, full, closed, and untracked places", async () => {
    const r = await everyState();
    const byId = new Map((await publicList()).map((x) => [x.displayId, x]));
    const state = (id: string) => {
      const x = byId.get(id)!;
      return { spots: x.spots, spotsLeft: x.spotsLeft, availability: x.availability };
    };
    expect(state(r.untracked.displayId)).toEqual({ spots: null, spotsLeft: null, availability: "open" });
    expect(state(r.open.displayId)).toEqual({ spots: 10, spotsLeft: 7, availability: "open" });
    expect(state(r.few.displayId)).toEqual({ spots: 10, spotsLeft: 2, availability: "few" });
    expect(state(r.one.displayId)).toEqual({ spots: 5, spotsLeft: 1, availability: "few" });
    expect(state(r.full.displayId)).toEqual({ spots: 4, spotsLeft: 0, availability: "full" });
    expect(state(r.closed.displayId)).toEqual({ spots: 10, spotsLeft: 9, availability: "closed" });
    // The paged form answers the same fields.
    const paged = (await (await t.request("GET", "/api/runs?page=1&pageSize=50")).json()) as { runs: ApiRun[] };
    expect(paged.runs.find((x) => x.displayId === r.full.displayId)!.availability).toBe("full");
  });

  test("the cutoff is the game's: a longer cutoff closes a run earlier", async () => {
    const run = await makeRun(t.db, "challenge", { boosterId: b1, startsAt: at(50 * MIN), spots: 5 });
    everythingChanged();
    expect((await publicList("/api/challenge-mode-runs"))[0]!.availability).toBe("open");
    await t.db.update(games).set({ bookingCutoffMinutes: 60 }).where(eq(games.id, GAME_IDS.challenge));
    everythingChanged();
    const [x] = await publicList("/api/challenge-mode-runs");
    expect(x).toMatchObject({ displayId: run.displayId, availability: "closed", spotsLeft: 5 });
  });

  test("staff answers carry the places and the same state a visitor sees", async () => {
    const r = await everyState();
    const owner = await t.cookieFor("owner@example.com");
    const runs = (await (await t.request("GET", "/api/runs", { cookie: owner })).json()) as ApiRun[];
    const full = runs.find((x) => x.displayId === r.full.displayId)!;
    expect(full).toMatchObject({ spots: 4, spotsTaken: 4, spotsLeft: 0, availability: "full" });
  });
});

describe("time without a write: the cutoff passes", () => {
  test("a cached calendar, run page and API answer turn 'Booking closed' at the cutoff instant", async () => {
    // Starts in 30 minutes: booking closes in 15.
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(30 * MIN), spots: 6, spotsTaken: 1 });
    everythingChanged();
    const before = await page("/game/mop-raid-calendar");
    expect(before.cards.get(run.displayId)!.textContent).toContain("5 spots left");
    expect((await page(`/runs/${run.displayId}`)).doc.querySelector(".run-page__book a[href^='/go/']")).not.toBeNull();

    t.setNow(at(15 * MIN - 1)); // a millisecond before: still cached, still open
    expect((await page("/game/mop-raid-calendar")).html).toBe(before.html);

    t.setNow(at(15 * MIN)); // the cutoff: no write happened, the page must change anyway
    const after = await page("/game/mop-raid-calendar");
    const card = after.cards.get(run.displayId)!;
    expect(card.textContent).toContain("Booking closed");
    expect(card.textContent).not.toContain("CONTACT US");
    expect((await publicList()).find((x) => x.displayId === run.displayId)!.availability).toBe("closed");
    const runPage = await page(`/runs/${run.displayId}`);
    expect(runPage.doc.querySelector(".run-page__book a[href^='/go/']")).toBeNull();
    expect(runPage.doc.querySelector(".run-page__book h2")!.textContent).toBe("Booking closed");
  });
});

describe("calendar cards without JavaScript", () => {
  test("places, the few state, Full and Booking closed; nothing for untracked places; no booking link on full or closed", async () => {
    const r = await everyState();
    const { cards } = await page("/game/mop-raid-calendar");
    const badge = (id: string) => {
      const el = cards.get(id)!.querySelector(".spots");
      return el ? { text: el.textContent, state: el.getAttribute("data-availability") } : null;
    };
    const booking = (id: string) => cards.get(id)!.querySelector(`a[href="/go/${id}?source=calendar"]`);
    expect(badge(r.untracked.displayId)).toBeNull();
    expect(badge(r.open.displayId)).toEqual({ text: "7 spots left", state: "open" });
    expect(badge(r.few.displayId)).toEqual({ text: "2 spots left", state: "few" });
    expect(badge(r.one.displayId)).toEqual({ text: "1 spot left", state: "few" });
    expect(badge(r.full.displayId)).toEqual({ text: "Full", state: "full" });
    expect(badge(r.closed.displayId)).toEqual({ text: "Booking closed", state: "closed" });
    expect(cards.get(r.few.displayId)!.querySelector(".spots")!.className).toContain("spots--few");
    for (const id of [r.untracked, r.open, r.few, r.one].map((x) => x.displayId)) expect(booking(id)).not.toBeNull();
    for (const id of [r.full, r.closed].map((x) => x.displayId)) {
      expect(booking(id)).toBeNull();
      expect(cards.get(id)!.textContent).not.toContain("CONTACT US");
    }
  });
});

describe("?open=1: only runs with free spots", () => {
  test("hides full and closed runs on the server-rendered page, and the tab counts follow", async () => {
    const r = await everyState();
    const [hof] = await t.db.select({ id: raids.id }).from(raids).where(eq(raids.name, "Heart of Fear"));
    const heartOfFear = await makeRun(t.db, "raid", { boosterId: b1, raidId: hof!.id, spots: 2, spotsTaken: 2 });
    everythingChanged();
    const all = await page("/game/mop-raid-calendar");
    const open = await page("/game/mop-raid-calendar?open=1");
    expect([...all.cards.keys()].sort()).toEqual(Object.values(r).map((x) => x.displayId).sort());
    expect([...open.cards.keys()].sort()).toEqual([r.untracked, r.open, r.few, r.one].map((x) => x.displayId).sort());
    const count = (doc: Document, name: string) =>
      [...doc.querySelectorAll(".tabs__tab")].find((a) => a.textContent!.startsWith(name))!.querySelector(".tabs__count")!.textContent;
    expect(count(all.doc, "Mogu'shan Vaults")).toBe("6");
    expect(count(open.doc, "Mogu'shan Vaults")).toBe("4");
    expect(heartOfFear.displayId).toBeTruthy();
    expect(count(all.doc, "Heart of Fear")).toBe("1");
    expect(count(open.doc, "Heart of Fear")).toBe("0");
    // The no-JavaScript form carries the checkbox, ticked, and links keep the filter.
    const box = open.doc.querySelector<HTMLInputElement>('form input[type=checkbox][name="open"]')!;
    expect(box.hasAttribute("checked")).toBe(true);
    expect(box.closest("label")!.textContent).toBe("Only runs with free spots");
    expect(all.doc.querySelector('form input[type=checkbox][name="open"]')!.hasAttribute("checked")).toBe(false);
    expect(open.doc.querySelector('form input[type=hidden][name="open"]')).toBeNull(); // the checkbox alone carries it
    expect([...open.doc.querySelectorAll(".tabs__tab")].every((a) => a.getAttribute("href")!.includes("open=1"))).toBe(true);
  });

  test("is part of the canonical cache key: ?open=1 is its own page, other values are the bare page", async () => {
    await everyState();
    const bare = await page("/game/mop-raid-calendar");
    const on = await page("/game/mop-raid-calendar?open=1");
    expect(on.html).not.toBe(bare.html);
    expect(on.doc.querySelector("link[rel=canonical]")!.getAttribute("href")).toBe(`${ORIGIN}/category/wow/mop-raid-calendar?open=1`);
    for (const junk of ["?open=0", "?open=yes", "?open="]) {
      const p = await page(`/game/mop-raid-calendar${junk}`);
      expect(p.res.headers.get("etag")).toBe(bare.res.headers.get("etag"));
    }
    // With the kind's other filters, in a stable order.
    const cm = await page("/game/mop-challenge-mode-calendar?open=1&faction=US+Horde");
    expect(cm.doc.querySelector("link[rel=canonical]")!.getAttribute("href")).toBe(`${ORIGIN}/category/wow/mop-challenge-mode-calendar?faction=US+Horde&open=1`);
  });

  test("every calendar has it: challenge and desert", async () => {
    const cmOpen = await makeRun(t.db, "challenge", { boosterId: b1, spots: 3, spotsTaken: 1 });
    const cmFull = await makeRun(t.db, "challenge", { boosterId: b1, spots: 3, spotsTaken: 3 });
    const dpOpen = await makeRun(t.db, "desert", { boosterId: b1 });
    const dpFull = await makeRun(t.db, "desert", { boosterId: b1, spots: 1, spotsTaken: 1 });
    everythingChanged();
    const cm = await page("/game/mop-challenge-mode-calendar?open=1");
    expect([...cm.cards.keys()]).toEqual([cmOpen.displayId]);
    expect(cm.doc.querySelector('form input[name="open"]')!.hasAttribute("checked")).toBe(true);
    expect([...(await page("/game/mop-challenge-mode-calendar")).cards.keys()].sort()).toEqual([cmOpen.displayId, cmFull.displayId].sort());
    const dp = await page("/game/desert-perpetual-calendar?open=1");
    expect([...dp.cards.keys()]).toEqual([dpOpen.displayId]);
    expect([...(await page("/game/desert-perpetual-calendar")).cards.keys()].sort()).toEqual([dpOpen.displayId, dpFull.displayId].sort());
  });
});

describe("the run page", () => {
  test("places left and the booking button; a full run shows Full instead of the button", async () => {
    const r = await everyState();
    const few = await page(`/runs/${r.few.displayId}`);
    expect(few.doc.querySelector(".run-page__spots")!.textContent).toBe("2 spots left");
    expect(few.doc.querySelector(`.run-page__book a[href="/go/${r.few.displayId}?source=run"]`)).not.toBeNull();
    const full = await page(`/runs/${r.full.displayId}`);
    expect(full.res.status).toBe(200);
    expect(full.doc.querySelector(".run-page__spots")!.textContent).toBe("Full");
    expect(full.doc.querySelector(".run-page__book h2")!.textContent).toBe("Full");
    expect(full.doc.querySelector('a[href^="/go/"]')).toBeNull();
    const untracked = await page(`/runs/${r.untracked.displayId}`);
    expect(untracked.doc.querySelector(".run-page__spots")!.textContent).toBe("");
  });

  test("the JSON-LD Event carries the capacity, places left and the offer's availability", async () => {
    const r = await everyState();
    const event = async (id: string) => JSON.parse((await page(`/runs/${id}`)).doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    const open = await event(r.open.displayId);
    expect(open).toMatchObject({ maximumAttendeeCapacity: 10, remainingAttendeeCapacity: 7, offers: { availability: "https://schema.org/InStock" } });
    // The offer ends when booking closes: 15 minutes before the start (2026-11-22 11:00 UTC is 12:00 CET).
    expect(open.offers.validThrough).toBe("2026-11-22T11:45:00+01:00");
    expect(await event(r.few.displayId)).toMatchObject({ remainingAttendeeCapacity: 2, offers: { availability: "https://schema.org/LimitedAvailability" } });
    expect(await event(r.full.displayId)).toMatchObject({ maximumAttendeeCapacity: 4, remainingAttendeeCapacity: 0, offers: { availability: "https://schema.org/SoldOut" } });
    expect(await event(r.closed.displayId)).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });
    const untracked = await event(r.untracked.displayId);
    expect(untracked.offers.availability).toBe("https://schema.org/InStock");
    expect("maximumAttendeeCapacity" in untracked).toBe(false);
    expect("remainingAttendeeCapacity" in untracked).toBe(false);
  });
});

describe("the calendar feed", () => {
  test("a full run's event says Full in its summary; the others do not", async () => {
    const r = await everyState();
    const ics = await (await t.request("GET", "/calendars/mop-raid-calendar.ics")).text();
    const summaries = ics.replace(/\r\n /g, "").split("\r\n").filter((l) => l.startsWith("SUMMARY:"));
    expect(summaries).toContain(`SUMMARY:Full · Mogu'shan Vaults Normal 10 · ${r.full.displayId}`);
    expect(summaries).toContain(`SUMMARY:Mogu'shan Vaults Normal 10 · ${r.open.displayId}`);
    expect(summaries.filter((s) => s.startsWith("SUMMARY:Full"))).toHaveLength(1);
    // The feed follows ?open=1 like the page.
    const open = await (await t.request("GET", "/calendars/mop-raid-calendar.ics?open=1")).text();
    expect(open).not.toContain(r.full.displayId);
    // The feed's name says so, so two subscriptions can be told apart (lines unfolded).
    expect(open.replace(/\r\n /g, "")).toContain("X-WR-CALNAME:MoP Raid Calendar (EU\\, Mogu'shan Vaults\\, Only runs with free spots) · Runboard");
    expect(open).toContain(r.few.displayId);
  });
});
