import { describe, expect, test } from "bun:test";
import { consoleDate, consoleDateTime, consoleParts, isoInstant, consoleDayBounds, consoleDayLabel, consoleToday, readConsoleDay } from "./dateFormat";
import type { Timezone } from "../shared/enums";

describe("consoleDateTime", () => {
  const cases: [string, string, Timezone, string][] = [
    ["winter, CET is UTC+1", "2026-11-28T17:00:00.000Z", "CET", "Sat 2026-11-28 · 18:00 CET"],
    ["winter, EST is UTC-5", "2026-11-28T17:00:00.000Z", "EST", "Sat 2026-11-28 · 12:00 EST"],
    ["summer, CET follows CEST (UTC+2)", "2026-07-01T18:05:00.000Z", "CET", "Wed 2026-07-01 · 20:05 CET"],
    ["summer, EST follows EDT (UTC-4)", "2026-07-01T18:05:00.000Z", "EST", "Wed 2026-07-01 · 14:05 EST"],
    ["the date changes across midnight in CET", "2026-11-28T23:30:00.000Z", "CET", "Sun 2026-11-29 · 00:30 CET"],
    ["and back a day in EST", "2026-11-28T03:30:00.000Z", "EST", "Fri 2026-11-27 · 22:30 EST"],
    ["CET spring forward: 01:59 UTC is 03:59 after the jump", "2026-03-29T01:59:00.000Z", "CET", "Sun 2026-03-29 · 03:59 CET"],
    ["CET the minute before the jump", "2026-03-29T00:59:00.000Z", "CET", "Sun 2026-03-29 · 01:59 CET"],
    ["CET fall back: the first 02:30", "2026-10-25T00:30:00.000Z", "CET", "Sun 2026-10-25 · 02:30 CET"],
    ["CET fall back: the second 02:30", "2026-10-25T01:30:00.000Z", "CET", "Sun 2026-10-25 · 02:30 CET"],
    ["EST spring forward", "2026-03-08T07:00:00.000Z", "EST", "Sun 2026-03-08 · 03:00 EST"],
    ["EST fall back", "2026-11-01T06:30:00.000Z", "EST", "Sun 2026-11-01 · 01:30 EST"],
  ];
  test.each(cases)("%s", (_name, iso, zone, text) => {
    expect(consoleDateTime(iso, zone)).toBe(text);
    expect(consoleDateTime(new Date(iso), zone)).toBe(text);
  });

  test("reads in CET when no zone is given", () => {
    expect(consoleDateTime("2026-11-28T17:00:00.000Z")).toBe("Sat 2026-11-28 · 18:00 CET");
  });

  test("a missing or unreadable instant gives null", () => {
    for (const v of [null, undefined, "", "junk"]) expect(consoleDateTime(v)).toBeNull();
  });
});

describe("consoleDate", () => {
  const cases: [string, Timezone, string][] = [
    ["2026-11-28T23:30:00.000Z", "CET", "Sun 2026-11-29"],
    ["2026-11-28T23:30:00.000Z", "EST", "Sat 2026-11-28"],
    ["2026-11-28T03:30:00.000Z", "EST", "Fri 2026-11-27"],
    ["2026-03-29T22:30:00.000Z", "CET", "Mon 2026-03-30"],
  ];
  test.each(cases)("%s in %s is %s", (iso, zone, text) => {
    expect(consoleDate(iso, zone)).toBe(text);
  });
  test("null for nothing", () => expect(consoleDate("nope")).toBeNull());
});

describe("consoleParts", () => {
  test("the day and the time with its zone, as consoleDateTime joins them", () => {
    expect(consoleParts("2026-10-25T01:30:00.000Z", "CET")).toEqual({ day: "Sun 2026-10-25", time: "02:30 CET" });
    expect(consoleParts("2026-10-25T01:30:00.000Z", "EST")).toEqual({ day: "Sat 2026-10-24", time: "21:30 EST" });
    expect(consoleParts("junk")).toBeNull();
  });
});

describe("isoInstant", () => {
  test("always the ISO instant, whatever the input's form", () => {
    expect(isoInstant("2026-11-27T10:21:00+01:00")).toBe("2026-11-27T09:21:00.000Z");
    expect(isoInstant(new Date(Date.UTC(2026, 10, 27, 9, 21)))).toBe("2026-11-27T09:21:00.000Z");
    expect(isoInstant("Fri Nov 27 2026 10:21:00 GMT+0100")).toBe("2026-11-27T09:21:00.000Z");
    expect(isoInstant(null)).toBeNull();
    expect(isoInstant("junk")).toBeNull();
  });
});

describe("readConsoleDay and consoleDayLabel", () => {
  test("reads the ISO date, the field's own 'Sat 2026-11-28', '/' or '.' and single digits; nothing else", () => {
    for (const typed of ["2026-11-28", " Sat 2026-11-28 ", "sat, 2026-11-28", "2026/11/28", "2026.11.28"]) expect(readConsoleDay(typed)).toBe("2026-11-28");
    expect(readConsoleDay("2026-3-5")).toBe("2026-03-05");
    // The weekday is ignored: the date decides, and the field shows the right one after.
    expect(readConsoleDay("Mon 2026-11-28")).toBe("2026-11-28");
    for (const typed of ["", "11/28/2026", "28.11.2026", "2026-02-29", "2026-13-01", "0001-01-01", "9999-12-31", "tomorrow", "2026-11-28 10:00"]) {
      expect(readConsoleDay(typed)).toBeNull();
    }
    expect(readConsoleDay("2028-02-29")).toBe("2028-02-29");
  });

  test("labels a day as the console shows days", () => {
    expect(consoleDayLabel("2026-11-28")).toBe("Sat 2026-11-28");
    expect(consoleDayLabel("2026-3-1")).toBe("Sun 2026-03-01");
    expect(consoleDayLabel("junk")).toBeNull();
  });

  test("today on the console's clocks, not UTC's", () => {
    expect(consoleToday(new Date("2026-11-27T23:30:00Z"))).toBe("2026-11-28");
    expect(consoleToday(new Date("2026-11-28T03:30:00Z"), "EST")).toBe("2026-11-27");
  });
});

describe("consoleDayBounds", () => {
  test("a CET day, from its first to its last millisecond on Berlin's clocks", () => {
    expect(consoleDayBounds("2026-11-28")).toEqual({ start: new Date("2026-11-27T23:00:00.000Z"), end: new Date("2026-11-28T22:59:59.999Z") });
    expect(consoleDayBounds("2026-07-01")).toEqual({ start: new Date("2026-06-30T22:00:00.000Z"), end: new Date("2026-07-01T21:59:59.999Z") });
  });

  test("daylight saving days are whole: 25 hours in October, 23 in March; EST the same", () => {
    const autumn = consoleDayBounds("2026-10-25")!;
    expect(autumn).toEqual({ start: new Date("2026-10-24T22:00:00.000Z"), end: new Date("2026-10-25T22:59:59.999Z") });
    expect(autumn.end.getTime() + 1 - autumn.start.getTime()).toBe(25 * 3_600_000);
    const spring = consoleDayBounds("2026-03-29")!;
    expect(spring.end.getTime() + 1 - spring.start.getTime()).toBe(23 * 3_600_000);
    expect(consoleDayBounds("2026-11-01", "EST")).toEqual({ start: new Date("2026-11-01T04:00:00.000Z"), end: new Date("2026-11-02T04:59:59.999Z") });
    expect(consoleDayBounds("2026-12-31")!.end).toEqual(new Date("2026-12-31T22:59:59.999Z"));
    expect(consoleDayBounds("nope")).toBeNull();
  });
});
