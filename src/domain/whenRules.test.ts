import { describe, expect, test } from "bun:test";
import { cityOf, countdown, crossedIntoSoon, yourTime } from "./whenRules";
import { cardTime } from "./cardTime";
import { scheduledToInstant } from "./time";
import { T } from "../shared/text";

const t = T.calendar.when;
const start = scheduledToInstant("2026-11-21 20:00", "CET")!.getTime();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("countdown (the clock is injected as `now`)", () => {
  test("hours and minutes under a day", () => {
    expect(countdown(start, start - (2 * HOUR + 15 * MIN), t)).toBe("Starts in 2 h 15 min");
    expect(countdown(start, start - (2 * HOUR + 15 * MIN + 59_000), t)).toBe("Starts in 2 h 15 min");
    expect(countdown(start, start - 3 * HOUR, t)).toBe("Starts in 3 h");
    expect(countdown(start, start - 45 * MIN, t)).toBe("Starts in 45 min");
    expect(countdown(start, start - 15 * MIN, t)).toBe("Starts in 15 min");
    expect(countdown(start, start - (23 * HOUR + 59 * MIN), t)).toBe("Starts in 23 h 59 min");
  });
  test("whole days from a day on", () => {
    expect(countdown(start, start - 24 * HOUR, t)).toBe("Starts in 1 day");
    expect(countdown(start, start - 35 * HOUR, t)).toBe("Starts in 1 day");
    expect(countdown(start, start - 3 * 24 * HOUR, t)).toBe("Starts in 3 days");
  });
  test("'Starting soon' under 15 minutes, 'Started' from the start", () => {
    expect(countdown(start, start - 15 * MIN + 1, t)).toBe("Starting soon");
    expect(countdown(start, start - 1, t)).toBe("Starting soon");
    expect(countdown(start, start, t)).toBe("Started");
  });
  test("only runs crossing into their last 15 minutes between two ticks are announced", () => {
    const runs = [{ startsAt: start }, { startsAt: start + HOUR }, { startsAt: start - 10 * MIN }];
    expect(crossedIntoSoon(runs, start - 16 * MIN, start - 15 * MIN)).toEqual([]);
    expect(crossedIntoSoon(runs, start - 15 * MIN, start - 14 * MIN)).toEqual([{ startsAt: start }]);
    expect(crossedIntoSoon(runs, start - 14 * MIN, start - 13 * MIN)).toEqual([]);
  });
});

describe("the viewer's own time", () => {
  test("'Your time: Sun 04:00 (Tokyo)' for CET times seen from Tokyo", () => {
    expect(yourTime(start, "CET", "Asia/Tokyo", t)).toBe("Your time: Sun 04:00 (Tokyo)");
    expect(yourTime(start, "EST", "America/Los_Angeles", t)).toBe("Your time: Sat 11:00 (Los\u00a0Angeles)");
  });
  test("nothing when the viewer's clock reads the same, or their own zone is the one shown", () => {
    expect(yourTime(start, "CET", "Europe/Paris", t)).toBeNull();
    expect(yourTime(start, "EST", "America/New_York", t)).toBeNull();
    expect(yourTime(start, "local", "Asia/Tokyo", t)).toBeNull();
  });
  test("zone names: the city part, its words held together by no-break spaces", () => {
    expect(cityOf("America/Argentina/Buenos_Aires")).toBe("Buenos\u00a0Aires");
    expect(cityOf("UTC")).toBe("UTC");
  });
  test("zone names: a zone reported under its old link name shows the city's current name", () => {
    expect(cityOf("Asia/Calcutta")).toBe("Kolkata");
    expect(cityOf("Europe/Kiev")).toBe("Kyiv");
    expect(cityOf("Asia/Saigon")).toBe("Ho\u00a0Chi\u00a0Minh");
    expect(cardTime(start, "local", "Asia/Calcutta").time).toBe("00:30 (Kolkata)");
  });
  test("a headline time in a two-word city wraps only before the city, never inside it", () => {
    expect(cardTime(start, "local", "America/Argentina/Buenos_Aires").time).toBe("16:00 (Buenos\u00a0Aires)");
  });
  test("cards in the viewer's own zone show its time, date and city", () => {
    expect(cardTime(start, "local", "Asia/Tokyo")).toMatchObject({ time: "04:00 (Tokyo)", date: "Sun, Nov 22", iso: "2026-11-21T19:00:00.000Z" });
  });
});
