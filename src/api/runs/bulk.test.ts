// Through the API: repeat creation, duplicate to next week, bulk
// actions with undo, and overlap warnings. Real database (PGlite, or DATABASE_URL).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { auditEvents, boosterGames, boosters, games, raidRuns, runBulkUndos, runClassRestrictions, users } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { AnyRun } from "../../kinds/runs";
import { T } from "../../shared/text";

let t: TestApp;
let ids: { b1: number; b2: number };
const cookies: Record<string, string> = {};
const EMAILS = { owner: "owner@example.com", admin: "admin@example.com", booster: "booster@example.com", booster2: "booster2@example.com" } as const;
type Who = keyof typeof EMAILS;

beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb();
  t.setNow(TEST_NOW);
  const rows = await t.db.select({ id: boosters.id, code: boosters.boosterId }).from(boosters);
  ids = { b1: rows.find((r) => r.code === "BB-1001")!.id, b2: rows.find((r) => r.code === "BB-1002")!.id };
  for (const [k, email] of Object.entries(EMAILS)) cookies[k] = await t.cookieFor(email);
});

const call = async (who: Who, method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { body, cookie: cookies[who] });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

const CLASSES = [{ wowClass: "Mage", specs: ["Caster DPS"], serviceType: "1 Item Guaranteed" }];
const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: ids.b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2027-01-05 20:00", ...over,
});
const challengeBody = (over: Record<string, unknown> = {}) => ({
  gameId: 4, boosterId: ids.b1, faction: "EU Horde", completionMode: "Pilot Only", timezone: "CET", scheduledDate: "2027-01-05 21:00", ...over,
});
const weekly = (n: number, from = 5) => Array.from({ length: n }, (_, i) => {
  const d = new Date(Date.UTC(2027, 0, from + 7 * i));
  return `${d.toISOString().slice(0, 10)} 20:00`;
});
const repeatBody = (dates: string[], over: Record<string, unknown> = {}) => {
  const { scheduledDate: _, ...rest } = raidBody(over);
  return { ...rest, scheduledDates: dates };
};
const raidCount = async () => (await t.db.select({ id: raidRuns.id }).from(raidRuns)).length;

