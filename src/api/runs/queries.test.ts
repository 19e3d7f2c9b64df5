import { beforeAll, describe, expect, test } from "bun:test";
import { resetDb, TEST_NOW } from "../../testing/db";
import type { Db } from "../../../db/client";
import { findRun } from "./queries";
import { SERVER_KINDS } from "../../kinds/server.generated";

let db: Db;
beforeAll(async () => { db = (await resetDb()).db; });

describe("run read model", () => {
  test("raid runs come sorted with raid, faction, booster and restrictions, scheduledDate in the run's zone", async () => {
    const runs = await SERVER_KINDS.raid.list(db, {}, TEST_NOW);
    expect(runs.length).toBeGreaterThan(40);
    for (let i = 1; i < runs.length; i++) expect(runs[i - 1]!.startsAt <= runs[i]!.startsAt).toBe(true);
    const r = runs[0]!;
    expect(r.raid.name.length).toBeGreaterThan(0);
    expect(r.faction.name).toMatch(/Alliance|Horde/);
    expect(r.booster.user?.email).toMatch(/@example\.com$/);
    expect(r.scheduledDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(runs.some((x) => x.classRestrictions.length > 0)).toBe(true);
  });

  test("the public view keeps only available future runs and drops booster emails", async () => {
    const all = await SERVER_KINDS.raid.list(db, { gameId: 1 }, TEST_NOW);
    const pub = await SERVER_KINDS.raid.list(db, { gameId: 1, publicAt: TEST_NOW }, TEST_NOW);
    expect(pub.length).toBeLessThan(all.length);
    expect(pub.every((r) => r.status === "available" && new Date(r.startsAt) > TEST_NOW)).toBe(true);
    expect(pub.every((r) => r.booster.user === undefined)).toBe(true);
    expect(JSON.stringify(pub)).not.toContain("@example.com");
  });

  test("filters by booster and finds one run", async () => {
    const cm = await SERVER_KINDS.challenge.list(db, {}, TEST_NOW);
    const mine = await SERVER_KINDS.challenge.list(db, { boosterRecordId: cm[0]!.boosterId }, TEST_NOW);
    expect(mine.every((r) => r.boosterId === cm[0]!.boosterId)).toBe(true);
    const dp = await SERVER_KINDS.desert.list(db, {}, TEST_NOW);
    expect((await findRun(db, "desert", dp[0]!.id, TEST_NOW))?.displayId).toBe(dp[0]!.displayId);
    expect(await findRun(db, "desert", 999999, TEST_NOW)).toBeNull();
  });
});
