// Only an active, live booster account has runs created, changed or
// shown publicly; deleting the account serialises with run writes.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { boosterGames, boosters, challengeModeRuns, desertPerpetualRuns, raidRuns, users } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { availableCounts } from "../games/service";
import { runStats } from "./stats";
import type { AnyRun } from "../../kinds/runs";
import { challengeRunInputSchema } from "../../kinds/challenge/schemas";
import type { Viewer } from "../../shared/types";
import { createRun, updateRun } from "./service";

let t: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb();
  const [row] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"));
  b1 = row!.id;
});

const BOOSTER = "booster@example.com"; // BB-1001: raids and challenge modes
const call = async (cookie: string | null, method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { body, cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const setStatus = (email: string, status: "active" | "pending" | "inactive") =>
  t.db.update(users).set({ status }).where(eq(users.email, email));

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
  gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});
const challengeBody = (over: Record<string, unknown> = {}) => ({
  gameId: 4, boosterId: b1, faction: "EU Horde", completionMode: "Pilot Only", timezone: "EST", scheduledDate: "2026-12-02 18:30", ...over,
});
const desertBody = (over: Record<string, unknown> = {}) => ({
  gameId: 5, boosterId: b1, completionType: "sherpa_only", feats: [], timezone: "CET", scheduledDate: "2026-12-03 21:00", ...over,
});
const CREATES = [["/api/runs", raidBody], ["/api/challenge-mode-runs", challengeBody], ["/api/desert-perpetual-runs", desertBody]] as const;

/** Every run of BB-1001 over the three tables, with its status. */
async function runsOfB1(): Promise<string[]> {
  const rows = await Promise.all([raidRuns, challengeModeRuns, desertPerpetualRuns].map((tb) =>
    t.db.select({ status: tb.status }).from(tb).where(eq(tb.boosterId, b1))));
  return rows.flat().map((r) => r.status);
}

/** BB-1001 on the public API (what the calendars show), over the three kinds. */
async function publicRunsOfB1(): Promise<AnyRun[]> {
  const lists = await Promise.all(CREATES.map(async ([path]) => (await call(null, "GET", path)).body as AnyRun[]));
  return lists.flat().filter((r) => r.booster.boosterId === "BB-1001");
}

describe("pending users do not act", () => {
  test("a pending booster gets 403 on every run write and nothing changes; after completing the profile they may", async () => {
    const cookie = await t.cookieFor(BOOSTER);
    const own = (await call(cookie, "POST", "/api/challenge-mode-runs", challengeBody())).body as AnyRun;
    await setStatus(BOOSTER, "pending");
    const before = await runsOfB1();
    for (const [path, body] of CREATES) {
      expect(await call(cookie, "POST", path, body())).toEqual({ status: 403, body: { message: "Complete your profile before using the platform." } });
    }
    expect((await call(cookie, "PATCH", `/api/challenge-mode-runs/${own.id}`, { scheduledDate: "2026-12-24 19:45" })).status).toBe(403);
    expect((await call(cookie, "DELETE", `/api/challenge-mode-runs/${own.id}`)).status).toBe(403);
    expect((await runsOfB1()).length).toBe(before.length);

    // The one thing a pending user may do: complete the profile; then they act.
    expect((await call(cookie, "POST", "/api/complete-profile", { nickname: "Ironhide" })).status).toBe(200);
    expect((await call(cookie, "POST", "/api/runs", raidBody())).status).toBe(201);
  });

  test("pending staff get 403 on staff writes", async () => {
    await setStatus("owner@example.com", "pending");
    const cookie = await t.cookieFor("owner@example.com");
    const [booster2] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster2@example.com"));
    expect((await call(cookie, "POST", "/api/runs", raidBody())).status).toBe(403);
    expect((await call(cookie, "PATCH", `/api/users/${booster2!.id}`, { nickname: "Sunfire", status: "inactive" })).status).toBe(403);
    expect((await call(cookie, "POST", "/api/invites", { email: "x@example.com", userType: "administrator" })).status).toBe(403);
    expect((await call(cookie, "PATCH", "/api/games/4/visibility", { visible: false })).status).toBe(403);
  });
});

