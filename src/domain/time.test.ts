import { describe, expect, test } from "bun:test";
import { displayTime } from "./wallTime";
import { formatScheduled, fromLocal, normalizeTime, parseScheduled, scheduledToInstant, weekBounds } from "./time";

describe("parseScheduled", () => {
  test("accepts space, T and seconds", () => {
    expect(parseScheduled("2026-11-21 20:30")).toEqual({ year: 2026, month: 11, day: 21, hour: 20, minute: 30 });
    expect(parseScheduled("2026-11-21T20:30")).toEqual({ year: 2026, month: 11, day: 21, hour: 20, minute: 30 });
    expect(parseScheduled("2026-11-21 20:30:00")).toEqual({ year: 2026, month: 11, day: 21, hour: 20, minute: 30 });
    expect(parseScheduled("0099-01-01 12:30")).toBeNull();
    expect(parseScheduled("9999-12-31 23:00")).toBeNull();
    expect(parseScheduled("9998-12-31 23:00")).toEqual({ year: 9998, month: 12, day: 31, hour: 23, minute: 0 });
  });
  test("rejects malformed and impossible dates", () => {
    for (const bad of ["", "tomorrow", "2026-13-01 10:00", "2026-02-30 10:00", "2026-01-01 24:00", "2026-1-1 1:00"]) {
      expect(parseScheduled(bad)).toBeNull();
    }
  });
});

describe("CET/EST conversion follows the real zones", () => {
  test("winter: 6 hours apart, the date changes across midnight", () => {
    const at = scheduledToInstant("2026-12-10 02:00", "CET")!;
    expect(at.toISOString()).toBe("2026-12-10T01:00:00.000Z");
    expect(formatScheduled(at, "EST")).toBe("2026-12-09 20:00");
    const back = scheduledToInstant("2026-12-09 20:00", "EST")!;
    expect(formatScheduled(back, "CET")).toBe("2026-12-10 02:00");
  });
  test("EST to CET crosses midnight forwards", () => {
    const at = scheduledToInstant("2026-12-09 21:30", "EST")!;
    expect(formatScheduled(at, "CET")).toBe("2026-12-10 03:30");
    expect(displayTime(at, "CET")).toMatchObject({ weekday: "Thu", month: "Dec", day: 10, time: "03:30" });
    expect(displayTime(at, "EST")).toMatchObject({ weekday: "Wed", month: "Dec", day: 9, time: "21:30" });
  });
  test("spring: the US is on summer time while Europe is not (5 hours apart)", () => {
    // 2026: US springs forward on 8 March, Europe on 29 March.
    const at = scheduledToInstant("2026-03-16 20:00", "CET")!;
    expect(formatScheduled(at, "EST")).toBe("2026-03-16 15:00");
  });
  test("autumn: Europe is back on winter time while the US is not (5 hours apart)", () => {
    // 2026: Europe falls back on 25 October, the US on 1 November.
    const at = scheduledToInstant("2026-10-28 01:00", "CET")!;
    expect(formatScheduled(at, "EST")).toBe("2026-10-27 20:00");
  });
  test("summer: both on summer time (6 hours apart)", () => {
    const at = scheduledToInstant("2026-07-01 12:00", "CET")!;
    expect(at.toISOString()).toBe("2026-07-01T10:00:00.000Z");
    expect(formatScheduled(at, "EST")).toBe("2026-07-01 06:00");
  });
  test("a wall time in the spring-forward gap resolves to a real instant", () => {
    const at = fromLocal({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "CET");
    expect(formatScheduled(at, "CET")).toBe("2026-03-29 03:30");
  });
  test("the repeated autumn hour takes the earlier instant", () => {
    const at = fromLocal({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "CET");
    expect(at.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("weekBounds", () => {
  test("Sunday 00:00 to the next Sunday 00:00 on CET clocks", () => {
    const { start, end } = weekBounds(new Date("2026-11-21T12:00:00Z"));
    expect(formatScheduled(start, "CET")).toBe("2026-11-15 00:00");
    expect(formatScheduled(end, "CET")).toBe("2026-11-22 00:00");
  });
  test("a Sunday belongs to the week it starts", () => {
    const { start } = weekBounds(new Date("2026-11-22T00:30:00+01:00"));
    expect(formatScheduled(start, "CET")).toBe("2026-11-22 00:00");
  });
});

describe("normalizeTime (the run form's 24-hour time field)", () => {
  test("digits typed without a colon read as a 24-hour clock, in every locale", () => {
    expect(normalizeTime("2130")).toBe("21:30");
    expect(normalizeTime("930")).toBe("09:30");
    expect(normalizeTime("9:30")).toBe("09:30");
    expect(normalizeTime(" 07.05 ")).toBe("07:05");
    expect(normalizeTime("21:30")).toBe("21:30");
  });
  test("12-hour times read with their half of the day: 7:45 PM is 19:45, not 07:45", () => {
    expect(normalizeTime("7:45 PM")).toBe("19:45");
    expect(normalizeTime("9pm")).toBe("21:00");
    expect(normalizeTime("21h30")).toBe("21:30");
  });
  test("anything else stays as typed, for the schema to refuse", () => {
    expect(normalizeTime("9:5")).toBe("9:5");
    expect(normalizeTime("21:3")).toBe("21:3");
    expect(normalizeTime("")).toBe("");
  });
});
