import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { Provider, createStore } from "jotai";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import RaidCalendar, { type RaidCalendarProps } from "./RaidCalendar";
import { useShared, zoneAtom } from "../components/calendarState";
import { defaultRaidFilters, type RaidCalendarRun, type RaidRefs } from "../../src/domain/calendarFilters";
import { scheduledToInstant } from "../../src/domain/time";
import { calendarText } from "../../src/pages/calendar/text";
import { renderDocument } from "../../src/render/document";
import { Island } from "../../src/render/island";
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
  faction: "Alliance", mode: null, gameplay: null, classes: [], ...over,
});
const runs = [
  run(2, { startsAt: at("2026-11-22 03:30", "CET"), difficulty: "normal_10", faction: "Horde", mode: "Full Clear", gameplay: "pilot",
    classes: [{ wowClass: "Paladin", specs: ["Healer", "Tank"], serviceType: "Full Gear Priority" }] }),
  run(1, { startsAt: at("2026-11-21 20:00", "CET"), difficulty: "heroic_25" }),
  run(3, { startsAt: at("2026-11-21 21:30", "EST"), region: "US", difficulty: "normal_25", faction: "Horde" }),
  run(4, { startsAt: at("2026-11-23 20:00", "CET"), raidId: 2, difficulty: "heroic_10" }),
];
const props = (over: Partial<RaidCalendarProps> = {}): RaidCalendarProps => ({
  path: PATH, runs, filters: defaultRaidFilters(refs), zone: "CET", refs, feedUrl: FEED, text: calendarText(), ...over,
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
  const store = createStore();
  return { store, ...render(<Provider store={store}><RaidCalendar {...p} /></Provider>) };
}

describe("RaidCalendar hydrated from the server's HTML", () => {
  const manifest: Manifest = { client: "/assets/c.js", css: "/assets/a.css", clientImports: [], islands: {} };

  test("hydrates without errors; filters, zone and URL then change in place", async () => {
    const html = renderDocument({ title: "t", manifest, body: <main><Island name="RaidCalendar" props={props()} /></main> });
    document.body.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
    // Server HTML: EU, Mogu'shan Vaults, sorted by start; CONTACT US is the run's booking link and the form has a submit button.
    expect(labels()).toEqual(["MOP-1", "MOP-2"]);
    expect(screen.getByRole("link", { name: "Contact us about MOP-1" }).getAttribute("href")).toBe("/go/MOP-1");
    // The display id links to the run's page.
    expect(screen.getByRole("link", { name: "MOP-2" }).getAttribute("href")).toBe("/runs/MOP-2");
    expect(screen.getByRole("button", { name: "Apply filters" })).toBeTruthy();

    const store = createStore();
    await act(() => hydrateIslands(document, registry, store));
    // After hydration: CONTACT US opens the dialog, and filters apply at once (no submit button).
    expect(screen.getAllByRole("button", { name: /^Contact us about MOP-[12]$/ })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Apply filters" })).toBeNull();

    fireEvent.click(segment("Region", "US"));
    expect(labels()).toEqual(["MOP-3"]);
    expect(location.pathname + location.search).toBe(`${PATH}?region=US`);
    expect(card("MOP-3").querySelector(".run-card__time")!.textContent).toBe("03:30 CET");
    expect(card("MOP-3").querySelector(".run-card__date")!.textContent).toBe("Sun, Nov 22");

    fireEvent.click(segment("Timezone", "EST"));
    expect(card("MOP-3").querySelector(".run-card__time")!.textContent).toBe("21:30 EST");
    expect(card("MOP-3").querySelector(".run-card__date")!.textContent).toBe("Sat, Nov 21");
    expect(location.search).toBe("?region=US&tz=EST");
    expect(store.get(zoneAtom)).toBe("EST");
    // Links keep the other state: the EU link goes back to EU in EST.
    expect(segment("Region", "EU").getAttribute("href")).toBe(`${PATH}?tz=EST`);
  });
});

describe("RaidCalendar filters", () => {
  test("raid tabs default to Mogu'shan Vaults and switch the raid", () => {
    renderIsland();
    const tabs = within(screen.getByRole("navigation", { name: "Raid" }));
    expect(tabs.getByRole("link", { name: "Mogu'shan Vaults" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(tabs.getByRole("link", { name: "Heart of Fear" }));
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
    expect(store.getAttribute("href")).toBe("/go/MOP-2");
    expect(store.getAttribute("target")).toBe("_blank");
    expect(store.getAttribute("rel")).toBe("noopener");
    expect(document.getElementById(store.getAttribute("aria-describedby")!)!.textContent).toBe("The store opens in a new tab.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

test("the zone lives in the page's jotai store: another island root on the page sees a switch", async () => {
  const store = createStore();
  render(<Provider store={store}><RaidCalendar {...props()} /></Provider>);
  function ZoneProbe() {
    const [zone] = useShared(zoneAtom);
    return <output aria-label="probe">{zone}</output>;
  }
  const other = document.createElement("div");
  document.body.append(other);
  const root = createRoot(other);
  await act(async () => root.render(<Provider store={store}><ZoneProbe /></Provider>));
  expect(screen.getByLabelText("probe").textContent).toBe("CET");
  await act(async () => fireEvent.click(segment("Timezone", "EST")));
  expect(screen.getByLabelText("probe").textContent).toBe("EST");
  await act(async () => root.unmount());
});

test("the Subscribe control follows the filters changed in place (the zone stays out of the feed)", () => {
  renderIsland();
  const webcal = () => screen.getByRole("link", { name: "Open in calendar app" }).getAttribute("href");
  expect(webcal()).toBe(FEED.replace("https:", "webcal:"));
  fireEvent.click(segment("Region", "US"));
  fireEvent.click(segment("Timezone", "EST"));
  fireEvent.change(screen.getByLabelText("Difficulty"), { target: { value: "normal_25" } });
  expect(webcal()).toBe(`${FEED.replace("https:", "webcal:")}?region=US&difficulty=normal_25`);
  expect((screen.getByLabelText("Calendar feed URL") as HTMLInputElement).value).toBe(`${FEED}?region=US&difficulty=normal_25`);
});