describe("runs of a deleted or inactive booster", () => {
  test("staff cannot create or move runs for an inactive booster (409), and the booster's runs leave the public views", async () => {
    const owner = await t.cookieFor("owner@example.com");
    expect((await publicRunsOfB1()).length).toBeGreaterThan(0);
    const countsBefore = await availableCounts(t.db, TEST_NOW);
    const calendar = async () => (await t.request("GET", "/game/mop-challenge-mode-calendar")).text();
    expect(await calendar()).toContain("BB-1001");
    const [b2] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1002"));
    const othersRun = (await call(owner, "POST", "/api/runs", raidBody({ boosterId: b2!.id }))).body as AnyRun;
    await setStatus(BOOSTER, "inactive");

    for (const [path, body] of CREATES) {
      expect(await call(owner, "POST", path, body())).toEqual({ status: 409, body: { message: "This booster's account is inactive or deleted." } });
    }
    // Nor hand another booster's run to them.
    expect((await call(owner, "PATCH", `/api/runs/${othersRun.id}`, { boosterId: b1 })).status).toBe(409);

    // Stored runs stay (reactivation brings them back) but no public view shows or counts them.
    expect((await runsOfB1()).filter((s) => s === "available").length).toBeGreaterThan(0);
    expect(await publicRunsOfB1()).toEqual([]);
    const countsAfter = await availableCounts(t.db, TEST_NOW);
    expect(countsAfter.get(4) ?? 0).toBe(0); // only BB-1001 runs challenge modes in the seed
    expect(countsAfter.get(5)).toBe(countsBefore.get(5)); // BB-1002's desert runs still count
    expect((await runStats(t.db, [4], TEST_NOW)).totalAvailableRuns).toBe(0);
    expect(await calendar()).not.toContain("BB-1001");

    await setStatus(BOOSTER, "active");
    expect((await publicRunsOfB1()).length).toBeGreaterThan(0);
  });

  // The race's window, made deterministic: the session was checked before the deletion
  // committed, the write comes after it.
  test("a write whose session was checked before the account's deletion is refused (409) and leaves nothing", async () => {
    const viewer = (await (await t.request("GET", "/api/auth/user", { cookie: await t.cookieFor(BOOSTER) })).json()) as { id: number };
    const actor = { ...viewer, role: "booster" as const, status: "active" as const, boosterRecordId: b1 } as Viewer;
    const [run] = await t.db.select({ id: challengeModeRuns.id }).from(challengeModeRuns).where(eq(challengeModeRuns.boosterId, b1)).limit(1);
    expect((await call(await t.cookieFor("admin@example.com"), "DELETE", `/api/users/${viewer.id}`)).status).toBe(200);
    const before = await runsOfB1();
    // Game links stay as they were when the session was read, as they would mid-request.
    await t.db.update(boosterGames).set({ isActive: true }).where(eq(boosterGames.boosterId, b1));
    await expect(createRun(t.db, actor, "challenge", challengeRunInputSchema.parse(challengeBody()), t)).rejects.toMatchObject({ kind: "conflict" });
    await expect(updateRun(t.db, actor, "challenge", run!.id, { status: undefined, scheduledDate: "2026-12-30 10:00" } as never, t))
      .rejects.toMatchObject({ kind: "conflict" });
    expect(await runsOfB1()).toEqual(before);
    expect(before.every((s) => s === "expired")).toBe(true);
  });

  // The review's race: 40 parallel creations while staff delete the account left runs
  // `available` for the deleted booster, on the public calendars.
  test("a booster's 40 parallel creations racing the account's deletion leave no available run, over several rounds", async () => {
    for (let round = 0; round < 6; round++) {
      if (round > 0) {
        await resetDb({ runs: false });
        const [row] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"));
        b1 = row!.id;
      }
      const cookie = await t.cookieFor(BOOSTER);
      const admin = await t.cookieFor("admin@example.com");
      const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, BOOSTER));
      const create = (i: number) => {
        const [path, body] = CREATES[i % 2]!; // raids and challenge modes are BB-1001's games
        return call(cookie, "POST", path, body({ scheduledDate: `2026-12-${String((i % 28) + 1).padStart(2, "0")} 20:00` }));
      };
      // All 40 are in flight; the deletion follows after a few database round trips, later
      // each round, so it lands at a different point of the creations.
      const creations = Array.from({ length: 40 }, (_, i) => create(i));
      const deletion = (async () => {
        for (let k = 0; k < round; k++) await t.db.execute(sql`select 1`);
        return call(admin, "DELETE", `/api/users/${u!.id}`);
      })();
      const answers = await Promise.all(creations);
      expect((await deletion).status).toBe(200);
      // Each creation either won (201) or was refused (401 no session, 403 games unassigned, 409 account deleted): never a 500.
      expect(answers.every((a) => [201, 401, 403, 409].includes(a.status))).toBe(true);
      expect((await runsOfB1()).filter((s) => s === "available")).toEqual([]);
      expect(await publicRunsOfB1()).toEqual([]);
    }
  }, 60_000);
});
