import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games, raidRuns } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { SERVER_KINDS } from "../../kinds/server.generated";
import { runLabel } from "../../kinds/registry";
import { formatScheduled } from "../../domain/time";

const STORE = "https://store.example.test/raids";
let t: TestApp;
beforeAll(async () => {
  await resetDb();
  t = await makeTestApp({ env: { STOREFRONT_RAID_URL: STORE } });
}, 60_000); // builds the island bundle once

async function get(path: string) {
  const res = await t.request("GET", path);
  const html = await res.text();
  // The body only: happy-dom would try to fetch the head's stylesheet.
  const doc = new DOMParser().parseFromString(html.slice(html.indexOf("<body>")), "text/html");
  const cards = [...doc.querySelectorAll(".run-grid > li")].map((li) => ({
    label: li.querySelector(".run-card__id")!.textContent!,
    time: li.querySelector(".run-card__time")!.textContent!,
    text: li.textContent!,
  }));
  const props = (name: string) => {
    const el = doc.querySelector(`[data-island="${name}"]`);
    return el ? JSON.parse(doc.querySelector(`script[data-island-props="${el.getAttribute("data-island-id")}"]`)!.textContent!) : null;
  };
  return { res, html, doc, cards, props };
}

describe("routes and 404s", () => {
  test("/game/{slug} and /category/{parent}/{slug} render the calendar", async () => {
    for (const path of ["/game/mop-raid-calendar", "/category/wow/mop-raid-calendar"]) {
      const { res, doc, cards } = await get(path);
      expect(res.status).toBe(200);
      expect(doc.querySelector("h1")!.textContent).toBe("MoP Raid Calendar");
      expect(cards.length).toBeGreaterThan(0);
    }
  });

  test("an unknown game is 'Game not found' with 'Back to Games' and status 404", async () => {
    const { res, doc } = await get("/game/no-such-game");
    expect(res.status).toBe(404);
    expect(doc.querySelector("h1")!.textContent).toBe("Game not found");
    const back = [...doc.querySelectorAll("a")].find((a) => a.textContent === "Back to Games")!;
    expect(back.getAttribute("href")).toBe("/");
  });

  test("a child under the wrong parent, or an unknown parent, is 404", async () => {
    expect((await get("/category/d2/mop-raid-calendar")).res.status).toBe(404);
    expect((await get("/category/nope/mop-raid-calendar")).res.status).toBe(404);
    expect((await get("/category/d2/desert-perpetual-calendar")).res.status).toBe(200);
  });

  test("a hidden game's calendar, or one whose parent is hidden, is not public", async () => {
    // Tests run outside production: the dev visibility flag decides.
    await t.db.update(games).set({ devVisible: false }).where(eq(games.slug, "mop-challenge-mode-calendar"));
    await t.db.update(games).set({ devVisible: false }).where(eq(games.slug, "d2"));
    try {
      expect((await get("/game/mop-challenge-mode-calendar")).res.status).toBe(404);
      expect((await get("/category/wow/mop-challenge-mode-calendar")).res.status).toBe(404);
      expect((await get("/game/desert-perpetual-calendar")).res.status).toBe(404);
      expect((await get("/game/mop-raid-calendar")).res.status).toBe(200);
    } finally {
      await t.db.update(games).set({ devVisible: true });
    }
  });

  test("a visible game without a run calendar shows the empty state, not a 404", async () => {
    const { res, html } = await get("/game/wow");
    expect(res.status).toBe(200);
    expect(html).toContain("No runs available");
    expect(html).toContain("Back to Games");
  });
});

describe("page frame", () => {
  test("raid page: WoW breadcrumb, back to the category, footer note and 'Looking for something else?'", async () => {
    const { doc, html } = await get("/game/mop-raid-calendar");
    const crumb = doc.querySelector("nav[aria-label=Breadcrumb]")!;
    expect(crumb.querySelector("a")!.textContent).toBe("WoW");
    expect(crumb.querySelector("a")!.getAttribute("href")).toBe("/category/wow");
    expect(crumb.querySelector("[aria-current=page]")!.textContent).toBe("MoP Raid Calendar");
    const back = [...doc.querySelectorAll("a")].find((a) => a.textContent === "Back to Game Category")!;
    expect(back.getAttribute("href")).toBe("/category/wow");
    expect(html).toContain("All runs are posted by verified raid leaders.");
    expect(html).toContain("Looking for something else?");
    const contact = [...doc.querySelectorAll("a")].find((a) => a.textContent === "Contact us")!;
    expect(contact.getAttribute("href")).toBe(STORE);
    expect(html).toContain("Admin &amp; Seller Login");
  });

  test("desert page: D2 breadcrumb and no 'Looking for something else?' box", async () => {
    const { doc, html } = await get("/game/desert-perpetual-calendar");
    expect(doc.querySelector("nav[aria-label=Breadcrumb] a")!.textContent).toBe("D2");
    expect(html).not.toContain("Looking for something else?");
    expect(html).toContain("All runs are posted by verified raid leaders.");
  });

  test("a signed-in booster sees the welcome line and Manage Runs instead of the login button", async () => {
    const res = await t.request("GET", "/game/mop-raid-calendar", { cookie: await t.cookieFor("booster@example.com") });
    const html = await res.text();
    expect(html).toContain("Manage Runs");
    expect(html).toContain("BB-1001");
    expect(html).not.toContain("Admin &amp; Seller Login");
  });
});

