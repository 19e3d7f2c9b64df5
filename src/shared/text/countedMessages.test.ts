// Counted phrases read as English: one of a thing, any other number of things.
import { describe, expect, test } from "bun:test";
import { T } from "../text";

describe("counted phrases", () => {
  test("Activity's page line: '1 event', '2 events', '0 events'", () => {
    expect(T.activity.pageOf({ page: 1, pages: 1, total: 1 })).toBe("Page 1 of 1 (1 event)");
    expect(T.activity.pageOf({ page: 1, pages: 1, total: 2 })).toBe("Page 1 of 1 (2 events)");
    expect(T.activity.pageOf({ page: 1, pages: 1, total: 0 })).toBe("Page 1 of 1 (0 events)");
  });

  test("Insights: periods, peaks and places", () => {
    expect(T.insights.period({ days: 7 })).toBe("7 days");
    expect(T.insights.dailySummary({ days: 7, runs: 1, clicks: 1, peakDay: "2026-11-20", peak: 1 })).toBe("Over 7 days: 1 offered run and 1 booking click. Most clicks on 2026-11-20 (1 click).");
    expect(T.insights.sellSummary({ days: 7, spots: 1, taken: 1, percent: 100 })).toBe("Over 7 days: 1 place taken of 1 place offered (100 %), counting the runs that track places.");
    expect(T.insights.sellSummary({ days: 7, spots: 0, taken: 0, percent: 0 })).toBe("Over 7 days: no offered run tracks places.");
    expect(T.insights.clicksCell({ n: 1 })).toBe("1 booking click");
  });
});
