// Counted phrases read as English: one of a thing, any other number of things.
import { describe, expect, test } from "bun:test";
import { T } from "../text";

describe("counted phrases", () => {
  test("Activity's page line: '1 event', '2 events', '0 events'", () => {
    expect(T.activity.pageOf(1, 1, 1)).toBe("Page 1 of 1 (1 event)");
    expect(T.activity.pageOf(1, 1, 2)).toBe("Page 1 of 1 (2 events)");
    expect(T.activity.pageOf(1, 1, 0)).toBe("Page 1 of 1 (0 events)");
  });

  test("Insights: periods, peaks and places", () => {
    expect(T.insights.period(7)).toBe("7 days");
    expect(T.insights.dailySummary(7, 1, 1, "2026-11-20", 1)).toBe("Over 7 days: 1 offered run and 1 booking click. Most clicks on 2026-11-20 (1 click).");
    expect(T.insights.sellSummary(7, 1, 1)).toBe("Over 7 days: 1 place taken of 1 place offered (100 %), counting the runs that track places.");
    expect(T.insights.sellSummary(7, 0, 0)).toBe("Over 7 days: no offered run tracks places.");
    expect(T.insights.clicksCell(1)).toBe("1 booking click");
  });
});
