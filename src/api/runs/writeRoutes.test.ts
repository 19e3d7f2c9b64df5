import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { boosterGames, boosters, challengeModeRuns, desertPerpetualRuns, raidRuns, runClassRestrictions } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { RunKind } from "../../shared/enums";
import type { AnyRun } from "../../kinds/runs";
import type { RaidRun } from "../../kinds/raid/schemas";

let t: TestApp;
let ids: { b1: number; b2: number };
const cookies: Record<string, string> = {};
const EMAILS = { owner: "owner@example.com", admin: "admin@example.com", booster: "booster@example.com", booster2: "booster2@example.com" } as const;
type Who = keyof typeof EMAILS | "anonymous";

// Building the island bundle and starting the database take a few seconds.
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb();
  const rows = await t.db.select({ id: boosters.id, code: boosters.boosterId }).from(boosters);
  ids = { b1: rows.find((r) => r.code === "BB-1001")!.id, b2: rows.find((r) => r.code === "BB-1002")!.id };
  for (const [k, email] of Object.entries(EMAILS)) cookies[k] = await t.cookieFor(email);
});

const call = async (who: Who, method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { body, cookie: who === "anonymous" ? null : cookies[who] });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

// Reference ids of the seed: raid 1 (Mogu'shan Vaults), EU Alliance faction, its first completion mode.
const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, title: "WoW Raid Run", boosterId: ids.b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});
const challengeBody = (over: Record<string, unknown> = {}) => ({
  gameId: 4, boosterId: ids.b1, title: "9/9 Gold Challenge Modes", faction: "EU Horde", completionMode: "Pilot Only",
  timezone: "EST", scheduledDate: "2026-12-02 18:30", ...over,
});
const desertBody = (over: Record<string, unknown> = {}) => ({
  gameId: 5, boosterId: ids.b2, completionType: "sherpa_only", feats: ["Token Limit", "Phase Race"], timezone: "CET",
  scheduledDate: "2026-12-03 21:00", ...over,
});

const KINDS: { kind: RunKind; path: string; body: (o?: Record<string, unknown>) => Record<string, unknown>; prefix: string; ownerBooster: "booster" | "booster2"; outsider: "booster" | "booster2" }[] = [
  { kind: "raid", path: "/api/runs", body: raidBody, prefix: "MOP", ownerBooster: "booster", outsider: "booster2" },
  { kind: "challenge", path: "/api/challenge-mode-runs", body: challengeBody, prefix: "CM", ownerBooster: "booster", outsider: "booster2" },
  { kind: "desert", path: "/api/desert-perpetual-runs", body: desertBody, prefix: "TDP", ownerBooster: "booster2", outsider: "booster" },
];
const recordOf = (who: "booster" | "booster2") => (who === "booster" ? ids.b1 : ids.b2);

