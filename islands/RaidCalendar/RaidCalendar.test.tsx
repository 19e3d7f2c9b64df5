import { withKindText } from "../../src/kinds/calendarAdapter";
import { raidCalendarText } from "../../src/kinds/raid/calendar";
import { afterEach, beforeEach, describe, expect, onTestFinished, test } from "bun:test";
import { act } from "react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import RaidCalendar, { type RaidCalendarProps } from "./RaidCalendar";
import { ClockContext, type Clock } from "../components/clock";
import { defaultRaidFilters, type RaidCalendarRun, type RaidRefs } from "../../src/kinds/raid/filters";
import { scheduledToInstant } from "../../src/domain/time";
import { calendarText } from "../../src/shared/calendarText";
import { renderDocument } from "../../src/render/document";
import { Island } from "../../src/pages/island";
import { hydrateIslands } from "../runtime/hydrate";
import { registry } from "../runtime/registry";
import type { Manifest } from "../../src/render/manifest";

const PATH = "/game/mop-raid-calendar";
const FEED = "https://runboard.example/calendars/mop-raid-calendar.ics";
const at = (text: string, zone: "CET" | "EST") => scheduledToInstant(text, zone)!.getTime();
const refs: RaidRefs = {
  raids: [{ id: 1, name: "Mogu'shan Vaults", slug: "mogushan-vaults" }, { id: 2, name: "Heart of Fear", slug: "heart-of-fear" }],
  factions: [{ region: "EU", name: "Alliance" }, { region: "EU", name: "Horde" }, { region: "US", name: "Alliance" }, { region: "US", name: "Horde" }],
};
const run = (id: number, over: Partial<RaidCalendarRun>): RaidCalendarRun => ({
  id, label: `MOP-${id}`, startsAt: 0, booster: "BB-1001", region: "EU", raidId: 1, difficulty: "normal_10",
  faction: "Alliance", mode: null, gameplay: null, classes: [], spotsLeft: null, availability: "open", ...over,
});
const runs = [
  run(2, { startsAt: at("2026-11-22 03:30", "CET"), difficulty: "normal_10", faction: "Horde", mode: "Full Clear", gameplay: "pilot",
    classes: [{ wowClass: "Paladin", specs: ["Healer", "Tank"], serviceType: "Full Gear Priority" }] }),
  run(1, { startsAt: at("2026-11-21 20:00", "CET"), difficulty: "heroic_25" }),
  run(3, { startsAt: at("2026-11-21 21:30", "EST"), region: "US", difficulty: "normal_25", faction: "Horde" }),
  run(4, { startsAt: at("2026-11-23 20:00", "CET"), raidId: 2, difficulty: "heroic_10" }),
];
const props = (over: Partial<RaidCalendarProps> = {}): RaidCalendarProps => ({
  path: PATH, runs, filters: defaultRaidFilters(refs), zone: "CET", refs, feedUrl: FEED, liveSince: "b-0", text: withKindText(calendarText(), raidCalendarText()), ...over,
});

const labels = () => [...document.querySelectorAll(".run-grid > li .run-card__id")].map((e) => e.textContent);
const card = (label: string) => screen.getByText(label, { selector: ".run-card__id" }).closest("li")! as HTMLElement;
const segment = (group: string, name: string) => within(screen.getByRole("group", { name: group })).getByRole("link", { name });

