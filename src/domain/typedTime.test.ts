import { describe, expect, test } from "bun:test";
import { readClock } from "./time";
import { readTypedWhen, whenInZone } from "./typedTime";

// Friday 27 November 2026, 10:00 in Berlin (09:00 UTC), 04:00 in New York.
const NOW = new Date("2026-11-27T09:00:00Z");

describe("readClock: every way a time of day is typed", () => {
  test.each([
    ["19:45", 19, 45], ["7:45 PM", 19, 45], ["7:45pm", 19, 45], ["7:45 p.m.", 19, 45], ["9pm", 21, 0], ["9 PM", 21, 0],
    ["12am", 0, 0], ["12:30 pm", 12, 30], ["7:45 AM", 7, 45], ["21h30", 21, 30], ["21h", 21, 0], ["2130", 21, 30],
    ["930", 9, 30], ["9.30", 9, 30], ["09:30", 9, 30], [" 07.05 ", 7, 5], ["0:00", 0, 0],
  ] as const)("%p is %d:%d", (typed, hour, minute) => {
    expect(readClock(typed)).toEqual({ hour, minute });
  });
  test.each(["", "9:5", "21:3", "25:00", "19:60", "13pm", "0am", "9", "noonish"])("%p is not a time", (typed) => {
    expect(readClock(typed)).toBeNull();
  });
});

describe("readTypedWhen: text in the form's zone", () => {
  test.each([
    // [typed, zone, date, time, the text named a day]
    ["19:45", "CET", "2026-11-27", "19:45", false],
    ["7:45 PM", "CET", "2026-11-27", "19:45", false],
    ["7:45pm", "EST", "2026-11-27", "19:45", false],
    ["9pm", "CET", "2026-11-27", "21:00", false],
    ["21h30", "CET", "2026-11-27", "21:30", false],
    ["2130", "CET", "2026-11-27", "21:30", false],
    ["9.30", "CET", "2026-11-28", "09:30", false], // 09:30 has passed in Berlin: tomorrow
    ["9.30", "EST", "2026-11-27", "09:30", false], // but not yet in New York (04:00 there)
    ["fri 20:00", "CET", "2026-11-27", "20:00", true],
    ["tomorrow 9pm", "CET", "2026-11-28", "21:00", true],
    ["tomorrow 9pm", "EST", "2026-11-28", "21:00", true],
    ["next tue 18:30", "CET", "2026-12-01", "18:30", true],
    ["Sat 5 Dec 19:45", "EST", "2026-12-05", "19:45", true],
  ] as const)("%p in %s is %s %s", (typed, zone, date, time, dated) => {
    expect(readTypedWhen(typed, { zone, now: NOW })).toEqual({ date, time, dated });
  });

  test("a past time rolls to tomorrow only when no day is named", () => {
    expect(readTypedWhen("08:00", { zone: "CET", now: NOW })).toEqual({ date: "2026-11-28", time: "08:00", dated: false });
    expect(readTypedWhen("today 8am", { zone: "CET", now: NOW })).toEqual({ date: "2026-11-27", time: "08:00", dated: true });
    expect(readTypedWhen("08:00", { zone: "CET", now: NOW, pickedDate: "2026-11-27" })).toEqual({ date: "2026-11-27", time: "08:00", dated: true });
  });

  test("a bare time keeps the picked day; a named day replaces it", () => {
    expect(readTypedWhen("7:45 PM", { zone: "CET", now: NOW, pickedDate: "2026-12-24" })).toEqual({ date: "2026-12-24", time: "19:45", dated: true });
    expect(readTypedWhen("tomorrow 9pm", { zone: "CET", now: NOW, pickedDate: "2026-12-24" })).toEqual({ date: "2026-11-28", time: "21:00", dated: true });
  });

  test("'today' follows the zone's calendar, not UTC's", () => {
    // 23:30 UTC on 27 Nov is already the 28th in Berlin and still the 27th in New York.
    const late = new Date("2026-11-27T23:30:00Z");
    expect(readTypedWhen("tomorrow 9pm", { zone: "CET", now: late })?.date).toBe("2026-11-29");
    expect(readTypedWhen("tomorrow 9pm", { zone: "EST", now: late })?.date).toBe("2026-11-28");
  });

  test.each(["", "soon", "9:5", "tomorrow", "28.11 19:45", "19:45 and 20:00", "fri", "25:00"])("%p cannot be read", (typed) => {
    expect(readTypedWhen(typed, { zone: "CET", now: NOW })).toBeNull();
  });
});

test("whenInZone names the weekday and month of the zone's date", () => {
  expect(whenInZone({ date: "2026-11-28", time: "19:45" }, "CET")).toEqual({ date: "2026-11-28", time: "19:45", weekday: "Sat", month: "Nov", day: 28, zone: "CET" });
});

describe("daylight-saving edges", () => {
  test.each([
    // Berlin springs forward on the last Sunday of March (02:00 → 03:00) and falls back on the last Sunday of October.
    ["CET", "2026-03-28T12:00:00Z", "tomorrow 2:30am", "2026-03-29", "02:30", "03:30"],
    ["CET", "2026-03-28T12:00:00Z", "tomorrow 9pm", "2026-03-29", "21:00", "21:00"],
    ["CET", "2026-10-24T12:00:00Z", "tomorrow 2:30am", "2026-10-25", "02:30", "02:30"],
    // New York: second Sunday of March, first Sunday of November.
    ["EST", "2026-03-07T17:00:00Z", "tomorrow 2:30am", "2026-03-08", "02:30", "03:30"],
    ["EST", "2026-10-31T16:00:00Z", "tomorrow 1:30am", "2026-11-01", "01:30", "01:30"],
    ["EST", "2026-10-31T16:00:00Z", "sun 7pm", "2026-11-01", "19:00", "19:00"],
  ] as const)("%s at %s: %p is %s %s, saved as %s", (zone, now, typed, date, time, saved) => {
    const when = readTypedWhen(typed, { zone, now: new Date(now) })!;
    expect(when).toMatchObject({ date, time });
    expect(whenInZone(when, zone)).toMatchObject({ date, time: saved, zone });
  });

  test("a bare time late on the last day before the change rolls over onto the change day", () => {
    // 23:30 on Saturday 28 March in Berlin: 22:00 has passed, so tomorrow, the short day.
    expect(readTypedWhen("22:00", { zone: "CET", now: new Date("2026-03-28T22:30:00Z") })).toEqual({ date: "2026-03-29", time: "22:00", dated: false });
    expect(readTypedWhen("22:00", { zone: "EST", now: new Date("2026-03-08T03:30:00Z") })).toEqual({ date: "2026-03-08", time: "22:00", dated: false });
  });
});
