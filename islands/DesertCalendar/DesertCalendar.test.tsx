import { withKindText } from "../../src/kinds/calendarAdapter";
import { desertCalendarText } from "../../src/kinds/desert/calendar";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { Provider, createStore } from "jotai";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import DesertCalendar, { type DesertCalendarProps } from "./DesertCalendar";
import { DEFAULT_DESERT_FILTERS, type DesertCalendarRun } from "../../src/kinds/desert/filters";
import { scheduledToInstant } from "../../src/domain/time";
import { calendarText } from "../../src/shared/calendarText";
import { FEATS } from "../../src/shared/desertEnums";

const PATH = "/game/desert-perpetual-calendar";
const FEED = "https://runboard.example/calendars/desert-perpetual-calendar.ics";
const run = (id: number, over: Partial<DesertCalendarRun>): DesertCalendarRun => ({
  id, label: `TDP-${id}`, startsAt: scheduledToInstant(`2026-11-2${id} 18:00`, "EST")!.getTime(), booster: "BB-1002",
  completion: "sherpa_only", feats: [], spotsLeft: null, availability: "open", ...over,
});
const runs = [
  run(1, { feats: [...FEATS] }), run(2, { feats: ["Battalions"], completion: "recovery_only" }),
  run(3, { feats: [] }), run(4, { feats: ["Token Limit", "Phase Race"], completion: "sherpa_and_recovery" }),
];
const props = (over: Partial<DesertCalendarProps> = {}): DesertCalendarProps => ({
  path: PATH, runs, filters: DEFAULT_DESERT_FILTERS, zone: "CET", feedUrl: FEED, liveSince: "b-0", text: withKindText(calendarText(), desertCalendarText()), ...over,
});
const labels = () => [...document.querySelectorAll(".run-grid > li .run-card__id")].map((e) => e.textContent);
const cards = () => [...document.querySelectorAll<HTMLElement>(".run-grid > li")];
const segment = (group: string, name: string) => within(screen.getAllByRole("group", { name: group })[0]!).getByRole("link", { name });

beforeEach(() => {
  history.replaceState(null, "", PATH);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});
const show = (p = props()) => render(<Provider store={createStore()}><DesertCalendar {...p} /></Provider>);

test("cards: feats badge with 'Active Feats:' tooltip, or 'No Feats Run'; times cross midnight into CET", () => {
  show();
  expect(labels()).toEqual(["TDP-1", "TDP-2", "TDP-3", "TDP-4"]);
  const first = cards()[0]!;
  const badge = within(first).getByText("5 Feats Run");
  expect(document.getElementById(badge.getAttribute("aria-describedby")!)!.textContent).toBe(`Active Feats:${FEATS.join("")}`);
  expect(within(cards()[1]!).getByText("1 Feat Run")).toBeTruthy();
  expect(within(cards()[2]!).getByText("No Feats Run")).toBeTruthy();
  expect(first.querySelector(".run-card__time")!.textContent).toBe("00:00 CET");
  expect(first.querySelector(".run-card__date")!.textContent).toBe("Sun, Nov 22");
});

test("completion type: 'Sherpa & Recovery' shows all, the others must match", () => {
  show();
  fireEvent.click(segment("Completion Type", "Recovery Only"));
  expect(labels()).toEqual(["TDP-2"]);
  fireEvent.click(segment("Completion Type", "Sherpa & Recovery"));
  expect(labels()).toHaveLength(4);
});

test("feat filter: All / No Feats Run are exclusive with each other and the individual feats; Clear All", () => {
  show();
  fireEvent.click(segment("Feats", "All Feats Run"));
  expect(labels()).toEqual(["TDP-1"]);
  expect(location.search).toBe("?feats=all");
  fireEvent.click(segment("Feats", "No Feats Run"));
  expect(labels()).toEqual(["TDP-3"]);
  expect(segment("Feats", "All Feats Run").getAttribute("aria-current")).toBeNull();

  fireEvent.click(screen.getByRole("checkbox", { name: /Battalions/ }));
  expect(segment("Feats", "No Feats Run").getAttribute("aria-current")).toBeNull();
  expect(labels()).toEqual(["TDP-1", "TDP-2"]);
  fireEvent.click(screen.getByRole("checkbox", { name: /Token Limit/ }));
  expect(labels()).toEqual(["TDP-1", "TDP-2", "TDP-4"]);
  expect(location.search).toBe("?feat=Battalions&feat=Token+Limit");

  fireEvent.click(segment("Feats", "All Feats Run"));
  expect((screen.getByRole("checkbox", { name: /Battalions/ }) as HTMLInputElement).checked).toBe(false);
  fireEvent.click(screen.getByRole("link", { name: "Clear All" }));
  expect(labels()).toHaveLength(4);
  expect(location.search).toBe("");
});

test("empty state and the contact dialog's feats", async () => {
  show(props({ filters: { completion: "recovery_only", feats: "all" } }));
  expect(screen.getByText("No desert perpetual runs available")).toBeTruthy();
  fireEvent.click(segment("Feats", "All Feats Run"));
  fireEvent.click(within(cards()[0]!).getByRole("button", { name: "Contact us about TDP-2" }));
  const dialog = await screen.findByRole("dialog", { name: "Interested in Run TDP-2?" });
  for (const part of ["The Desert Perpetual", "Recovery Only", "Battalions", "Mon, Nov 23", "00:00 CET"]) expect(dialog.textContent).toContain(part);
  expect(within(dialog).getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe("/go/TDP-2?source=calendar");
});
