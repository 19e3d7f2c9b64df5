// What the calendar islands show of a run's places, with JavaScript: the cards' texts, the
// booking control giving way to Full / Booking closed, the contact dialog, and the
// "Only runs with free spots" filter applied in place (URL, tab counts, active count).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import RaidCalendar, { type RaidCalendarProps } from "../RaidCalendar/RaidCalendar";
import ChallengeCalendar from "../ChallengeCalendar/ChallengeCalendar";
import ContactDialog from "./ContactDialog";
import { withKindText } from "../../src/kinds/calendarAdapter";
import { raidCalendarText } from "../../src/kinds/raid/calendar";
import { challengeCalendarText } from "../../src/kinds/challenge/calendar";
import { calendarText } from "../../src/shared/calendarText";
import { CalendarTextContext } from "./calendarState";
import { defaultRaidFilters, type RaidCalendarRun, type RaidRefs } from "../../src/kinds/raid/filters";
import { DEFAULT_CHALLENGE_FILTERS, type ChallengeCalendarRun } from "../../src/kinds/challenge/filters";
import { cardTime } from "../../src/domain/cardTime";
import { availabilityText } from "../../src/shared/availabilityText";
import { T } from "../../src/shared/text";
import type { Bookable } from "../../src/domain/bookable";

const PATH = "/game/mop-raid-calendar";
const refs: RaidRefs = {
  raids: [{ id: 1, name: "Mogu'shan Vaults", slug: "mogushan-vaults" }, { id: 2, name: "Heart of Fear", slug: "heart-of-fear" }],
  factions: [{ region: "EU", name: "Alliance" }, { region: "US", name: "Alliance" }],
};
const START = Date.parse("2026-11-23T19:00:00Z");
const raid = (id: number, state: Bookable, over: Partial<RaidCalendarRun> = {}): RaidCalendarRun => ({
  id, label: `MOP-${id}`, startsAt: START + id * 3_600_000, booster: "BB-1001", region: "EU", raidId: 1, difficulty: "normal_10",
  faction: "Alliance", mode: null, gameplay: null, classes: [], ...state, ...over,
});
const runs = [
  raid(1, { spotsLeft: null, availability: "open" }),
  raid(2, { spotsLeft: 6, availability: "open" }),
  raid(3, { spotsLeft: 2, availability: "few" }),
  raid(4, { spotsLeft: 1, availability: "few" }),
  raid(5, { spotsLeft: 0, availability: "full" }),
  raid(6, { spotsLeft: 3, availability: "closed" }),
  raid(7, { spotsLeft: 0, availability: "full" }, { raidId: 2 }),
];
const props = (over: Partial<RaidCalendarProps> = {}): RaidCalendarProps => ({
  path: PATH, runs, filters: defaultRaidFilters(refs), zone: "CET", refs, feedUrl: "https://runboard.example/calendars/mop-raid-calendar.ics", liveSince: "0",
  text: withKindText(calendarText(), raidCalendarText()), ...over,
});

const labels = () => [...document.querySelectorAll(".run-grid > li .run-card__id")].map((e) => e.textContent);
const card = (label: string) => screen.getByText(label, { selector: ".run-card__id" }).closest("li")! as HTMLElement;
const spots = (label: string) => card(label).querySelector(".spots")?.textContent ?? null;

beforeEach(() => history.replaceState(null, "", PATH));
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

describe("availabilityText", () => {
  const t = T.calendar.availability;
  test("counts with the catalogue's plural rule; Full; Booking closed; nothing for untracked open runs", () => {
    expect(availabilityText({ spotsLeft: 7, availability: "open" }, t)).toBe("7 spots left");
    expect(availabilityText({ spotsLeft: 2, availability: "few" }, t)).toBe("2 spots left");
    expect(availabilityText({ spotsLeft: 1, availability: "few" }, t)).toBe("1 spot left");
    expect(availabilityText({ spotsLeft: 0, availability: "full" }, t)).toBe("Full");
    expect(availabilityText({ spotsLeft: 5, availability: "closed" }, t)).toBe("Booking closed");
    expect(availabilityText({ spotsLeft: null, availability: "closed" }, t)).toBe("Booking closed");
    expect(availabilityText({ spotsLeft: null, availability: "open" }, t)).toBeNull();
  });
});