describe("repeat creation (scheduledDates)", () => {
  test("creates every run in one request, in date order, each with its display id and class restrictions", async () => {
    const before = await raidCount();
    const res = await call("owner", "POST", "/api/runs", repeatBody(weekly(26), { classRestrictions: CLASSES }));
    expect(res.status).toBe(201);
    const runs = res.body.runs as AnyRun[];
    expect(runs).toHaveLength(26);
    expect(runs.map((r) => r.scheduledDate)).toEqual(weekly(26));
    for (const r of runs) expect(r.displayId).toBe(`MOP-${r.id}`);
    expect(runs.every((r) => r.kind === "raid" && r.classRestrictions.length === 1)).toBe(true);
    expect(res.body.warnings).toEqual([]);
    expect(await raidCount()).toBe(before + 26);
  });

  test("a booster repeats only their own runs, in an assigned game (same rules as one create)", async () => {
    const res = await call("booster", "POST", "/api/runs", repeatBody(weekly(2), { boosterId: ids.b2 }));
    expect(res.status).toBe(201);
    expect(res.body.runs.every((r: AnyRun) => r.boosterId === ids.b1)).toBe(true);
    await t.db.update(boosterGames).set({ isActive: false }).where(eq(boosterGames.boosterId, ids.b1));
    expect((await call("booster", "POST", "/api/runs", repeatBody(weekly(2)))).status).toBe(403);
  });

  test("validation: 2 to 26 distinct dates, not both fields, all in the future; nothing is created on a refusal", async () => {
    const before = await raidCount();
    const cases: [unknown, string][] = [
      [repeatBody(weekly(1)), "Pick between 2 and 26 dates"],
      [repeatBody(weekly(27)), "Pick between 2 and 26 dates"],
      [repeatBody(["2027-01-05 20:00", "2027-01-05T20:00"]), "Each date can be picked only once"],
      [{ ...repeatBody(weekly(2)), scheduledDate: "2027-01-05 20:00" }, "Give either scheduledDate or scheduledDates, not both"],
      [repeatBody(["2026-11-21 10:59", "2027-01-05 20:00"]), "Every repeated date must be in the future"],
      [repeatBody(["2027-01-05 20:00", "2026-02-31 20:00"]), "Enter a valid date and time"],
    ];
    for (const [body, message] of cases) {
      const res = await call("owner", "POST", "/api/runs", body);
      expect(res).toEqual({ status: 400, body: { message } });
    }
    expect(await raidCount()).toBe(before);
  });

  test("dates outside years 1000-9998 are a 400 with the date's message, not a 500 or a 1900s run", async () => {
    // 9999-12-31 23:00 in New York is in year 10000 in UTC, which PostgreSQL cannot read;
    // Date.UTC read years 0-99 as 1900-1999, so '0099-…' was stored as 1999.
    const before = await raidCount();
    const invalid = { status: 400, body: { message: T.runForm.scheduledInvalid } };
    expect(await call("owner", "POST", "/api/runs", repeatBody(["2027-01-05 20:00", "9999-12-31 23:00"], { timezone: "EST" }))).toEqual(invalid);
    expect(await call("owner", "POST", "/api/runs", raidBody({ timezone: "EST", scheduledDate: "9999-12-31 23:00" }))).toEqual(invalid);
    expect(await call("owner", "POST", "/api/runs", raidBody({ scheduledDate: "0099-01-01 12:30" }))).toEqual(invalid);
    expect(await call("booster", "GET", "/api/run-overlaps?kind=raid&timezone=EST&scheduledDates=9999-12-31%2023:00")).toEqual(invalid);
    expect(await raidCount()).toBe(before);
  });

  test("all or none: a failure inside the transaction leaves no run behind", async () => {
    // A run already holds the display id the batch's second run would get: the display-id
    // update fails after the rows were inserted, and the whole batch rolls back.
    const [blocker] = await t.db.insert(raidRuns).values({
      gameId: 1, boosterId: ids.b1, startsAt: new Date("2027-02-01T19:00:00Z"), difficulty: "heroic_25", region: "EU", raidId: 1, factionId: 1,
    }).returning({ id: raidRuns.id });
    await t.db.update(raidRuns).set({ displayId: `MOP-${blocker!.id + 2}` }).where(eq(raidRuns.id, blocker!.id));
    const before = await raidCount();
    const logged: string[] = [];
    const report = console.error;
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(" "));
    const res = await call("owner", "POST", "/api/runs", repeatBody(weekly(3), { classRestrictions: CLASSES })).finally(() => {
      console.error = report;
    });
    expect(res.status).toBe(500);
    expect(logged.join("\n")).toContain("23505");
    expect(await raidCount()).toBe(before);
    expect((await t.db.select().from(runClassRestrictions)).filter((r) => r.runId > blocker!.id)).toEqual([]);
  });
});

