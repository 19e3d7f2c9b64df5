import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { boosters } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { RunStats } from "./stats";

let t: TestApp;
let b1: number;
let b2: number;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  const rows = await t.db.select({ id: boosters.id, code: boosters.boosterId }).from(boosters);
  b1 = rows.find((r) => r.code === "BB-1001")!.id;
  b2 = rows.find((r) => r.code === "BB-1002")!.id;
});

const stats = async (gameId: number, email = "admin@example.com") => {
  const res = await t.request("GET", `/api/run-stats?gameId=${gameId}`, { cookie: await t.cookieFor(email) });
  return { status: res.status, body: (await res.json()) as RunStats };
};
const cm = (boosterId: number, scheduledDate: string, over: Record<string, unknown> = {}) => ({
  gameId: 4, boosterId, faction: "EU Alliance", completionMode: "Pilot Only", timezone: "CET", scheduledDate, ...over,
});

describe("GET /api/run-stats (the Runs tab's counters)", () => {
  test("counts available upcoming runs and their boosters, in total and this week (Sun-Sat, CET)", async () => {
    // TEST_NOW is Saturday 2026-11-21 11:00 CET: the week ends at Sunday 2026-11-22 00:00 CET.
    expect(TEST_NOW.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const cookie = await t.cookieFor("owner@example.com");
    const post = (body: unknown) => t.request("POST", "/api/challenge-mode-runs", { cookie, body });
    await post(cm(b1, "2026-11-21 20:00"));                 // this week
    await post(cm(b1, "2026-11-21 23:30"));                 // this week
    await post(cm(b2, "2026-11-22 00:30"));                 // next week
    await post(cm(b2, "2026-11-21 09:00"));                 // already started: not counted
    const res = await post(cm(b2, "2026-11-21 21:00"));     // cancelled below: not counted
    const cancelled = (await res.json()) as { id: number };
    await t.request("PATCH", `/api/challenge-mode-runs/${cancelled.id}`, { cookie, body: { status: "cancelled" } });
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
