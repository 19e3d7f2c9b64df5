import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun, type RunOverrides } from "../../testing/factories";
import type { RunStats } from "../../shared/schemas/responses";

let t: TestApp;
let b1: number;
let b2: number;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  b1 = await boosterRow(t.db, "BB-1001");
  b2 = await boosterRow(t.db, "BB-1002");
});

const stats = async (gameId: number, email = "admin@example.com") => {
  const res = await t.request("GET", `/api/run-stats?gameId=${gameId}`, { cookie: await t.cookieFor(email) });
  return { status: res.status, body: (await res.json()) as RunStats };
};
const cm = (boosterId: number, scheduledDate: string, over: Partial<RunOverrides["challenge"]> = {}) =>
  makeRun(t.db, "challenge", { boosterId, scheduledDate, faction: "EU Alliance", completionMode: "Pilot Only", ...over });

describe("GET /api/run-stats (the Runs tab's counters)", () => {
  test("counts available upcoming runs and their boosters, in total and this week (Sun-Sat, CET)", async () => {
    // TEST_NOW is Saturday 2026-11-21 11:00 CET: the week ends at Sunday 2026-11-22 00:00 CET.
    expect(TEST_NOW.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    await cm(b1, "2026-11-21 20:00");                          // this week
    await cm(b1, "2026-11-21 23:30");                          // this week
    await cm(b2, "2026-11-22 00:30");                          // next week
    await cm(b2, "2026-11-21 09:00");                          // already started: not counted
    await cm(b2, "2026-11-21 21:00", { status: "cancelled" }); // not counted
    expect((await stats(4)).body).toEqual({ totalAvailableRuns: 3, totalBoosters: 2, availableThisWeek: 2, boostersThisWeek: 1 });
    // A parent game counts over its children.
    expect((await stats(3)).body).toEqual({ totalAvailableRuns: 3, totalBoosters: 2, availableThisWeek: 2, boostersThisWeek: 1 });
    expect((await stats(1)).body).toEqual({ totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 });
  });

  test("staff only", async () => {
    expect((await stats(1, "booster@example.com")).status).toBe(403);
    expect((await t.request("GET", "/api/run-stats?gameId=1")).status).toBe(401);
    expect((await stats(0)).status).toBe(400);
  });
});
