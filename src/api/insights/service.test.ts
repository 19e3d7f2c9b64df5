// Insights on the console's clocks: days and start hours counted in CET or EST across
// daylight-saving changes (a 25-hour and a 23-hour day keep every hour, none twice), the
// period, and sell-through (places taken against places offered; runs without spots left out).
import { beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "../../../db/client";
import { resetDb } from "../../testing/db";
import { boosterRow, makeRun } from "../../testing/factories";
import { countClick } from "../clicks/bookingClicks";
import { insightsFor, insightWindow } from "./service";

const RAID_GAME = 1;
const HOUR = 3_600_000;
let db: Db;
let booster: number;

/** One click in every UTC hour from `first` to `last` (both included). */
async function clickEveryHour(runId: number, first: string, last: string): Promise<number> {
  let n = 0;
  for (let at = Date.parse(first); at <= Date.parse(last); at += HOUR, n++) await countClick(db, "raid", runId, new Date(at));
  return n;
}
const day = (i: Awaited<ReturnType<typeof insightsFor>>, d: string) => i.daily.find((x) => x.day === d);
const hours = (i: Awaited<ReturnType<typeof insightsFor>>) =>
  i.breakdowns.find((b) => b.dimension === "hour")!.rows.map((r) => [r.label, r.runs]);

describe("insights in the console's zone", () => {
  beforeAll(async () => {
    db = (await resetDb({ runs: false })).db;
    booster = await boosterRow(db, "BB-1001");
  }, 60_000);

  test("the window: calendar days of the zone, so a DST day is 25 or 23 hours long", () => {
    // Berlin falls back on 2026-10-25 (25 hours) and springs forward on 2026-03-29 (23 hours).
    const autumn = insightWindow(new Date("2026-10-27T10:00:00Z"), 7, "CET");
    expect([autumn.list[0], autumn.list.at(-1)]).toEqual(["2026-10-21", "2026-10-27"]);
    expect(autumn.start.toISOString()).toBe("2026-10-20T22:00:00.000Z"); // midnight CEST
    expect(autumn.end.toISOString()).toBe("2026-10-27T23:00:00.000Z"); // midnight CET
    expect((autumn.end.getTime() - autumn.start.getTime()) / HOUR).toBe(7 * 24 + 1);
    const spring = insightWindow(new Date("2026-03-30T10:00:00Z"), 7, "CET");
    expect((spring.end.getTime() - spring.start.getTime()) / HOUR).toBe(7 * 24 - 1);
    // Late evening in New York is already the next day in UTC: the zone's own today is last.
    expect(insightWindow(new Date("2026-11-21T03:00:00Z"), 7, "EST").list.at(-1)).toBe("2026-11-20");
    expect(insightWindow(new Date("2026-11-21T03:00:00Z"), 7, "CET").list.at(-1)).toBe("2026-11-21");
  });

  test("autumn: a click in each of the 25 hours of 2026-10-25 (CET) counts on that day, none lost or doubled", async () => {
    const run = await makeRun(db, "raid", { boosterId: booster, startsAt: new Date("2026-10-25T00:30:00Z") }); // 02:30 CEST
    await makeRun(db, "raid", { boosterId: booster, startsAt: new Date("2026-10-25T01:30:00Z") }); // 02:30 CET, the repeated hour
    // 20:00Z on the 24th (22:00 CEST) to 01:00Z on the 26th (02:00 CET): 30 hours.
    expect(await clickEveryHour(run.id, "2026-10-24T20:00:00Z", "2026-10-26T01:00:00Z")).toBe(30);
    const cet = await insightsFor(db, RAID_GAME, new Date("2026-10-27T10:00:00Z"), 7, "CET");
    expect(cet.zone).toBe("CET");
    expect([day(cet, "2026-10-24")?.clicks, day(cet, "2026-10-25")?.clicks, day(cet, "2026-10-26")?.clicks]).toEqual([2, 25, 3]);
    expect(day(cet, "2026-10-25")?.runs).toBe(2);
    expect(cet.totals.clicks).toBe(30);
    // Both runs started at 02:30 on Berlin's clocks, an hour apart.
    expect(hours(cet)).toEqual([["02:00", 2]]);

    // The same clicks on New York's clocks (still on EDT until 1 November): other days, same total.
    const est = await insightsFor(db, RAID_GAME, new Date("2026-10-27T10:00:00Z"), 7, "EST");
    expect([day(est, "2026-10-24")?.clicks, day(est, "2026-10-25")?.clicks]).toEqual([8, 22]);
    expect(est.totals.clicks).toBe(30);
    expect(day(est, "2026-10-24")?.runs).toBe(2); // 20:30 and 21:30 EDT on the 24th
    expect(hours(est)).toEqual([["20:00", 1], ["21:00", 1]]);
  });

  test("spring: 2026-03-29 (CET) has 23 hours and every one of them counts", async () => {
    const run = await makeRun(db, "raid", { boosterId: booster, startsAt: new Date("2026-03-29T01:30:00Z") }); // 03:30 CEST
    // The Berlin day runs from 23:00Z on the 28th to 22:00Z on the 29th.
    expect(await clickEveryHour(run.id, "2026-03-28T23:00:00Z", "2026-03-29T21:00:00Z")).toBe(23);
    await countClick(db, "raid", run.id, new Date("2026-03-29T22:00:00Z")); // 00:00 CEST on the 30th
    const cet = await insightsFor(db, RAID_GAME, new Date("2026-03-31T10:00:00Z"), 7, "CET");
    expect([day(cet, "2026-03-28")?.clicks, day(cet, "2026-03-29")?.clicks, day(cet, "2026-03-30")?.clicks]).toEqual([0, 23, 1]);
    expect(hours(cet)).toEqual([["03:00", 1]]);
  });

  test("the period: 7, 30 or 90 days ending today in the zone", async () => {
    const now = new Date("2026-10-27T10:00:00Z");
    for (const days of [7, 30, 90]) {
      const i = await insightsFor(db, RAID_GAME, now, days, "CET");
      expect([i.days, i.daily.length, i.to]).toEqual([days, days, "2026-10-27"]);
    }
    expect((await insightsFor(db, RAID_GAME, now, 90, "CET")).from).toBe("2026-07-30");
    // The autumn clicks fall inside every period; the spring ones (seven months back) inside none.
    expect((await insightsFor(db, RAID_GAME, now, 7, "CET")).totals.clicks).toBe(30);
    expect((await insightsFor(db, RAID_GAME, now, 90, "CET")).totals.clicks).toBe(30);
  });

  test("sell-through per day: places taken against places offered; runs without spots and cancelled runs not counted", async () => {
    const at = (iso: string) => new Date(iso);
    await makeRun(db, "raid", { boosterId: booster, startsAt: at("2026-12-03T18:00:00Z"), spots: 10, spotsTaken: 7 });
    await makeRun(db, "raid", { boosterId: booster, startsAt: at("2026-12-03T20:00:00Z"), spots: 5, spotsTaken: 5 });
    await makeRun(db, "raid", { boosterId: booster, startsAt: at("2026-12-03T21:00:00Z") }); // spots null: a run, no places
    await makeRun(db, "raid", { boosterId: booster, startsAt: at("2026-12-03T19:00:00Z"), spots: 8, spotsTaken: 2, status: "cancelled" });
    await makeRun(db, "raid", { boosterId: booster, startsAt: at("2026-12-04T22:30:00Z"), spots: 4, spotsTaken: 1 }); // 23:30 CET on the 4th
    const i = await insightsFor(db, RAID_GAME, at("2026-12-05T10:00:00Z"), 7, "CET");
    expect(day(i, "2026-12-03")).toEqual({ day: "2026-12-03", runs: 3, clicks: 0, spots: 15, spotsTaken: 12 });
    expect(day(i, "2026-12-04")).toEqual({ day: "2026-12-04", runs: 1, clicks: 0, spots: 4, spotsTaken: 1 });
    expect(i.totals).toMatchObject({ spots: 19, spotsTaken: 13 });
    // In New York the late run of the 4th starts at 17:30 the same day; the places stay with their day.
    const est = await insightsFor(db, RAID_GAME, at("2026-12-05T10:00:00Z"), 7, "EST");
    expect(day(est, "2026-12-04")).toMatchObject({ spots: 4, spotsTaken: 1 });
  });
});