describe("overlap warnings", () => {
  test("create and update answers name the booster's overlapping available runs of any kind; none otherwise", async () => {
    const first = (await call("owner", "POST", "/api/runs", raidBody())).body;
    expect(first.warnings).toEqual([]);
    // Challenge mode at 21:00 starts inside the raid's 3 hours (20:00-23:00).
    const cm = await call("owner", "POST", "/api/challenge-mode-runs", challengeBody());
    expect(cm.status).toBe(201);
    expect(cm.body.warnings).toEqual([{ code: "overlap", displayIds: [first.displayId] }]);
    // A raid starting at 18:00 ends 21:00: meets the raid (20:00) and the challenge run (21:00 is its end, not met).
    const early = await call("owner", "POST", "/api/runs", raidBody({ scheduledDate: "2027-01-05 18:00" }));
    expect(early.body.warnings).toEqual([{ code: "overlap", displayIds: [first.displayId] }]);
    // Another booster's runs never count, nor runs that are not available.
    expect((await call("owner", "POST", "/api/runs", raidBody({ boosterId: ids.b2 }))).body.warnings).toEqual([]);
    await call("owner", "PATCH", `/api/runs/${early.body.id}`, { status: "cancelled" });
    const moved = await call("owner", "PATCH", `/api/runs/${first.id}`, { scheduledDate: "2027-01-05 17:00" });
    expect(moved.status).toBe(200);
    expect(moved.body.warnings).toEqual([]);
    const back = await call("owner", "PATCH", `/api/runs/${first.id}`, { scheduledDate: "2027-01-05 22:00" });
    expect(back.body.warnings).toEqual([{ code: "overlap", displayIds: [cm.body.displayId] }]);
  });

  test("GET /api/run-overlaps warns before saving; a booster checks only their own runs; the edited run never overlaps itself", async () => {
    const run = (await call("booster", "POST", "/api/runs", raidBody())).body;
    const q = (who: Who, extra: string) => call(who, "GET", `/api/run-overlaps?kind=challenge&timezone=CET&${extra}`);
    expect((await q("booster", "scheduledDates=2027-01-05%2022:00")).body).toEqual({ warnings: [{ code: "overlap", displayIds: [run.displayId] }] });
    expect((await q("booster", "scheduledDates=2027-01-05%2023:00")).body).toEqual({ warnings: [] });
    expect((await q("booster2", `scheduledDates=2027-01-05%2022:00&boosterId=${ids.b1}`)).body).toEqual({ warnings: [] });
    const many = await q("admin", `scheduledDates=2027-01-12%2020:00,2027-01-05%2020:30&boosterId=${ids.b1}`);
    expect(many.body).toEqual({ warnings: [{ code: "overlap", displayIds: [run.displayId] }] });
    const self = await call("booster", "GET", `/api/run-overlaps?kind=raid&timezone=CET&scheduledDates=2027-01-05%2020:00&excludeId=${run.id}`);
    expect(self.body).toEqual({ warnings: [] });
    expect((await q("booster", "scheduledDates=nope")).status).toBe(400);
  });
});

describe("duplicate to next week", () => {
  test("creates the same run 7 days later on its own clock, with a new display id and the same class restrictions", async () => {
    const run = (await call("booster", "POST", "/api/runs", raidBody({ classRestrictions: CLASSES, scheduledDate: "2027-03-24 20:00" }))).body;
    const res = await call("booster", "POST", `/api/runs/${run.id}/next-week`);
    expect(res.status).toBe(201);
    // Across the start of summer time (2027-03-28): still 20:00 in Berlin.
    expect(res.body.scheduledDate).toBe("2027-03-31 20:00");
    expect(res.body.displayId).toBe(`MOP-${res.body.id}`);
    expect(res.body.classRestrictions).toEqual(CLASSES);
    expect(res.body.warnings).toEqual([]);
    expect((await call("booster2", "POST", `/api/runs/${run.id}/next-week`)).status).toBe(404);
  });
});