describe("server-rendered filters and visibility", () => {
  test("only available runs still ahead are sent and shown, without booster emails", async () => {
    const { html, props } = await get("/game/mop-raid-calendar");
    const expected = await SERVER_KINDS.raid.list(t.db, { gameId: 1, publicAt: TEST_NOW }, TEST_NOW);
    const all = await SERVER_KINDS.raid.list(t.db, { gameId: 1 }, TEST_NOW);
    expect(all.length).toBeGreaterThan(expected.length);
    expect(props("RaidCalendar").runs.map((r: { id: number }) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(html).not.toContain("@example.com");
    // A run that starts in the past disappears once the clock passes it.
    const [first] = expected;
    await t.db.update(raidRuns).set({ startsAt: new Date(TEST_NOW.getTime() - 60_000) }).where(eq(raidRuns.id, first!.id));
    try {
      const after = await get("/game/mop-raid-calendar");
      expect(after.props("RaidCalendar").runs.some((r: { id: number }) => r.id === first!.id)).toBe(false);
    } finally {
      await t.db.update(raidRuns).set({ startsAt: new Date(first!.startsAt) }).where(eq(raidRuns.id, first!.id));
    }
  });

  test("the default view: EU, Mogu'shan Vaults, CET, sorted by start time", async () => {
    const { cards, props } = await get("/game/mop-raid-calendar");
    const p = props("RaidCalendar");
    const msv = p.refs.raids.find((r: { name: string }) => r.name === "Mogu'shan Vaults").id;
    const runs = (await SERVER_KINDS.raid.list(t.db, { gameId: 1, publicAt: TEST_NOW }, TEST_NOW)).filter((r) => r.region === "EU" && r.raidId === msv);
    expect(cards.map((c) => c.label)).toEqual(runs.map(runLabel));
    expect(cards.map((c) => c.time)).toEqual(runs.map((r) => `${formatScheduled(new Date(r.startsAt), "CET").slice(11)} CET`));
    expect(p.zone).toBe("CET");
  });

  test("a query string renders exactly that view (region, raid, difficulty, zone)", async () => {
    const base = (await get("/game/mop-raid-calendar")).props("RaidCalendar");
    const hof = base.refs.raids.find((r: { slug: string }) => r.slug === "heart-of-fear").id;
    const pub = (await SERVER_KINDS.raid.list(t.db, { gameId: 1, publicAt: TEST_NOW }, TEST_NOW)).filter((r) => r.region === "US" && r.raidId === hof);
    const difficulty = pub[0]!.difficulty;
    const { cards, doc } = await get(`/game/mop-raid-calendar?region=US&raid=heart-of-fear&difficulty=${difficulty}&tz=EST`);
    const want = pub.filter((r) => r.difficulty === difficulty);
    expect(want.length).toBeGreaterThan(0);
    expect(cards.map((c) => c.label)).toEqual(want.map(runLabel));
    expect(cards.map((c) => c.time)).toEqual(want.map((r) => `${formatScheduled(new Date(r.startsAt), "EST").slice(11)} EST`));
    expect(doc.querySelector(".tabs [aria-current=page]")!.textContent).toBe(`Heart of Fear ${want.length} ${want.length === 1 ? "1 run" : `${want.length} runs`}`);
    expect(doc.querySelector("select[name=difficulty] option[selected]")!.getAttribute("value")).toBe(difficulty);
    // Filter links carry the other filters; EST is a US view's default, so the EU link goes back to CET.
    const eu = [...doc.querySelectorAll(".segmented__item")].find((a) => a.textContent === "EU")!;
    expect(eu.getAttribute("href")).toBe(`/game/mop-raid-calendar?raid=heart-of-fear&difficulty=${difficulty}`);
  });

  test("with no tz a US view shows EST and an EU view CET; tz equal to the default is the same page", async () => {
    const us = await get("/game/mop-raid-calendar?region=US");
    expect(us.props("RaidCalendar").zone).toBe("EST");
    for (const c of us.cards) expect(c.time).toEndWith(" EST");
    const explicit = await get("/game/mop-raid-calendar?region=US&tz=EST");
    expect(explicit.res.headers.get("etag")).toBe(us.res.headers.get("etag"));
    expect(explicit.html).toBe(us.html);
    const cet = await get("/game/mop-raid-calendar?region=US&tz=CET");
    for (const c of cet.cards) expect(c.time).toEndWith(" CET");
    expect(cet.doc.querySelector("input[type=hidden][name=tz]")!.getAttribute("value")).toBe("CET");
    // A US challenge-mode faction is a US view too; the desert has no region (CET).
    const challenge = await get("/category/wow/mop-challenge-mode-calendar?faction=US+Horde");
    expect(challenge.props("ChallengeCalendar").zone).toBe("EST");
    expect((await get("/game/desert-perpetual-calendar")).props("DesertCalendar").zone).toBe("CET");
    // tz=local is the browser's business: the server renders the view's default zone.
    const local = await get("/game/mop-raid-calendar?region=US&tz=local");
    expect(local.html).toBe(us.html);
  });

  test("raid tabs count the runs each holds for the filters; the disclosure counts active filters", async () => {
    const { doc, props } = await get("/game/mop-raid-calendar?region=US&difficulty=heroic_25");
    const p = props("RaidCalendar");
    const pub = (await SERVER_KINDS.raid.list(t.db, { gameId: 1, publicAt: TEST_NOW }, TEST_NOW)).filter((r) => r.region === "US" && r.difficulty === "heroic_25");
    for (const raid of p.refs.raids as { id: number; name: string }[]) {
      const n = pub.filter((r) => r.raidId === raid.id).length;
      const tab = [...doc.querySelectorAll(".tabs__tab")].find((a) => a.textContent!.startsWith(raid.name))!;
      expect(tab.querySelector(".tabs__count")!.textContent).toBe(String(n));
    }
    expect(doc.querySelector("details.filters > summary")!.textContent).toBe("Filters (2 active)");
  });

  test("garbage in the query gives the default view, never an error", async () => {
    const clean = await get("/game/mop-raid-calendar");
    const { res, cards } = await get("/game/mop-raid-calendar?region=XX&raid=%3Cscript%3E&difficulty=mythic&tz=PST&faction=&class=Monk&gameplay=afk");
    expect(res.status).toBe(200);
    expect(cards.map((c) => c.label)).toEqual(clean.cards.map((c) => c.label));
  });

  test("without JavaScript: a submit button applies the selects, CONTACT US is the run's booking link in a new tab", async () => {
    const { doc } = await get("/game/mop-raid-calendar?tz=EST");
    const form = doc.querySelector("form[method=get]")!;
    expect(form.getAttribute("action")).toBe("/game/mop-raid-calendar");
    expect(form.querySelector("button[type=submit]")!.textContent).toBe("Apply filters");
    expect(form.querySelector("input[type=hidden][name=tz]")!.getAttribute("value")).toBe("EST");
    const contact = doc.querySelector(".run-grid a.button")!;
    expect(contact.textContent).toBe("CONTACT US");
    const id = contact.closest("li")!.querySelector(".run-card__id")!.textContent!;
    expect(contact.getAttribute("aria-label")).toBe(`Contact us about ${id}`);
    expect(contact.getAttribute("href")).toBe(`/go/${id}?source=calendar`);
    expect(contact.getAttribute("target")).toBe("_blank");
    expect(contact.getAttribute("rel")).toBe("noopener");
  });

  test("challenge mode: faction must match; 'Pilot Only' also shows 'Selfplay & Pilot'", async () => {
    const { cards } = await get("/category/wow/mop-challenge-mode-calendar?faction=US+Horde&mode=Pilot+Only");
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) {
      expect(c.text).toContain("US Horde");
      expect(c.text).toContain("9/9 Gold Challenge Modes");
      expect(c.text).toMatch(/Pilot Only|Selfplay & Pilot/);
    }
    const all = await get("/category/wow/mop-challenge-mode-calendar");
    for (const c of all.cards) expect(c.text).toContain("EU Alliance");
  });

  test("desert: 'All Feats Run' shows only five-feat runs, labels fall back to TDP-{id}", async () => {
    const { cards } = await get("/game/desert-perpetual-calendar?feats=all");
    const pub = await SERVER_KINDS.desert.list(t.db, { gameId: 5, publicAt: TEST_NOW }, TEST_NOW);
    expect(cards.map((c) => c.label)).toEqual(pub.filter((r) => r.feats.length === 5).map(runLabel));
    for (const c of cards) expect(c.text).toContain("5 Feats Run");
    const none = await get("/game/desert-perpetual-calendar?feats=none&completion=sherpa_only");
    for (const c of none.cards) {
      expect(c.text).toContain("No Feats Run");
      expect(c.text).toContain("Sherpa Only");
    }
  });

  test("an empty view shows the kind's empty state", async () => {
    await t.db.update(raidRuns).set({ status: "expired" });
    try {
      const { html, doc } = await get("/game/mop-raid-calendar");
      expect(html).toContain("No runs available");
      // Nothing to reset in the default view; a filtered empty view links back to it.
      expect([...doc.querySelectorAll("a")].some((a) => a.textContent === "Reset filters")).toBe(false);
      const filtered = await get("/game/mop-raid-calendar?difficulty=heroic_25&tz=EST");
      const reset = [...filtered.doc.querySelectorAll("a")].find((a) => a.textContent === "Reset filters")!;
      expect(reset.getAttribute("href")).toBe("/game/mop-raid-calendar?tz=EST");
    } finally {
      await resetDb();
    }
  });
});
