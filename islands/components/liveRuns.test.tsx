// The calendars' live updates at the component level: the raid calendar with a fake
// EventSource standing in for /live/calendars/{slug} (the stream itself: src/public/liveRoutes.test.ts,
// in a real browser: scripts/e2e/live.e2e.ts).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import RaidCalendar, { type RaidCalendarProps } from "../RaidCalendar/RaidCalendar";
import { withKindText } from "../../src/kinds/calendarAdapter";
import { raidCalendarText } from "../../src/kinds/raid/calendar";
import { defaultRaidFilters, type RaidCalendarRun, type RaidRefs } from "../../src/kinds/raid/filters";
import { calendarText } from "../../src/shared/calendarText";
import { serializeProps } from "../../src/render/serialize";
import { announcement } from "./liveAnnouncement";
import { SilentEventSource } from "../../src/testing/preload";

class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: { data: string; lastEventId: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: { data: string; lastEventId: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown, id: string) {
    act(() => {
      for (const fn of this.listeners.get(name) ?? []) fn({ data: JSON.stringify(data), lastEventId: id });
    });
  }
  static get open() {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
}

const PATH = "/game/mop-raid-calendar";
const refs: RaidRefs = {
  raids: [{ id: 1, name: "Mogu'shan Vaults", slug: "mogushan-vaults" }],
  factions: [{ region: "EU", name: "Alliance" }, { region: "US", name: "Horde" }],
};
const DAY = 86_400_000;
const BASE = Date.parse("2026-12-01T19:00:00Z");
const run = (id: number, over: Partial<RaidCalendarRun> = {}): RaidCalendarRun => ({
  id, label: `MOP-${id}`, startsAt: BASE + id * DAY, booster: "BB-1001", region: "EU", raidId: 1, difficulty: "normal_10",
  faction: "Alliance", mode: null, gameplay: null, classes: [], spotsLeft: null, availability: "open", ...over,
});
const text = withKindText(calendarText(), raidCalendarText());
const props = (runs: RaidCalendarRun[]): RaidCalendarProps => ({
  path: PATH, runs, filters: defaultRaidFilters(refs), zone: "CET", refs, feedUrl: "https://x.example/c.ics", text, liveSince: "b-5",
});
const live = (id: number, over: Record<string, unknown> = {}) => ({
  displayId: `MOP-${id}`, status: "available", availability: "open", spotsLeft: null, startsAt: new Date(BASE + id * DAY).toISOString(), ...over,
});
const labels = () => [...document.querySelectorAll(".run-grid > li .run-card__id")].map((e) => e.textContent);
const card = (label: string) => screen.getByText(label, { selector: ".run-card__id" }).closest("li")! as HTMLElement;
/** The page as the server renders it now: what `reset` and "show" fetch. */
const pageWith = (runs: RaidCalendarRun[]) =>
  `<main><div class="island" data-island="RaidCalendar" data-island-id="i0"></div><script type="application/json" data-island-props="i0">${serializeProps(props(runs))}</script></main>`;

let fetched: string[] = [];
function servePage(runs: RaidCalendarRun[]) {
  globalThis.fetch = (async (url: string) => {
    fetched.push(new URL(url).pathname + new URL(url).search);
    return new Response(pageWith(runs), { headers: { "content-type": "text/html" } });
  }) as typeof fetch;
}

beforeEach(() => {
  history.replaceState(null, "", PATH);
  FakeEventSource.all = [];
  fetched = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  cleanup();
  (globalThis as { EventSource?: unknown }).EventSource = SilentEventSource;
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

function start(runs = [run(1), run(2), run(3)]) {
  render(<RaidCalendar {...props(runs)} />);
  const [source] = FakeEventSource.open;
  source!.emit("ready", {}, "b-10");
  return source!;
}

describe("the calendar's stream", () => {
  test("follows the view from the page's position; a region switch resumes from where the list was whole, a reset moves that", async () => {
    const first = start();
    expect(first.url).toBe("/live/calendars/mop-raid-calendar?since=b-5");
    fireEvent.click(within(screen.getByRole("group", { name: text.region })).getByRole("link", { name: "US" }));
    await waitFor(() => expect(first.closed).toBe(true));
    const [second] = FakeEventSource.open;
    expect(second!.url).toBe("/live/calendars/mop-raid-calendar?region=US&since=b-5");
    servePage([run(1), run(2), run(3)]);
    second!.emit("reset", {}, "b-30");
    await waitFor(() => expect(fetched).toEqual([`${PATH}?region=US`]));
    fireEvent.click(within(screen.getByRole("group", { name: text.region })).getByRole("link", { name: "EU" }));
    await waitFor(() => expect(FakeEventSource.open.map((s) => s.url)).toEqual(["/live/calendars/mop-raid-calendar?since=b-30"]));
  });

  test("a changed run changes in place: its time on the card, its places in its data, and an announcement only when it can be acted on", async () => {
    const source = start();
    const link = card("MOP-2").querySelector("a")!;
    link.focus();
    const before = card("MOP-2").querySelector("time")!.getAttribute("datetime");
    source.emit("run", live(2, { startsAt: new Date(BASE + 2 * DAY + 3_600_000).toISOString() }), "b-11");
    expect(card("MOP-2").querySelector("time")!.getAttribute("datetime")).not.toBe(before);
    const message = () => document.querySelector(".live-bar p")!.textContent;
    expect(message()).toBe("");
    source.emit("run", live(2, { availability: "few", spotsLeft: 1 }), "b-12");
    await waitFor(() => expect(message()).toBe("MOP-2 has 1 spot left")); // the texts load with the first change
    source.emit("run", live(2, { availability: "full", spotsLeft: 0 }), "b-13");
    await waitFor(() => expect(message()).toBe("MOP-2 is now full"));
    source.emit("run", live(2, { availability: "open", spotsLeft: 4 }), "b-14");
    await waitFor(() => expect(message()).toBe("MOP-2 has spots again"));
    // Nothing moved and focus stayed on the card's link.
    expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3"]);
    expect(document.activeElement).toBe(link);
  });

  test("a removed run fades, then leaves; focus inside it moves to its neighbour", async () => {
    const source = start();
    card("MOP-2").querySelector("a")!.focus();
    source.emit("removed", { displayId: "MOP-2" }, "b-11");
    expect(card("MOP-2").className).toContain("run-card--leaving"); // fading
    await waitFor(() => expect(labels()).toEqual(["MOP-1", "MOP-3"]));
    expect(document.activeElement).toBe(card("MOP-3").querySelector("a"));
  });

  test("new runs wait behind a polite 'n new runs, show'; showing them fetches the page's list and focuses the first", async () => {
    const source = start();
    source.emit("run", live(4), "b-11");
    expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3"]);
    const bar = document.querySelector(".live-bar")!;
    expect(bar.getAttribute("aria-live")).toBe("polite");
    await waitFor(() => expect(bar.querySelector("button")!.textContent).toBe("1 new run, show"));
    source.emit("run", live(5), "b-12");
    expect(bar.querySelector("button")!.textContent).toBe("2 new runs, show");
    servePage([run(1), run(2), run(3), run(4), run(5)]);
    fireEvent.click(screen.getByRole("button", { name: "2 new runs, show" }));
    await waitFor(() => expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3", "MOP-4", "MOP-5"]));
    expect(fetched).toEqual([PATH]);
    expect(bar.querySelector("button")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(card("MOP-4").querySelector("a")));
  });

  test("a run that moved into the view from another region is offered too (its card must be refetched)", async () => {
    const source = start([run(1), run(2, { region: "US", faction: "Horde" })]);
    expect(labels()).toEqual(["MOP-1"]);
    source.emit("run", live(2), "b-11");
    await waitFor(() => expect(document.querySelector(".live-bar button")!.textContent).toBe("1 new run, show"));
  });

  test("reset refetches the list from the page", async () => {
    const source = start();
    servePage([run(1), run(3), run(6)]);
    source.emit("reset", {}, "b-40");
    await waitFor(() => expect(labels()).toEqual(["MOP-1", "MOP-3", "MOP-6"]));
  });
});

test("announcements: only changes a visitor can act on", () => {
  expect(announcement("X-1", "open", "open", 5)).toBeNull();
  expect(announcement("X-1", "few", "few", 1)).toBeNull();
  expect(announcement("X-1", "open", "few", 2)).toBe("X-1 has 2 spots left");
  expect(announcement("X-1", "few", "full", 0)).toBe("X-1 is now full");
  expect(announcement("X-1", "open", "closed", 3)).toBe("Booking for X-1 is now closed");
  expect(announcement("X-1", "closed", "open", 3)).toBe("X-1 has spots again");
  expect(announcement("X-1", "few", "open", 4)).toBeNull();
});
