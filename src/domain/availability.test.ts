import { describe, expect, test } from "bun:test";
import { availabilityOf, bookingClosesAt, canBook, spotsLeftOf } from "./availability";

const start = Date.parse("2026-12-01T19:00:00Z");
const run = (over: Partial<Parameters<typeof availabilityOf>[0]> = {}) =>
  ({ status: "available" as const, startsAt: start, spots: 10, spotsTaken: 0, ...over });
const hourBefore = start - 3_600_000;

describe("availability", () => {
  test("places left, never negative, null when not tracked", () => {
    expect(spotsLeftOf({ spots: 10, spotsTaken: 3 })).toBe(7);
    expect(spotsLeftOf({ spots: 2, spotsTaken: 5 })).toBe(0);
    expect(spotsLeftOf({ spots: null, spotsTaken: 0 })).toBeNull();
  });

  test.each([
    [10, 0, "open"], [10, 7, "open"], [10, 8, "few"], [10, 9, "few"], [10, 10, "full"], [1, 0, "few"], [null, 0, "open"],
  ] as const)("%p spots with %p taken is %p an hour before the start", (spots, taken, state) => {
    expect(availabilityOf(run({ spots, spotsTaken: taken }), 15, hourBefore)).toBe(state);
  });

  test("booking closes at the start minus the game's cutoff, full or not", () => {
    expect(bookingClosesAt(start, 15)).toBe(start - 15 * 60_000);
    expect(availabilityOf(run(), 15, start - 15 * 60_000 - 1)).toBe("open");
    expect(availabilityOf(run(), 15, start - 15 * 60_000)).toBe("closed");
    expect(availabilityOf(run({ spots: 10, spotsTaken: 10 }), 15, start - 60_000)).toBe("closed");
    expect(availabilityOf(run(), 0, start - 1)).toBe("open");
    expect(availabilityOf(run(), 0, start)).toBe("closed");
  });

  test("a run that is not available is closed whatever its places", () => {
    for (const status of ["in_progress", "completed", "expired", "cancelled"] as const) {
      expect(availabilityOf(run({ status }), 15, hourBefore)).toBe("closed");
    }
  });

  test("only open and few runs can be booked", () => {
    expect([canBook("open"), canBook("few"), canBook("full"), canBook("closed")]).toEqual([true, true, false, false]);
  });
});
