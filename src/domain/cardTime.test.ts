import { describe, expect, test } from "bun:test";
import { cardTime } from "./cardTime";
import { scheduledToInstant } from "./time";

const at = (text: string, zone: "CET" | "EST") => scheduledToInstant(text, zone)!.getTime();

describe("run card time in the chosen zone", () => {
  test("same day in winter: 6 hours apart", () => {
    const t = at("2026-11-21 20:00", "CET");
    expect(cardTime(t, "CET")).toMatchObject({ time: "20:00 CET", date: "Sat, Nov 21" });
    expect(cardTime(t, "EST")).toMatchObject({ time: "14:00 EST", date: "Sat, Nov 21" });
    expect(cardTime(t, "CET").iso).toBe("2026-11-21T19:00:00.000Z");
  });
  test("CET to EST crosses midnight backwards: the date and weekday go back", () => {
    const t = at("2026-12-01 03:30", "CET");
    expect(cardTime(t, "CET")).toMatchObject({ time: "03:30 CET", date: "Tue, Dec 1" });
    expect(cardTime(t, "EST")).toMatchObject({ time: "21:30 EST", date: "Mon, Nov 30" });
  });
  test("EST to CET crosses midnight forwards, across a month and a year end", () => {
    const t = at("2026-12-31 22:00", "EST");
    expect(cardTime(t, "EST")).toMatchObject({ time: "22:00 EST", date: "Thu, Dec 31" });
    expect(cardTime(t, "CET")).toMatchObject({ time: "04:00 CET", date: "Fri, Jan 1" });
  });
  test("spring week when only the US is on summer time: 5 hours apart", () => {
    // 2027: the US springs forward on 14 March, Europe on 28 March.
    const t = at("2027-03-20 20:00", "CET");
    expect(cardTime(t, "EST")).toMatchObject({ time: "15:00 EST", date: "Sat, Mar 20" });
    // After Europe also moved: 6 hours again.
    expect(cardTime(at("2027-03-29 20:00", "CET"), "EST")).toMatchObject({ time: "14:00 EST", date: "Mon, Mar 29" });
  });
  test("autumn week when Europe is back on winter time but the US is not: 5 hours apart, midnight crossing", () => {
    // 2026: Europe falls back on 25 October, the US on 1 November.
    const t = at("2026-10-28 04:30", "CET");
    expect(cardTime(t, "EST")).toMatchObject({ time: "23:30 EST", date: "Tue, Oct 27" });
    expect(cardTime(at("2026-10-27 23:30", "EST"), "CET")).toMatchObject({ time: "04:30 CET", date: "Wed, Oct 28" });
  });
  test("the day the US falls back: the same wall time an hour later is 6 hours apart", () => {
    expect(cardTime(at("2026-10-31 20:00", "CET"), "EST")).toMatchObject({ time: "15:00 EST" });
    expect(cardTime(at("2026-11-02 20:00", "CET"), "EST")).toMatchObject({ time: "14:00 EST" });
  });
});