beforeEach(() => {
  history.replaceState(null, "", PATH);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

function renderIsland(p = props()) {
  return render(<RaidCalendar {...p} />);
}

describe("RaidCalendar hydrated from the server's HTML", () => {
  const manifest: Manifest = { client: "/assets/c.js", css: "/assets/a.css", clientImports: [], islands: {} };

  test("hydrates without errors; filters, zone and URL then change in place", async () => {
    const html = renderDocument({ title: "t", manifest, body: <main><Island name="RaidCalendar" props={props()} /></main> });
    document.body.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
    // Server HTML: EU, Mogu'shan Vaults, sorted by start; CONTACT US is the run's booking link and the form has a submit button.
    expect(labels()).toEqual(["MOP-1", "MOP-2"]);
    expect(screen.getByRole("link", { name: "Contact us about MOP-1" }).getAttribute("href")).toBe("/go/MOP-1?source=calendar");
    // The display id links to the run's page.
    expect(screen.getByRole("link", { name: "MOP-2" }).getAttribute("href")).toBe("/runs/MOP-2");
    expect(screen.getByRole("button", { name: "Apply filters" })).toBeTruthy();

    const roots = await act(() => hydrateIslands(document, registry));
    // Unmounted at the end: a hydrated calendar listens to the page's minute clock.
    onTestFinished(() => act(() => { for (const r of roots) r.unmount(); }));
    // After hydration: CONTACT US opens the dialog, and filters apply at once (no submit button).
    expect(screen.getAllByRole("button", { name: /^Contact us about MOP-[12]$/ })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Apply filters" })).toBeNull();

    // A US view with no zone chosen shows EST, its default, and its URL needs no tz.
    fireEvent.click(segment("Region", "US"));
    expect(labels()).toEqual(["MOP-3"]);
    expect(location.pathname + location.search).toBe(`${PATH}?region=US`);
    expect(card("MOP-3").querySelector(".run-card__time")!.textContent).toBe("21:30 EST");
    expect(card("MOP-3").querySelector(".run-card__date")!.textContent).toBe("Sat, Nov 21");

    fireEvent.click(segment("Timezone", "CET"));
    expect(card("MOP-3").querySelector(".run-card__time")!.textContent).toBe("03:30 CET");
    expect(card("MOP-3").querySelector(".run-card__date")!.textContent).toBe("Sun, Nov 22");
    expect(location.search).toBe("?region=US&tz=CET");
    // Links keep the other state: the EU link goes back to EU, where CET is the default.
    expect(segment("Region", "EU").getAttribute("href")).toBe(PATH);
    // Choosing a view's default zone is the same as choosing none, as in the URL.
    fireEvent.click(segment("Timezone", "EST"));
    expect(location.search).toBe("?region=US");
    expect(segment("Region", "EU").getAttribute("href")).toBe(PATH);
  });
});

describe("RaidCalendar filters", () => {
  test("raid tabs default to Mogu'shan Vaults and switch the raid", () => {
    renderIsland();
    const tabs = within(screen.getByRole("navigation", { name: "Raid" }));
    expect(tabs.getByRole("link", { name: /^Mogu'shan Vaults/ }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(tabs.getByRole("link", { name: /^Heart of Fear/ }));
    expect(labels()).toEqual(["MOP-4"]);
    expect(location.search).toBe("?raid=heart-of-fear");
  });

  test("difficulty and gameplay selects filter; an empty result shows 'No runs available'", () => {
    renderIsland();
    fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "heroic_25" } });
    expect(labels()).toEqual(["MOP-1"]);
    fireEvent.change(screen.getByLabelText("Gameplay Type"), { target: { value: "pilot" } });
    expect(labels()).toEqual([]);
    expect(screen.getByText("No runs available")).toBeTruthy();
    expect(location.search).toBe("?difficulty=heroic_25&gameplay=pilot");
  });

  test("class and service type: runs without restrictions always pass, others need a match", () => {
    renderIsland();
    fireEvent.change(screen.getByLabelText("Class"), { target: { value: "Mage" } });
    expect(labels()).toEqual(["MOP-1"]);
    fireEvent.change(screen.getByLabelText("Class"), { target: { value: "Paladin" } });
    expect(labels()).toEqual(["MOP-1", "MOP-2"]);
    fireEvent.change(screen.getByLabelText("Service Type"), { target: { value: "1 Item Guaranteed" } });
    expect(labels()).toEqual(["MOP-1"]);
  });

  test("factions are the chosen region's; changing the region resets the faction to All", () => {
    renderIsland();
    const faction = () => screen.getByLabelText("Faction & Realm") as HTMLSelectElement;
    expect([...faction().options].map((o) => o.textContent)).toEqual(["All", "Alliance", "Horde"]);
    fireEvent.change(faction(), { target: { value: "Horde" } });
    expect(labels()).toEqual(["MOP-2"]);
    fireEvent.click(segment("Region", "US"));
    expect(faction().value).toBe("all");
    expect(labels()).toEqual(["MOP-3"]);
  });

  test("the server's filters and zone are the starting view", () => {
    renderIsland(props({ filters: { ...defaultRaidFilters(refs), region: "US" }, zone: "EST" }));
    expect(labels()).toEqual(["MOP-3"]);
    expect(segment("Timezone", "EST").getAttribute("aria-current")).toBe("true");
    expect(card("MOP-3").querySelector(".run-card__time")!.textContent).toBe("21:30 EST");
  });
});

describe("RaidCalendar cards and contact dialog", () => {
  test("card fields, fallbacks and badges", () => {
    renderIsland();
    const one = within(card("MOP-1"));
    expect(one.getByText("Heroic 25")).toBeTruthy();
    expect(one.getByText("Standard")).toBeTruthy();
    expect(one.getByText("Not specified")).toBeTruthy();
    expect(one.getByText("All Classes & Service Types Available")).toBeTruthy();
    expect(card("MOP-1").textContent).toContain("BB-1001");
    const two = within(card("MOP-2"));
    expect(two.getByText("Full Clear")).toBeTruthy();
    expect(two.getByText("Pilot")).toBeTruthy();
    // The class badge is focusable and described by its tooltip (shown on hover and focus by CSS).
    const badge = two.getByText("Class Limitation");
    expect(badge.tabIndex).toBe(0);
    const tip = document.getElementById(badge.getAttribute("aria-describedby")!)!;
    expect(tip.getAttribute("role")).toBe("tooltip");
    expect(tip.textContent).toBe("Available Classes:Paladin (Healer, Tank) · Full Gear Priority");
  });

  test("CONTACT US opens 'Interested in Run …?' with the summary in the chosen zone, the class restrictions and the booking link", async () => {
    renderIsland(props({ zone: "EST" }));
    fireEvent.click(within(card("MOP-2")).getByRole("button", { name: "Contact us about MOP-2" }));
    const dialog = await screen.findByRole("dialog", { name: "Interested in Run MOP-2?" });
    const text = dialog.textContent!;
    for (const part of ["Sat, Nov 21", "21:30 EST", "Mogu'shan Vaults", "Normal 10", "Horde", "Full Clear", "Pilot", "Ready to Book?", "mention run MOP-2",
      "Paladin (Healer, Tank) · Full Gear Priority", "The store opens in a new tab."]) {
      expect(text).toContain(part);
    }
    const store = within(dialog).getByRole("link", { name: "Book on Blazing Boost" });
    expect(store.getAttribute("href")).toBe("/go/MOP-2?source=calendar");
    expect(store.getAttribute("target")).toBe("_blank");
    expect(store.getAttribute("rel")).toBe("noopener");
    expect(document.getElementById(store.getAttribute("aria-describedby")!)!.textContent).toBe("The store opens in a new tab.");
    // The run into the visitor's calendar: its .ics and Google Calendar's event with the run's UTC times (a raid lasts 3 hours).
    expect(within(dialog).getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe("/runs/MOP-2.ics");
    const google = new URL(within(dialog).getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href")!);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE", text: "Mogu'shan Vaults Normal 10 · MOP-2", dates: "20261122T023000Z/20261122T053000Z",
      details: `Run page: ${location.origin}/runs/MOP-2\nBook: ${location.origin}/go/MOP-2?source=feed`, location: `${location.origin}/runs/MOP-2`,
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("RaidCalendar shows what exists", () => {
  const tab = (name: string) => within(screen.getByRole("navigation", { name: "Raid" })).getByRole("link", { name: new RegExp(`^${name}`) });

  test("each raid tab shows how many runs it holds for the current filters", () => {
    renderIsland();
    expect(tab("Mogu'shan Vaults").textContent).toBe("Mogu'shan Vaults 2 2 runs");
    expect(tab("Heart of Fear").getAttribute("aria-label") ?? tab("Heart of Fear").textContent).toBe("Heart of Fear 1 1 run");
    fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "heroic_10" } });
    expect(tab("Mogu'shan Vaults").textContent).toContain(" 0 runs");
    expect(tab("Heart of Fear").textContent).toContain(" 1 run");
    fireEvent.click(segment("Region", "US"));
    expect(tab("Mogu'shan Vaults").textContent).toContain(" 0 runs");
  });

  test("an empty result offers 'Reset filters', which brings back the default view", () => {
    renderIsland();
    fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "heroic_10" } });
    expect(labels()).toEqual([]);
    const reset = screen.getByRole("link", { name: "Reset filters" });
    expect(reset.getAttribute("href")).toBe(PATH);
    fireEvent.click(reset);
    expect(labels()).toEqual(["MOP-1", "MOP-2"]);
    expect(location.search).toBe("");
    expect(screen.queryByRole("link", { name: "Reset filters" })).toBeNull();
  });

  test("the filters sit in a disclosure that counts the active ones", () => {
    renderIsland();
    const summary = () => document.querySelector("details.filters > summary")!.textContent;
    expect(summary()).toBe("Filters");
    fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "heroic_10" } });
    fireEvent.click(segment("Region", "US"));
    expect(summary()).toBe("Filters (2 active)");
  });
});