describe("calendar cards", () => {
  test("places left, few set apart, Full and Booking closed in place of CONTACT US", () => {
    render(<RaidCalendar {...props()} />);
    expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3", "MOP-4", "MOP-5", "MOP-6"]);
    expect([1, 2, 3, 4, 5, 6].map((i) => spots(`MOP-${i}`))).toEqual([null, "6 spots left", "2 spots left", "1 spot left", "Full", "Booking closed"]);
    expect(card("MOP-3").querySelector(".spots")!.classList.contains("spots--few")).toBe(true);
    expect(card("MOP-2").querySelector(".spots")!.classList.contains("spots--few")).toBe(false);
    for (const i of [1, 2, 3, 4]) expect(within(card(`MOP-${i}`)).getByRole("button", { name: `Contact us about MOP-${i}` })).toBeTruthy();
    for (const i of [5, 6]) {
      expect(within(card(`MOP-${i}`)).queryByRole("button")).toBeNull();
      expect(card(`MOP-${i}`).querySelector('a[href^="/go/"]')).toBeNull();
    }
  });

  test("a full run's card says Full and offers nothing to click but its id, which leads to its page (where Notify me is)", () => {
    render(<RaidCalendar {...props({ text: withKindText(calendarText(true), raidCalendarText()) })} />);
    expect(within(card("MOP-5")).queryByRole("link", { name: /notify/i })).toBeNull();
    expect(within(card("MOP-5")).getByRole("link", { name: "MOP-5" }).getAttribute("href")).toBe("/runs/MOP-5");
  });

  test("the contact dialog of a run with places left says how many", async () => {
    render(<RaidCalendar {...props()} />);
    fireEvent.click(within(card("MOP-4")).getByRole("button", { name: "Contact us about MOP-4" }));
    const dialog = await screen.findByRole("dialog");
    const rows = Object.fromEntries([...dialog.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(rows.Spots).toBe("1 spot left");
    expect(within(dialog).getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe("/go/MOP-4?source=calendar");
  });
});

describe("the contact dialog", () => {
  const show = (state: Bookable) => {
    const run = raid(9, state);
    // A calendar where mail cannot be sent (the dialog lives in a calendar island, with its texts).
    render(
      <CalendarTextContext value={withKindText(calendarText(), raidCalendarText())}>
        <ContactDialog contact={{ kind: "raid", run, raidName: "Mogu'shan Vaults" }} when={cardTime(run.startsAt, "CET")} zone="CET" open onClose={() => {}} />
      </CalendarTextContext>,
    );
    return screen.getByRole("dialog");
  };
  test("a full run: Full instead of the booking link and the call to book", () => {
    const dialog = show({ spotsLeft: 0, availability: "full" });
    expect(within(dialog).queryByRole("link", { name: "Book on Blazing Boost" })).toBeNull();
    expect(dialog.querySelector(".spots")!.textContent).toBe("Full");
    expect(dialog.textContent).not.toContain("Ready to Book?");
  });
  test("a full run where mail can be sent: a link to its page's Notify me form; none without, none for a closed run", () => {
    const name = "Get an email when a spot opens";
    expect(within(show({ spotsLeft: 0, availability: "full" })).queryByRole("link", { name })).toBeNull();
    cleanup();
    const inCalendar = (state: Bookable) => {
      const run = raid(9, state);
      render(
        <CalendarTextContext value={withKindText(calendarText(true), raidCalendarText())}>
          <ContactDialog contact={{ kind: "raid", run, raidName: "Mogu'shan Vaults" }} when={cardTime(run.startsAt, "CET")} zone="CET" open onClose={() => {}} />
        </CalendarTextContext>,
      );
      return screen.getByRole("dialog");
    };
    expect(within(inCalendar({ spotsLeft: 0, availability: "full" })).getByRole("link", { name }).getAttribute("href")).toBe("/runs/MOP-9#alert-spot");
    cleanup();
    expect(within(inCalendar({ spotsLeft: 4, availability: "closed" })).queryByRole("link", { name })).toBeNull();
  });
  test("a closed run: Booking closed", () => {
    const dialog = show({ spotsLeft: 4, availability: "closed" });
    expect(within(dialog).queryByRole("link", { name: "Book on Blazing Boost" })).toBeNull();
    expect(dialog.querySelector(".spots")!.textContent).toBe("Booking closed");
  });
  test("an open run without places: the booking link, no Spots row", () => {
    const dialog = show({ spotsLeft: null, availability: "open" });
    expect(within(dialog).getByRole("link", { name: "Book on Blazing Boost" })).toBeTruthy();
    expect([...dialog.querySelectorAll("dt")].map((d) => d.textContent)).not.toContain("Spots");
  });
});

describe("Only runs with free spots, in place", () => {
  const tabCount = (name: string) => within(screen.getByRole("navigation", { name: "Raid" })).getByRole("link", { name: new RegExp(`^${name}`) })
    .querySelector(".tabs__count")!.textContent;
  test("hides full and closed runs, keeps the URL and the raid tabs' counts in step, and undoes", () => {
    render(<RaidCalendar {...props()} />);
    expect([tabCount("Mogu'shan Vaults"), tabCount("Heart of Fear")]).toEqual(["6", "1"]);
    const box = screen.getByRole("checkbox", { name: "Only runs with free spots" });
    fireEvent.click(box);
    expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3", "MOP-4"]);
    expect(location.search).toBe("?open=1");
    expect([tabCount("Mogu'shan Vaults"), tabCount("Heart of Fear")]).toEqual(["4", "0"]);
    expect(screen.getByText("Filters (1 active)")).toBeTruthy();
    // Other links keep the filter.
    expect(within(screen.getByRole("navigation", { name: "Raid" })).getByRole("link", { name: /^Heart of Fear/ }).getAttribute("href"))
      .toBe(`${PATH}?raid=heart-of-fear&open=1`);
    fireEvent.click(box);
    expect(labels()).toHaveLength(6);
    expect(location.search).toBe("");
  });

  test("starts on when the URL asked for it (?open=1 rendered by the server)", () => {
    render(<RaidCalendar {...props({ filters: { ...defaultRaidFilters(refs), open: true } })} />);
    expect((screen.getByRole("checkbox", { name: "Only runs with free spots" }) as HTMLInputElement).checked).toBe(true);
    expect(labels()).toEqual(["MOP-1", "MOP-2", "MOP-3", "MOP-4"]);
  });

  test("the challenge calendar has it too", () => {
    const cm = (id: number, state: Bookable): ChallengeCalendarRun =>
      ({ id, label: `CM-${id}`, startsAt: START + id * 3_600_000, booster: "BB-1001", faction: "EU Alliance", mode: "Selfplay Only", ...state });
    history.replaceState(null, "", "/game/mop-challenge-mode-calendar");
    render(<ChallengeCalendar path="/game/mop-challenge-mode-calendar" zone="CET" feedUrl="https://runboard.example/x.ics" liveSince="0"
      runs={[cm(1, { spotsLeft: 3, availability: "open" }), cm(2, { spotsLeft: 0, availability: "full" })]} filters={DEFAULT_CHALLENGE_FILTERS}
      text={withKindText(calendarText(), challengeCalendarText())} />);
    expect(labels()).toEqual(["CM-1", "CM-2"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Only runs with free spots" }));
    expect(labels()).toEqual(["CM-1"]);
    expect(location.search).toBe("?open=1");
  });
});
