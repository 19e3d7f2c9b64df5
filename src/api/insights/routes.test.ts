// GET /api/insights: the numbers from seeded run_clicks counters under the
// injected clock (TEST_NOW, 2026-11-21 10:00 UTC), who may ask, and its validation.
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { raids } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { countClick } from "../clicks/bookingClicks";
import type { Insights } from "../../shared/schemas/insights";
import type { RunKind } from "../../shared/enums";

let t: TestApp;
let staff: string;

async function get(query: string, cookie: string | null = staff): Promise<{ status: number; body: Insights & { message?: string } }> {
  const res = await t.request("GET", `/api/insights${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as Insights & { message?: string } };
}
/** `n` clicks on the run on that UTC day. */
async function clicks(kind: RunKind, runId: number, day: string, n: number) {
  for (let i = 0; i < n; i++) await countClick(t.db, kind, runId, new Date(`${day}T12:00:00Z`));
}
/** The daily rows without the places (which these runs do not track). */
const counts = (i: Insights) => i.daily.map(({ day, runs, clicks }) => ({ day, runs, clicks }));
const breakdown = (i: Insights, dimension: string) =>
  i.breakdowns.find((b) => b.dimension === dimension)?.rows.map(({ label, runs, clicks, perRun }) => ({ label, runs, clicks, perRun }));

describe("GET /api/insights", () => {
  beforeAll(async () => {
    await resetDb({ runs: false });
    t = await makeTestApp();
    staff = await t.cookieFor("admin@example.com");
    const b = await boosterRow(t.db, "BB-1001");
    const raidId = async (name: string) => (await t.db.select({ id: raids.id }).from(raids).where(eq(raids.name, name)))[0]!.id;
    const [msv, hof] = [await raidId("Mogu'shan Vaults"), await raidId("Heart of Fear")];
    const raid = (startsAt: string, raidId: number, difficulty: "normal_10" | "heroic_25", status: "available" | "expired" | "cancelled" = "available") =>
      makeRun(t.db, "raid", { boosterId: b, startsAt: new Date(startsAt), raidId, difficulty, status });
    const r1 = await raid("2026-11-20T19:00:00Z", msv, "normal_10");
    const r2 = await raid("2026-11-20T20:00:00Z", msv, "heroic_25", "expired");
    const r3 = await raid("2026-11-21T19:00:00Z", hof, "normal_10");
    const r4 = await raid("2026-11-22T19:00:00Z", hof, "normal_10"); // after the window
    const r5 = await raid("2026-11-20T19:30:00Z", msv, "normal_10", "cancelled");
    const r6 = await raid("2026-10-22T21:00:00Z", msv, "normal_10"); // the day before the window (23:00 CEST)
    await clicks("raid", r1.id, "2026-11-19", 2);
    await clicks("raid", r1.id, "2026-11-20", 3);
    await clicks("raid", r2.id, "2026-11-20", 1);
    await clicks("raid", r3.id, "2026-11-21", 4);
    await clicks("raid", r4.id, "2026-11-21", 2);
    await clicks("raid", r5.id, "2026-11-20", 1);
    await clicks("raid", r6.id, "2026-10-22", 5);
    await clicks("raid", r6.id, "2026-10-23", 1);
    // Another kind's run with the same id (each kind numbers its own): its clicks are not the raids'.
    const cm = await makeRun(t.db, "challenge", { boosterId: b, startsAt: new Date("2026-11-18T18:00:00Z"), completionMode: "Pilot Only", faction: "EU Horde" });
    expect(cm.id).toBe(r1.id);
    await clicks("challenge", cm.id, "2026-11-18", 3);
  }, 60_000);

  test("per CET day by default: offered runs by start day, clicks by click day, over the last 30 days", async () => {
    expect(TEST_NOW.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const { status, body } = await get("?gameId=1");
    expect(status).toBe(200);
    expect(body).toMatchObject({ gameId: 1, kind: "raid", days: 30, zone: "CET", from: "2026-10-23", to: "2026-11-21" });
    expect(body.daily).toHaveLength(30);
    expect(counts(body)[0]).toEqual({ day: "2026-10-23", runs: 0, clicks: 1 });
    expect(counts(body).slice(-3)).toEqual([
      { day: "2026-11-19", runs: 0, clicks: 2 },
      { day: "2026-11-20", runs: 2, clicks: 5 }, // r1 and r2 offered (r5 was cancelled); its click still counts
      { day: "2026-11-21", runs: 1, clicks: 6 }, // r3 offered today; clicks on r3 and on tomorrow's r4
    ]);
    expect(body.totals).toEqual({ runs: 3, clicks: 14, spots: 0, spotsTaken: 0 });
  });

  test("clicks per offered run by raid, difficulty and start hour (CET); every click of those runs", async () => {
    const { body } = await get("?gameId=1");
    expect(body.breakdowns.map((b) => b.dimension)).toEqual(["raid", "difficulty", "hour"]);
    expect(breakdown(body, "raid")).toEqual([
      { label: "Heart of Fear", runs: 1, clicks: 4, perRun: 4 },
      { label: "Mogu'shan Vaults", runs: 2, clicks: 6, perRun: 3 },
    ]);
    expect(breakdown(body, "difficulty")).toEqual([
      { label: "Normal 10", runs: 2, clicks: 9, perRun: 4.5 },
      { label: "Heroic 25", runs: 1, clicks: 1, perRun: 1 },
    ]);
    expect(breakdown(body, "hour")).toEqual([
      { label: "20:00", runs: 2, clicks: 9, perRun: 4.5 },
      { label: "21:00", runs: 1, clicks: 1, perRun: 1 },
    ]);
  });

  test("a shorter window, and the other kinds' own dimensions", async () => {
    const week = (await get("?gameId=1&days=7")).body;
    expect([week.from, week.to, week.daily.length]).toEqual(["2026-11-15", "2026-11-21", 7]);
    const cm = (await get("?gameId=4")).body;
    expect(cm.kind).toBe("challenge");
    expect(cm.totals).toEqual({ runs: 1, clicks: 3, spots: 0, spotsTaken: 0 });
    expect(cm.breakdowns.map((b) => b.dimension)).toEqual(["mode", "faction", "hour"]);
    expect(breakdown(cm, "faction")).toEqual([{ label: "EU Horde", runs: 1, clicks: 3, perRun: 3 }]);
    const dp = (await get("?gameId=5")).body;
    expect(dp.breakdowns.map((b) => b.dimension)).toEqual(["completionType", "hour"]);
    expect(dp.totals).toEqual({ runs: 0, clicks: 0, spots: 0, spotsTaken: 0 });
    expect(dp.daily.every((d) => d.runs === 0 && d.clicks === 0)).toBe(true);
  });

  test("owners and administrators only", async () => {
    expect((await get("?gameId=1", await t.cookieFor("owner@example.com"))).status).toBe(200);
    expect((await get("?gameId=1", await t.cookieFor("booster@example.com"))).status).toBe(403);
    expect((await get("?gameId=1", null)).status).toBe(401);
  });

  test("bad input is a 400 naming the problem; an unknown game 404", async () => {
    expect(await get("")).toMatchObject({ status: 400 });
    expect(await get("?gameId=x")).toMatchObject({ status: 400, body: { message: "Invalid id" } });
    expect(await get("?gameId=1&days=5")).toMatchObject({ status: 400, body: { message: "Days must be a whole number from 7 to 90." } });
    expect(await get("?gameId=1&days=91")).toMatchObject({ status: 400 });
    expect(await get("?gameId=1&days=7.5")).toMatchObject({ status: 400 });
    expect(await get("?gameId=1&zone=PST")).toMatchObject({ status: 400, body: { message: "Zone must be CET or EST." } });
    expect(await get("?gameId=3")).toMatchObject({ status: 400, body: { message: "Insights are per calendar: choose one of this game's calendars." } });
    expect(await get("?gameId=999")).toMatchObject({ status: 404 });
  });
});