describe("RaidCalendar in the viewer's own time", () => {
  /** A clock at a fixed instant in Tokyo that the test moves by hand. */
  function fakeClock(start: number, zone = "Asia/Tokyo") {
    let now = start;
    const listeners = new Set<() => void>();
    const clock: Clock & { advance: (ms: number) => void } = {
      now: () => now, zone: () => zone,
      subscribe: (l) => { listeners.add(l); return () => listeners.delete(l); },
      advance: (ms) => act(() => { now += ms; for (const l of listeners) l(); }),
    };
    return clock;
  }
  const show = (clock: Clock, p = props()) => render(<ClockContext value={clock}><RaidCalendar {...p} /></ClockContext>);

  test("cards add 'Your time' in Tokyo and a countdown that updates with the clock", () => {
    // MOP-1 starts 2026-11-21 20:00 CET = Sun 04:00 in Tokyo.
    const clock = fakeClock(runs[1]!.startsAt - (2 * 60 + 15) * 60_000);
    show(clock);
    const one = card("MOP-1");
    expect(one.querySelector(".run-when")!.textContent).toBe("Your time: Sun 04:00 (Tokyo)Starts in 2 h 15 min");
    clock.advance(2 * 3_600_000 + 60_000);
    expect(one.querySelector(".run-when__countdown")!.textContent).toBe("Starting soon");
    expect(card("MOP-2").querySelector(".run-when__countdown")!.textContent).toBe("Starts in 7 h 44 min");
  });

  test("a viewer whose clock reads like CET sees no 'Your time' line", () => {
    show(fakeClock(runs[1]!.startsAt - 3 * 86_400_000, "Europe/Paris"));
    expect(card("MOP-1").querySelector(".run-when")!.textContent).toBe("Starts in 3 days");
  });

  test("announces once, politely, when a shown run crosses into 'Starting soon'", () => {
    const clock = fakeClock(runs[1]!.startsAt - 16 * 60_000);
    show(clock);
    const live = [...document.querySelectorAll("[aria-live=polite]")].filter((e) => !e.matches(".live-bar")); // the live stream's own region: islands/components/liveRuns.test.tsx
    const said = () => live.map((e) => e.textContent).join("|");
    expect(said()).toBe("2 runs shown|");
    clock.advance(60_000);
    expect(said()).toBe("2 runs shown|");
    clock.advance(60_000);
    expect(said()).toBe("2 runs shown|MOP-1 is starting soon");
  });

  test("'Your time' as the zone: cards show the viewer's zone; the URL says tz=local", () => {
    show(fakeClock(runs[1]!.startsAt - 86_400_000));
    fireEvent.click(segment("Timezone", "Your time"));
    expect(card("MOP-1").querySelector(".run-card__time")!.textContent).toBe("04:00 (Tokyo)");
    expect(card("MOP-1").querySelector(".run-card__date")!.textContent).toBe("Sun, Nov 22");
    expect(card("MOP-1").querySelector(".run-when")!.textContent).toBe("Starts in 1 day");
    expect(location.search).toBe("?tz=local");
  });

  test("in 'Your time' the contact dialog also gives the CET and EST time to quote to support", async () => {
    show(fakeClock(runs[1]!.startsAt - 86_400_000));
    fireEvent.click(segment("Timezone", "Your time"));
    fireEvent.click(within(card("MOP-1")).getByRole("button", { name: "Contact us about MOP-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Interested in Run MOP-1?" });
    const row = within(dialog).getByText("Time to quote to support").parentElement!;
    expect(row.querySelector("dd")!.textContent).toBe("Sat, Nov 21, 20:00 CET · Sat, Nov 21, 14:00 EST");
    expect(dialog.textContent).toContain("04:00 (Tokyo)");
  });

  test("a URL with tz=local switches to the viewer's zone after hydration", async () => {
    history.replaceState(null, "", `${PATH}?tz=local`);
    show(fakeClock(runs[1]!.startsAt - 86_400_000));
    await waitFor(() => expect(card("MOP-1").querySelector(".run-card__time")!.textContent).toBe("04:00 (Tokyo)"));
    expect(segment("Timezone", "Your time").getAttribute("aria-current")).toBe("true");
  });
});

test("the Subscribe control follows the filters changed in place (the zone stays out of the feed)", async () => {
  renderIsland();
  fireEvent.focus(document.querySelector(".subscribe > summary")!); // its panel loads on first use
  await screen.findByRole("link", { name: "Open in calendar app" });
  const webcal = () => screen.getByRole("link", { name: "Open in calendar app" }).getAttribute("href");
  expect(webcal()).toBe(FEED.replace("https:", "webcal:"));
  fireEvent.click(segment("Region", "US"));
  fireEvent.click(segment("Timezone", "EST"));
  fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "normal_25" } });
  expect(webcal()).toBe(`${FEED.replace("https:", "webcal:")}?region=US&difficulty=normal_25`);
  expect((screen.getByLabelText("Calendar feed URL") as HTMLInputElement).value).toBe(`${FEED}?region=US&difficulty=normal_25`);
});
