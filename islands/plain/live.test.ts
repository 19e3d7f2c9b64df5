// The run page's live script on the page's own markup (rendered by RunPage), with a fake
// EventSource standing in for /live/runs/{displayId}. In a real browser: scripts/e2e/live.e2e.ts.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { RunPage } from "../../src/pages/run/page";
import type { PublicRun } from "../../src/readModel/runPages";
import type { LiveRun } from "../../src/readModel/liveViews";
import { SilentEventSource } from "../../src/testing/preload";

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((e: { data: string; lastEventId: string }) => unknown)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: { data: string; lastEventId: string }) => unknown) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  async emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? []) await fn({ data: JSON.stringify(data), lastEventId: "b-1" });
  }
}

const START = "2026-12-01T19:00:00.000Z";
const page = {
  game: { id: 1, slug: "mop-raid-calendar", name: "MoP Raids", parentGameId: null }, parent: null, calendar: "/game/mop-raid-calendar", updatedAt: 0,
  run: {
    kind: "raid", id: 57, displayId: "MOP-57", gameId: 1, title: "WoW Raid Run", startsAt: START, timezone: "CET", status: "available",
    region: "EU", raidId: 1, raid: { name: "Mogu'shan Vaults" }, difficulty: "heroic_25", faction: { name: "Alliance" }, completionMode: null,
    gameplayType: null, crossRealmAvailable: false, classRestrictions: [], booster: { boosterId: "BB-1001" }, scheduledDate: "2026-12-01 20:00",
    revision: 0, updatedAt: START, boosterId: 1, factionId: 1, completionModeId: null, spots: 5, spotsTaken: 0, spotsLeft: 5, availability: "open",
  },
} as unknown as PublicRun;

let loads = 0;
async function open(live: Partial<LiveRun> = {}) {
  const state: LiveRun = { displayId: "MOP-57", status: "available", availability: "open", spotsLeft: 5, startsAt: START, ...live };
  document.body.innerHTML = renderToStaticMarkup(RunPage({ viewer: null, page, url: "http://x/runs/MOP-57", calendarHref: "/game/mop-raid-calendar", addToCalendar: null, live: state, liveSince: "b-3", alerts: { notify: false, remind: false } }));
  await import(`./live.ts?load=${++loads}`);
  return FakeEventSource.last!;
}
const $ = (sel: string) => document.querySelector<HTMLElement>(sel)!;
const run = (over: Partial<LiveRun>) => ({ displayId: "MOP-57", status: "available", availability: "open", spotsLeft: 5, startsAt: START, ...over });

beforeEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = SilentEventSource;
  document.body.innerHTML = "";
});

test("follows its run's stream; places show beside the booking button, which gives way when the run is full", async () => {
  const source = await open();
  expect(source.url).toBe("/live/runs/MOP-57?since=b-3");
  expect($("[data-live-state]").textContent).toBe("5 spots left");
  await source.emit("run", run({ availability: "few", spotsLeft: 1 }));
  expect($("[data-live-state]").textContent).toBe("1 spot left");
  expect($("[data-live-announce]").textContent).toBe("MOP-57 has 1 spot left");
  await source.emit("run", run({ availability: "full", spotsLeft: 0 }));
  expect($("[data-live-state]").textContent).toBe("Full");
  expect($("[data-live-book]").hidden).toBe(true);
  expect($("[data-live-announce]").textContent).toBe("MOP-57 is now full");
});

test("a rescheduled run's time lines move in place; the countdown reads the new start", async () => {
  const source = await open();
  const later = "2026-12-02T20:30:00.000Z";
  await source.emit("run", run({ startsAt: later }));
  expect($(".run-page__time time").getAttribute("datetime")).toBe(later);
  expect($(".run-page__time time").textContent).toContain("21:30");
  expect($("[data-live-alt]").textContent).toContain("15:30");
  expect($("[data-when]").dataset.start).toBe(String(Date.parse(later)));
});

test("removed: the page says the run is no longer offered and the booking button goes", async () => {
  const source = await open();
  await source.emit("removed", { displayId: "MOP-57" });
  expect($("[data-live-gone]").hidden).toBe(false);
  expect($("[data-live-book]").hidden).toBe(true);
  expect($("[data-live-announce]").textContent).toBe("MOP-57 is no longer offered");
  expect(source.closed).toBe(true);
});

test("reset: the state is taken from the page as the server renders it now (410: gone)", async () => {
  const source = await open();
  globalThis.fetch = (async () => new Response("gone", { status: 410 })) as unknown as typeof fetch;
  await source.emit("reset", {});
  expect($("[data-live-gone]").hidden).toBe(false);
});