describe("bulk actions and undo", () => {
  const make = async (n: number, over: Record<string, unknown> = {}) =>
    ((await call("owner", "POST", "/api/runs", repeatBody(weekly(n), over))).body.runs as AnyRun[]).map((r) => r.id);
  const get = (runIds: number[]) => t.db.select().from(raidRuns).where(inArray(raidRuns.id, runIds)).orderBy(raidRuns.id);

  test("shift moves every run by days on its own clock and by hours; undo restores the starts", async () => {
    const runIds = await make(3);
    const before = await get(runIds);
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "shift", ids: runIds, days: 2, hours: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: "shift", count: 3 });
    const after = await call("owner", "GET", "/api/runs?gameId=1");
    const shifted = (after.body as AnyRun[]).filter((r) => runIds.includes(r.id)).map((r) => r.scheduledDate);
    expect(shifted).toEqual(["2027-01-07 21:00", "2027-01-14 21:00", "2027-01-21 21:00"]);
    const undo = await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`);
    expect(undo).toEqual({ status: 200, body: { count: 3 } });
    expect((await get(runIds)).map((r) => r.startsAt.getTime())).toEqual(before.map((r) => r.startsAt.getTime()));
    // Once only.
    expect((await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).status).toBe(404);
  });

  test("expire (staff only) and its undo", async () => {
    const runIds = await make(2);
    expect((await call("booster", "POST", "/api/runs/bulk", { action: "expire", ids: runIds })).status).toBe(403);
    const res = await call("admin", "POST", "/api/runs/bulk", { action: "expire", ids: runIds });
    expect((await get(runIds)).map((r) => r.status)).toEqual(["expired", "expired"]);
    // Only its author may undo it.
    expect((await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).status).toBe(404);
    await call("admin", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`);
    expect((await get(runIds)).map((r) => r.status)).toEqual(["available", "available"]);
  });

  test("delete, then undo re-creates the same ids, display ids and class restrictions, so run links keep working", async () => {
    const runIds = await make(2, { classRestrictions: CLASSES });
    const before = await get(runIds);
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "delete", ids: runIds });
    expect(res.status).toBe(200);
    expect(await get(runIds)).toEqual([]);
    await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`);
    expect(await get(runIds)).toEqual(before);
    const restrictions = await t.db.select().from(runClassRestrictions).where(inArray(runClassRestrictions.runId, runIds));
    expect(restrictions.map((r) => r.wowClass)).toEqual(["Mage", "Mage"]);
    const one = await call("owner", "GET", `/api/runs/${runIds[0]}`);
    if (one.status !== 404) expect(one.body.displayId).toBe(before[0]!.displayId);
  });

  test("undo expires after 10 seconds by the app's clock", async () => {
    const runIds = await make(2);
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "delete", ids: runIds });
    t.setNow(new Date(TEST_NOW.getTime() + 10_000));
    expect(await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).toEqual({ status: 409, body: { message: "This action can no longer be undone" } });
    expect(await get(runIds)).toEqual([]);
    // The next bulk action prunes expired undo records.
    await call("owner", "POST", "/api/runs/bulk", { action: "shift", ids: await make(2), days: 1 });
    expect((await t.db.select().from(runBulkUndos)).map((u) => u.action)).toEqual(["shift"]);
  });

  test("all or none with per-run permissions: a booster's request with one foreign run changes nothing", async () => {
    const own = await make(2);
    const foreign = await make(2, { boosterId: ids.b2 });
    const before = await get([...own, ...foreign]);
    const res = await call("booster", "POST", "/api/runs/bulk", { action: "delete", ids: [...own, ...foreign] });
    expect(res).toEqual({ status: 403, body: { message: "You may not change 2 of the selected runs. Nothing was changed." } });
    expect(await get([...own, ...foreign])).toEqual(before);
    // Their own runs, in an assigned game: fine. Not once the game is unassigned.
    expect((await call("booster", "POST", "/api/runs/bulk", { action: "shift", ids: own, hours: -2 })).status).toBe(200);
    await t.db.update(boosterGames).set({ isActive: false }).where(eq(boosterGames.boosterId, ids.b1));
    expect((await call("booster", "POST", "/api/runs/bulk", { action: "shift", ids: own, hours: 1 })).status).toBe(403);
  });

  test("staff: a missing run refuses the whole request (404); bad bodies are 400 with a clear message", async () => {
    const runIds = await make(2);
    expect(await call("owner", "POST", "/api/runs/bulk", { action: "delete", ids: [...runIds, 999_999] }))
      .toEqual({ status: 404, body: { message: "Some selected runs no longer exist. Nothing was changed." } });
    expect((await get(runIds))).toHaveLength(2);
    const bad: [unknown, string][] = [
      [{ action: "paint", ids: runIds }, "Action must be expire, delete, shift or spots"],
      [{ action: "delete", ids: [] }, "Select between 1 and 500 runs"],
      [{ action: "delete", ids: Array.from({ length: 501 }, (_, i) => i + 1) }, "Select between 1 and 500 runs"],
      [{ action: "shift", ids: runIds }, "Shift by a whole number of days (up to 365) or hours (up to 240), not both zero"],
      [{ action: "shift", ids: runIds, days: 1.5 }, "Shift by a whole number of days (up to 365) or hours (up to 240), not both zero"],
    ];
    for (const [body, message] of bad) expect(await call("owner", "POST", "/api/runs/bulk", body)).toEqual({ status: 400, body: { message } });
    expect((await call("owner", "POST", "/api/runs/bulk/undo/not-a-token")).status).toBe(400);
  });

  test("undo re-checks like a write: a booster since deleted or deactivated is a 409, a game since unassigned a 403; nothing changes", async () => {
    const [{ id: boosterUser }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, EMAILS.booster))) as [{ id: number }];
    // The admin expires the booster's runs; the owner deletes the booster (which expires their runs) before the admin's undo.
    const expired = await make(2);
    const expire = await call("admin", "POST", "/api/runs/bulk", { action: "expire", ids: expired });
    expect((await call("owner", "DELETE", `/api/users/${boosterUser}`)).status).toBe(200);
    const refused = { status: 409, body: { message: T.validation.boosterInactive } };
    expect(await call("admin", "POST", `/api/runs/bulk/undo/${expire.body.undoToken}`)).toEqual(refused);
    expect((await get(expired)).map((r) => r.status)).toEqual(["expired", "expired"]);
    // A shift's undo would have put back 'available' too; a delete's undo re-created the runs.
    await t.db.update(users).set({ deletedAt: null, status: "active" }).where(eq(users.id, boosterUser));
    const shiftIds = await make(2);
    const deleteIds = await make(2);
    const shift = await call("admin", "POST", "/api/runs/bulk", { action: "shift", ids: shiftIds, days: 1 });
    const del = await call("admin", "POST", "/api/runs/bulk", { action: "delete", ids: deleteIds });
    const shiftedAt = (await get(shiftIds))[0]!.startsAt;
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, boosterUser));
    expect(await call("admin", "POST", `/api/runs/bulk/undo/${shift.body.undoToken}`)).toEqual(refused);
    expect(await call("admin", "POST", `/api/runs/bulk/undo/${del.body.undoToken}`)).toEqual(refused);
    expect((await get(shiftIds))[0]!.startsAt).toEqual(shiftedAt);
    expect(await get(deleteIds)).toEqual([]);
    // A booster's own undo once the game is no longer theirs: 403, like the bulk action itself.
    await t.db.update(users).set({ status: "active" }).where(eq(users.id, boosterUser));
    await t.db.update(boosterGames).set({ isActive: true }).where(eq(boosterGames.boosterId, ids.b1)); // the deletion unassigned them
    cookies.booster = await t.cookieFor(EMAILS.booster);
    const own = await make(2);
    const mine = await call("booster", "POST", "/api/runs/bulk", { action: "delete", ids: own });
    expect(mine.status).toBe(200);
    await t.db.update(boosterGames).set({ isActive: false }).where(eq(boosterGames.boosterId, ids.b1));
    expect(await call("booster", "POST", `/api/runs/bulk/undo/${mine.body.undoToken}`))
      .toEqual({ status: 403, body: { message: T.validation.bulkRefused({ n: 2 }) } });
    expect(await get(own)).toEqual([]);
  });

  test("undo of a shift after one of its runs was deleted restores the rest, counts only them and records no event for the deleted one", async () => {
    const runIds = await make(2);
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "shift", ids: runIds, days: 1 });
    expect((await call("owner", "DELETE", `/api/runs/${runIds[1]}`)).status).toBe(200);
    const since = (await t.db.select({ id: auditEvents.id }).from(auditEvents)).length;
    expect(await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).toEqual({ status: 200, body: { count: 1 } });
    const events = (await t.db.select().from(auditEvents).orderBy(auditEvents.id)).slice(since);
    expect(events.map((e) => [e.action, e.entityId])).toEqual([["run.update", `MOP-${runIds[0]}`]]);
    expect(await get(runIds)).toHaveLength(1);
  });

  test("undo in a game hidden since restores the runs; they stay off the public pages with their game", async () => {
    const runIds = await make(2);
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "delete", ids: runIds });
    await t.db.update(games).set({ visible: false, devVisible: false }).where(eq(games.id, 1));
    expect(await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).toEqual({ status: 200, body: { count: 2 } });
    expect(await get(runIds)).toHaveLength(2);
    expect((await t.request("GET", "/game/mop-raid-calendar")).status).toBe(404);
  });

  test("the other kinds have their own bulk route", async () => {
    const cm = (await call("owner", "POST", "/api/challenge-mode-runs", challengeBody())).body;
    const res = await call("owner", "POST", "/api/challenge-mode-runs/bulk", { action: "delete", ids: [cm.id] });
    expect(res.status).toBe(200);
    await call("owner", "POST", `/api/challenge-mode-runs/bulk/undo/${res.body.undoToken}`);
    const list = (await call("owner", "GET", "/api/challenge-mode-runs?gameId=4")).body as AnyRun[];
    expect(list.find((r) => r.id === cm.id)?.displayId).toBe(cm.displayId);
  });
});