describe.each(KINDS)("$path", ({ kind, path, body, prefix, ownerBooster, outsider }) => {
  test("POST: staff create for any booster; the display id is the game's prefix and the row id", async () => {
    for (const who of ["owner", "admin"] as const) {
      const res = await call(who, "POST", path, body({ boosterId: recordOf(ownerBooster) }));
      expect(res.status).toBe(201);
      const run = res.body as AnyRun;
      expect(run.displayId).toBe(`${prefix}-${run.id}`);
      expect(run.boosterId).toBe(recordOf(ownerBooster));
      expect(run.status).toBe("available");
    }
  });

  test("POST: a booster creates only their own runs, whatever boosterId says", async () => {
    const res = await call(ownerBooster, "POST", path, body({ boosterId: recordOf(outsider) }));
    expect(res.status).toBe(201);
    expect((res.body as AnyRun).boosterId).toBe(recordOf(ownerBooster));
    const list = await call(ownerBooster, "GET", `${path}?gameId=${(res.body as AnyRun).gameId}`);
    expect((list.body as AnyRun[]).some((r) => r.id === (res.body as AnyRun).id)).toBe(true);
  });

  test("a booster cannot create, edit or delete in a game no longer assigned to them (403); anonymous callers get 401", async () => {
    const own = (await call(ownerBooster, "POST", path, body())).body as AnyRun;
    await t.db.update(boosterGames).set({ isActive: false })
      .where(and(eq(boosterGames.boosterId, recordOf(ownerBooster)), eq(boosterGames.gameId, own.gameId)));
    expect((await call(ownerBooster, "POST", path, body())).status).toBe(403);
    expect((await call(ownerBooster, "PATCH", `${path}/${own.id}`, { scheduledDate: "2026-12-30 10:00" })).status).toBe(403);
    expect((await call(ownerBooster, "DELETE", `${path}/${own.id}`)).status).toBe(403);
    expect((await call(ownerBooster, "GET", `${path}?gameId=${own.gameId}`)).body.some((r: AnyRun) => r.id === own.id && r.scheduledDate === own.scheduledDate)).toBe(true);
    expect((await call("anonymous", "POST", path, body())).status).toBe(401);
  });

  test.each([
    ["owner", 200], ["admin", 200], ["ownBooster", 200], ["otherBooster", 404], ["anonymous", 401],
  ] as const)("PATCH as %s -> %d, and a refused change leaves the run as it was", async (role, expected) => {
    const created = (await call("owner", "POST", path, body({ boosterId: recordOf(ownerBooster) }))).body as AnyRun;
    const who: Who = role === "ownBooster" ? ownerBooster : role === "otherBooster" ? outsider : role;
    const res = await call(who, "PATCH", `${path}/${created.id}`, { scheduledDate: "2026-12-24 19:45" });
    expect(res.status).toBe(expected);
    const after = (await call("owner", "GET", `${path}?gameId=${created.gameId}`)).body as AnyRun[];
    const stored = after.find((r) => r.id === created.id)!;
    expect(stored.scheduledDate).toBe(expected === 200 ? "2026-12-24 19:45" : created.scheduledDate);
  });

  test.each([
    ["owner", 200], ["admin", 200], ["ownBooster", 200], ["otherBooster", 404], ["anonymous", 401],
  ] as const)("DELETE as %s -> %d", async (role, expected) => {
    const created = (await call("owner", "POST", path, body({ boosterId: recordOf(ownerBooster) }))).body as AnyRun;
    const who: Who = role === "ownBooster" ? ownerBooster : role === "otherBooster" ? outsider : role;
    const res = await call(who, "DELETE", `${path}/${created.id}`);
    expect(res.status).toBe(expected);
    const after = (await call("owner", "GET", `${path}?gameId=${created.gameId}`)).body as AnyRun[];
    expect(after.some((r) => r.id === created.id)).toBe(expected !== 200);
  });

  test("staff set a run's status; a booster may not (403) and the status stays", async () => {
    const created = (await call("owner", "POST", path, body({ boosterId: recordOf(ownerBooster) }))).body as AnyRun;
    const refused = await call(ownerBooster, "PATCH", `${path}/${created.id}`, { status: "cancelled" });
    expect(refused.status).toBe(403);
    for (const status of ["in_progress", "completed", "expired", "cancelled", "available"] as const) {
      const res = await call("admin", "PATCH", `${path}/${created.id}`, { status });
      expect(res.status).toBe(200);
      expect((res.body as AnyRun).status).toBe(status);
    }
    expect((await call("admin", "PATCH", `${path}/${created.id}`, { status: "sold" })).status).toBe(400);
  });

  test("unknown and malformed ids: 404 and 400, never 500", async () => {
    expect((await call("owner", "PATCH", `${path}/999999`, { status: "expired" })).status).toBe(404);
    expect((await call("owner", "DELETE", `${path}/999999`)).status).toBe(404);
    expect((await call("owner", "DELETE", `${path}/abc`)).status).toBe(400);
    const bad = await t.request("POST", path, { cookie: cookies.owner, body: undefined, headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
  });

  test("staff naming an unknown booster get 'Selected booster not found'", async () => {
    const res = await call("admin", "POST", path, body({ boosterId: 424242 }));
    expect(res).toEqual({ status: 400, body: { message: "Selected booster not found" } });
  });

  test("a run's game must be a game of its kind ('Game is required')", async () => {
    const res = await call("owner", "POST", path, body({ gameId: kind === "raid" ? 4 : 1 }));
    expect(res).toEqual({ status: 400, body: { message: "Game is required" } });
  });
});

describe("time: the API speaks scheduledDate in the run's zone", () => {
  test("an EST run is stored as its instant and read back in EST", async () => {
    const res = await call("owner", "POST", "/api/challenge-mode-runs", challengeBody({ timezone: "EST", scheduledDate: "2026-12-02T18:30" }));
    const run = res.body as AnyRun;
    expect(run.timezone).toBe("EST");
    expect(run.scheduledDate).toBe("2026-12-02 18:30");
    expect(run.startsAt).toBe("2026-12-02T23:30:00.000Z");
  });

  test("a CET time across a DST change keeps its wall clock", async () => {
    const run = (await call("owner", "POST", "/api/runs", raidBody({ scheduledDate: "2027-07-01 20:00" }))).body as AnyRun;
    expect(run.startsAt).toBe("2027-07-01T18:00:00.000Z");
  });
});

describe("raid class restrictions", () => {
  const restrictions = [
    { wowClass: "Paladin", specs: ["Healer", "Tank"], serviceType: "Full Gear Priority" },
    { wowClass: "Mage", specs: ["Caster DPS"], serviceType: "1 Item Guaranteed" },
  ];

  test("are written with the run and replaced by PATCH; null means all classes", async () => {
    const run = (await call("owner", "POST", "/api/runs", raidBody({ classRestrictions: restrictions }))).body as RaidRun;
    expect(run.classRestrictions).toEqual(restrictions);
    const replaced = (await call("booster", "PATCH", `/api/runs/${run.id}`, { classRestrictions: [restrictions[1]] })).body as RaidRun;
    expect(replaced.classRestrictions).toEqual([restrictions[1]!]);
    const kept = (await call("booster", "PATCH", `/api/runs/${run.id}`, { difficulty: "normal_10" })).body as RaidRun;
    expect(kept.classRestrictions).toEqual([restrictions[1]!]);
    const cleared = (await call("booster", "PATCH", `/api/runs/${run.id}`, { classRestrictions: null })).body as RaidRun;
    expect(cleared.classRestrictions).toEqual([]);
    expect(await t.db.select().from(runClassRestrictions).where(eq(runClassRestrictions.runId, run.id))).toEqual([]);
  });

  test("a failed write leaves no half-written run", async () => {
    const before = (await t.db.select({ id: raidRuns.id }).from(raidRuns)).length;
    const res = await call("owner", "POST", "/api/runs", raidBody({ classRestrictions: [{ wowClass: "Mage", specs: ["Tank"], serviceType: "Full Gear Priority" }] }));
    expect(res).toEqual({ status: 400, body: { message: "Unknown class or spec" } });
    expect((await t.db.select({ id: raidRuns.id }).from(raidRuns)).length).toBe(before);
  });

  test("the choices must fit together: faction of the region, difficulty and mode of the raid", async () => {
    expect((await call("owner", "POST", "/api/runs", raidBody({ region: "US", factionId: 1 }))).body).toEqual({ message: "Faction is required" });
    expect((await call("owner", "POST", "/api/runs", raidBody({ raidId: 2, completionModeId: 1 }))).body).toEqual({ message: "Completion mode is required" });
    expect((await call("owner", "POST", "/api/runs", raidBody({ raidId: 9999 }))).body).toEqual({ message: "Raid is required" });
  });
});

describe("run validation messages", () => {
  const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  test.each([
    ["raidId", "Raid is required"],
    ["difficulty", "Difficulty is required"],
    ["factionId", "Faction is required"],
    ["completionModeId", "Completion mode is required"],
    ["gameplayType", "Gameplay type is required"],
    ["scheduledDate", "Scheduled date and time is required"],
    ["boosterId", "Booster is required"],
    ["gameId", "Game is required"],
  ])("raid run without %s: '%s'", async (field, message) => {
    expect(await call("owner", "POST", "/api/runs", omit(raidBody(), field))).toEqual({ status: 400, body: { message } });
  });

  test.each([
    ["boosterId", "Booster is required"],
    ["faction", "Faction is required"],
    ["completionMode", "Completion mode is required"],
    ["scheduledDate", "Scheduled date and time is required"],
  ])("challenge run without %s: '%s'", async (field, message) => {
    expect(await call("admin", "POST", "/api/challenge-mode-runs", omit(challengeBody(), field))).toEqual({ status: 400, body: { message } });
  });

  test.each([
    ["gameId", "Game is required"],
    ["boosterId", "Booster is required"],
    ["completionType", "Completion type is required"],
    ["scheduledDate", "Scheduled date and time is required"],
  ])("desert run without %s: '%s'", async (field, message) => {
    expect(await call("admin", "POST", "/api/desert-perpetual-runs", omit(desertBody(), field))).toEqual({ status: 400, body: { message } });
  });

  test.each([
    [{ specs: ["Healer"], serviceType: "Full Gear Priority" }, "Class is required"],
    [{ wowClass: "Paladin", specs: [], serviceType: "Full Gear Priority" }, "At least one spec is required"],
    [{ wowClass: "Paladin", specs: ["Healer"], serviceType: "" }, "Service type is required"],
  ])("class restriction %j: '%s'", async (restriction, message) => {
    expect(await call("owner", "POST", "/api/runs", raidBody({ classRestrictions: [restriction] }))).toEqual({ status: 400, body: { message } });
  });

  test("empty and malformed dates, wrong types: 400 with a message", async () => {
    expect((await call("owner", "POST", "/api/runs", raidBody({ scheduledDate: "  " }))).body).toEqual({ message: "Scheduled date and time is required" });
    expect((await call("owner", "POST", "/api/runs", raidBody({ scheduledDate: "2026-02-31 10:00" }))).body).toEqual({ message: "Enter a valid date and time" });
    expect((await call("owner", "POST", "/api/runs", raidBody({ difficulty: "mythic" }))).body).toEqual({ message: "Difficulty is required" });
    expect((await call("owner", "POST", "/api/runs", raidBody({ raidId: "1" }))).body).toEqual({ message: "Raid is required" });
  });
});

describe("display ids under concurrency", () => {
  test("50 parallel creations get 50 distinct display ids", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      call(i % 2 ? "owner" : "booster2", "POST", "/api/desert-perpetual-runs", desertBody({ scheduledDate: `2026-12-${String((i % 28) + 1).padStart(2, "0")} 20:00` }))));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const displayIds = results.map((r) => (r.body as AnyRun).displayId);
    expect(new Set(displayIds).size).toBe(50);
    expect(displayIds.every((d) => /^TDP-\d+$/.test(d!))).toBe(true);
    const stored = await t.db.select({ displayId: desertPerpetualRuns.displayId }).from(desertPerpetualRuns);
    expect(stored.every((r) => r.displayId !== null)).toBe(true);
  });
});

describe("booster games and reassignment", () => {
  test("a booster cannot move their run into a game not assigned to them", async () => {
    const run = (await call("booster", "POST", "/api/challenge-mode-runs", challengeBody())).body as AnyRun;
    // Game 1 is a raid game: wrong kind for a challenge run.
    expect((await call("booster", "PATCH", `/api/challenge-mode-runs/${run.id}`, { gameId: 1 })).status).toBe(400);
    const [row] = await t.db.select({ gameId: challengeModeRuns.gameId }).from(challengeModeRuns).where(eq(challengeModeRuns.id, run.id));
    expect(row!.gameId).toBe(4);
  });

  test("staff may hand a run to another booster; a booster's PATCH keeps it theirs", async () => {
    const run = (await call("booster", "POST", "/api/runs", raidBody())).body as AnyRun;
    const moved = await call("owner", "PATCH", `/api/runs/${run.id}`, { boosterId: ids.b2 });
    expect((moved.body as AnyRun).boosterId).toBe(ids.b2);
    const own = (await call("booster2", "PATCH", `/api/runs/${run.id}`, { boosterId: ids.b1 })).body as AnyRun;
    expect(own.boosterId).toBe(ids.b2);
  });
});
