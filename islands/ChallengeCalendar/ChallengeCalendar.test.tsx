import { withKindText } from "../../src/kinds/calendarAdapter";
import { challengeCalendarText } from "../../src/kinds/challenge/calendar";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { Provider, createStore } from "jotai";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import ChallengeCalendar, { type ChallengeCalendarProps } from "./ChallengeCalendar";
import { DEFAULT_CHALLENGE_FILTERS, type ChallengeCalendarRun } from "../../src/kinds/challenge/filters";
import { scheduledToInstant } from "../../src/domain/time";
import { calendarText } from "../../src/shared/calendarText";

const PATH = "/category/wow/mop-challenge-mode-calendar";
const FEED = "https://runboard.example/calendars/mop-challenge-mode-calendar.ics";
const at = (text: string) => scheduledToInstant(text, "CET")!.getTime();
const run = (id: number, over: Partial<ChallengeCalendarRun>): ChallengeCalendarRun => ({
  id, label: `CM-${id}`, startsAt: at(`2026-11-2${id} 17:00`), booster: "BB-1001", faction: "EU Alliance", mode: "Selfplay Only", spotsLeft: null, availability: "open", ...over,
});
const runs = [
  run(1, { mode: "Selfplay Only" }), run(2, { mode: "Pilot Only" }), run(3, { mode: "Selfplay & Pilot" }),
  run(4, { faction: "US Horde", mode: "Pilot Only", startsAt: at("2026-11-24 04:00") }),
];
const props = (over: Partial<ChallengeCalendarProps> = {}): ChallengeCalendarProps => ({
  path: PATH, runs, filters: DEFAULT_CHALLENGE_FILTERS, zone: "CET", feedUrl: FEED, liveSince: "b-0", text: withKindText(calendarText(), challengeCalendarText()), ...over,
});
const labels = () => [...document.querySelectorAll(".run-grid > li .run-card__id")].map((e) => e.textContent);
const cards = () => [...document.querySelectorAll<HTMLElement>(".run-grid > li")];
const segment = (group: string, name: string) => within(screen.getByRole("group", { name: group })).getByRole("link", { name });

beforeEach(() => {
  history.replaceState(null, "", PATH);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});
const show = (p = props()) => render(<Provider store={createStore()}><ChallengeCalendar {...p} /></Provider>);

test("defaults to EU Alliance with every completion mode; cards are titled '9/9 Gold Challenge Modes'", () => {
  show();
  expect(labels()).toEqual(["CM-1", "CM-2", "CM-3"]);
  expect(segment("Faction", "EU Alliance").getAttribute("aria-current")).toBe("true");
  expect(segment("Completion Mode", "Selfplay & Pilot").getAttribute("aria-current")).toBe("true");
  expect(screen.getAllByRole("heading", { name: "9/9 Gold Challenge Modes" })).toHaveLength(3);
});

test("'Selfplay Only' and 'Pilot Only' also include 'Selfplay & Pilot' runs", () => {
  show();
  fireEvent.click(segment("Completion Mode", "Selfplay Only"));
  expect(labels()).toEqual(["CM-1", "CM-3"]);
  fireEvent.click(segment("Completion Mode", "Pilot Only"));
  expect(labels()).toEqual(["CM-2", "CM-3"]);
  expect(location.search).toBe("?mode=Pilot+Only");
});

test("the faction buttons filter and the empty state reads 'No challenge mode runs available'", () => {
  show();
  fireEvent.click(segment("Faction", "US Horde"));
  expect(labels()).toEqual(["CM-4"]);
  fireEvent.click(segment("Faction", "US Alliance"));
  expect(labels()).toEqual([]);
  expect(screen.getByText("No challenge mode runs available")).toBeTruthy();
  expect(location.search).toBe("?faction=US+Alliance");
});

test("the zone switch changes the shown time and date", () => {
  show(props({ filters: { faction: "US Horde", mode: "Selfplay & Pilot" } }));
  const time = () => document.querySelector(".run-card__time")!.textContent;
  const date = () => document.querySelector(".run-card__date")!.textContent;
  expect([time(), date()]).toEqual(["04:00 CET", "Tue, Nov 24"]);
  fireEvent.click(segment("Timezone", "EST"));
  expect([time(), date()]).toEqual(["22:00 EST", "Mon, Nov 23"]);
});

test("the contact dialog names the title, faction and completion mode", async () => {
  show();
  fireEvent.click(within(cards()[1]!).getByRole("button", { name: "Contact us about CM-2" }));
  const dialog = await screen.findByRole("dialog", { name: "Interested in Run CM-2?" });
  for (const part of ["9/9 Gold Challenge Modes", "EU Alliance", "Pilot Only", "17:00 CET", "Sun, Nov 22"]) expect(dialog.textContent).toContain(part);
  expect(within(dialog).getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe("/go/CM-2?source=calendar");
});
