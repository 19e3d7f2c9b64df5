// Places per run through the API (issue #28): spots and spotsTaken on create, PATCH, the
// lists and the bulk action with its undo; spotsLeft and availability in every staff
// answer, under the game's booking cutoff the owner sets. Real database (PGlite, or DATABASE_URL).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { auditEvents, boosters, challengeModeRuns, desertPerpetualRuns, games, raidRuns } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { RunKind } from "../../shared/enums";
import type { AnyRun } from "../../kinds/runs";
import type { RunTable } from "../../kinds/serverRows";
import { T } from "../../shared/text";

let t: TestApp;
let ids: { b1: number; b2: number };
const cookies: Record<string, string> = {};
const EMAILS = { owner: "owner@example.com", admin: "admin@example.com", booster: "booster@example.com", booster2: "booster2@example.com" } as const;
type Who = keyof typeof EMAILS | "anonymous";
const V = T.validation;

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
  const res = await t.request(method, path, { body, cookie: who === "anonymous" ? null : cookies[who] });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: ids.b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});
const challengeBody = (over: Record<string, unknown> = {}) => ({
  gameId: 4, boosterId: ids.b1, faction: "EU Horde", completionMode: "Pilot Only", timezone: "EST", scheduledDate: "2026-12-02 18:30", ...over,
});
const desertBody = (over: Record<string, unknown> = {}) => ({
  gameId: 5, boosterId: ids.b2, completionType: "sherpa_only", feats: [], timezone: "CET", scheduledDate: "2026-12-03 21:00", ...over,
});

const KINDS: { kind: RunKind; path: string; gameId: number; table: RunTable; body: (o?: Record<string, unknown>) => Record<string, unknown>; owner: "booster" | "booster2"; outsider: "booster" | "booster2" }[] = [
  { kind: "raid", path: "/api/runs", gameId: 1, table: raidRuns, body: raidBody, owner: "booster", outsider: "booster2" },
  { kind: "challenge", path: "/api/challenge-mode-runs", gameId: 4, table: challengeModeRuns as unknown as RunTable, body: challengeBody, owner: "booster", outsider: "booster2" },
  { kind: "desert", path: "/api/desert-perpetual-runs", gameId: 5, table: desertPerpetualRuns as unknown as RunTable, body: desertBody, owner: "booster2", outsider: "booster" },
];
const places = (r: AnyRun) => ({ spots: r.spots, spotsTaken: r.spotsTaken, spotsLeft: r.spotsLeft, availability: r.availability });

describe.each(KINDS)("$path: spots and spotsTaken", ({ path, gameId, table, body, owner, outsider }) => {
  const count = async () => (await t.db.select({ id: table.id }).from(table)).length;
  const stored = async (id: number) => (await t.db.select({ spots: table.spots, spotsTaken: table.spotsTaken }).from(table).where(eq(table.id, id)))[0]!;

  test("POST: places given are stored and answered with what is left; absent, the run tracks none and is open as before", async () => {
    const tracked = await call("owner", "POST", path, body({ spots: 10, spotsTaken: 3 }));
    expect(tracked.status).toBe(201);
    expect(places(tracked.body)).toEqual({ spots: 10, spotsTaken: 3, spotsLeft: 7, availability: "open" });
    const plain = await call("owner", "POST", path, body());
    expect(plain.status).toBe(201);
    expect(places(plain.body)).toEqual({ spots: null, spotsTaken: 0, spotsLeft: null, availability: "open" });
    const repeated = await call("owner", "POST", path, { ...body({ spots: 4, spotsTaken: 3 }), scheduledDate: undefined, scheduledDates: ["2026-12-08 20:00", "2026-12-15 20:00"] });
    expect(repeated.status).toBe(201);
    expect(repeated.body.runs.map(places)).toEqual([1, 2].map(() => ({ spots: 4, spotsTaken: 3, spotsLeft: 1, availability: "few" })));
  });

  test.each([
    [{ spots: 0 }, V.spotsInvalid],
    [{ spots: 51 }, V.spotsInvalid],
    [{ spots: 2.5 }, V.spotsInvalid],
    [{ spots: "ten" }, V.spotsInvalid],
    [{ spots: 10, spotsTaken: -1 }, V.spotsTakenInvalid],
    [{ spots: 10, spotsTaken: 11 }, V.spotsTakenOverSpots],
    [{ spotsTaken: 2 }, V.spotsTakenWithoutSpots],
    [{ spots: null, spotsTaken: 1 }, V.spotsTakenWithoutSpots],
  ])("POST %j: 400 with the field's message, nothing created", async (over, message) => {
    const before = await count();
    const res = await call("owner", "POST", path, body(over));
    expect(res).toEqual({ status: 400, body: { message } });
    const repeat = await call("owner", "POST", path, { ...body(over), scheduledDate: undefined, scheduledDates: ["2026-12-08 20:00", "2026-12-15 20:00"] });
    expect(repeat).toEqual({ status: 400, body: { message } });
    expect(await count()).toBe(before);
  });

  test("PATCH merges the places onto the run: few, full, and refusals that change nothing", async () => {
    const run = (await call("owner", "POST", path, body({ spots: 10 }))).body as AnyRun;
    const few = await call("admin", "PATCH", `${path}/${run.id}`, { spotsTaken: 8 });
    expect(few.status).toBe(200);
    expect(places(few.body)).toEqual({ spots: 10, spotsTaken: 8, spotsLeft: 2, availability: "few" });
    const full = await call("owner", "PATCH", `${path}/${run.id}`, { spotsTaken: 10 });
    expect(places(full.body)).toEqual({ spots: 10, spotsTaken: 10, spotsLeft: 0, availability: "full" });
    expect(await call("owner", "PATCH", `${path}/${run.id}`, { spots: 5 })).toEqual({ status: 400, body: { message: V.spotsTakenOverSpots } });
    expect(await call("owner", "PATCH", `${path}/${run.id}`, { spots: null })).toEqual({ status: 400, body: { message: V.spotsTakenWithoutSpots } });
    expect(await call("owner", "PATCH", `${path}/${run.id}`, { spots: 60 })).toEqual({ status: 400, body: { message: V.spotsInvalid } });
    expect(await stored(run.id)).toEqual({ spots: 10, spotsTaken: 10 });
    // A PATCH that does not name the places leaves them as they are.
    const moved = await call("owner", "PATCH", `${path}/${run.id}`, { scheduledDate: "2026-12-04 20:00" });
    expect(places(moved.body)).toEqual({ spots: 10, spotsTaken: 10, spotsLeft: 0, availability: "full" });
    const untracked = await call("owner", "PATCH", `${path}/${run.id}`, { spots: null, spotsTaken: 0 });
    expect(places(untracked.body)).toEqual({ spots: null, spotsTaken: 0, spotsLeft: null, availability: "open" });
  });

  test("a booster sets the places of their own runs; another booster's run stays hidden (404) and a bulk action on it is refused (403)", async () => {
    const own = (await call(owner, "POST", path, body())).body as AnyRun;
    const res = await call(owner, "PATCH", `${path}/${own.id}`, { spots: 6, spotsTaken: 6 });
    expect(res.status).toBe(200);
    expect(places(res.body)).toEqual({ spots: 6, spotsTaken: 6, spotsLeft: 0, availability: "full" });
    expect((await call(outsider, "PATCH", `${path}/${own.id}`, { spots: 20 })).status).toBe(404);
    const bulk = await call(outsider, "POST", `${path}/bulk`, { action: "spots", ids: [own.id], spots: 20 });
    expect(bulk).toEqual({ status: 403, body: { message: V.bulkRefused({ n: 1 }) } });
    expect(await stored(own.id)).toEqual({ spots: 6, spotsTaken: 6 });
  });

  test("the staff lists and pages carry the places; sort=spots orders by places left, untracked runs last", async () => {
    const a = (await call("owner", "POST", path, body({ spots: 10, spotsTaken: 2 }))).body as AnyRun;
    const b = (await call("owner", "POST", path, body({ spots: 5, spotsTaken: 5 }))).body as AnyRun;
    const c = (await call("owner", "POST", path, body({ spots: 20, spotsTaken: 18 }))).body as AnyRun;
    const whole = (await call("owner", "GET", `${path}?gameId=${gameId}`)).body as AnyRun[];
    expect(places(whole.find((r) => r.id === b.id)!)).toEqual({ spots: 5, spotsTaken: 5, spotsLeft: 0, availability: "full" });
    const mine = [a.id, b.id, c.id];
    const order = async (dir: "asc" | "desc") => {
      const page = (await call("owner", "GET", `${path}?gameId=${gameId}&sort=spots&order=${dir}&pageSize=100`)).body as { runs: AnyRun[] };
      return page.runs;
    };
    const asc = await order("asc");
    expect(asc.filter((r) => mine.includes(r.id)).map((r) => r.id)).toEqual([b.id, c.id, a.id]);
    // Runs that track no places come after every tracked one ascending, before them descending.
    const firstUntracked = asc.findIndex((r) => r.spots === null);
    if (firstUntracked >= 0) expect(asc.slice(firstUntracked).every((r) => r.spots === null)).toBe(true);
    const descending = await order("desc");
    expect(descending.filter((r) => mine.includes(r.id)).map((r) => r.id)).toEqual([a.id, c.id, b.id]);
    if (firstUntracked >= 0) expect(descending[0]!.spots).toBeNull();
  });
});

describe("booking cutoff per game", () => {
  const soon = "2026-11-21 11:10"; // TEST_NOW is 10:00 UTC = 11:00 CET: this run starts in 10 minutes.

  test("a run inside its game's cutoff is closed; the owner sets the cutoff (audited) and the answers follow", async () => {
    const run = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10, scheduledDate: soon }))).body as AnyRun;
    expect(run.availability).toBe("closed");
    const res = await call("owner", "PATCH", "/api/games/1/booking-cutoff", { bookingCutoffMinutes: 5 });
    expect(res.status).toBe(200);
    expect(res.body.bookingCutoffMinutes).toBe(5);
    const listed = ((await call("owner", "GET", "/api/runs?gameId=1")).body as AnyRun[]).find((r) => r.id === run.id)!;
    expect(listed.availability).toBe("open");
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.entityType, "game"), eq(auditEvents.entityId, "1"))).orderBy(desc(auditEvents.id)).limit(1);
    expect(event!.changes).toEqual({ bookingCutoffMinutes: [15, 5] });
    const gamesList = (await call("admin", "GET", "/api/games")).body as { id: number; bookingCutoffMinutes: number }[];
    expect(gamesList.find((g) => g.id === 1)!.bookingCutoffMinutes).toBe(5);
  });

  test("only the owner may set it (403 for staff and boosters, 401 anonymous); a bad value is 400 and changes nothing", async () => {
    for (const who of ["admin", "booster"] as const) {
      expect((await call(who, "PATCH", "/api/games/1/booking-cutoff", { bookingCutoffMinutes: 30 })).status).toBe(403);
    }
    expect((await call("anonymous", "PATCH", "/api/games/1/booking-cutoff", { bookingCutoffMinutes: 30 })).status).toBe(401);
    for (const bad of [-1, 1441, 2.5, "15", null]) {
      expect(await call("owner", "PATCH", "/api/games/1/booking-cutoff", { bookingCutoffMinutes: bad })).toEqual({ status: 400, body: { message: V.bookingCutoffInvalid } });
    }
    expect((await call("owner", "PATCH", "/api/games/999/booking-cutoff", { bookingCutoffMinutes: 30 })).status).toBe(404);
    const [g] = await t.db.select({ minutes: games.bookingCutoffMinutes }).from(games).where(eq(games.id, 1));
    expect(g!.minutes).toBe(15);
  });
});

describe("bulk Set spots", () => {
  test("sets the spots of the selected runs, records each change, and Undo restores them", async () => {
    const a = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10, spotsTaken: 4 }))).body as AnyRun;
    const b = (await call("owner", "POST", "/api/runs", raidBody())).body as AnyRun;
    const res = await call("admin", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id, b.id], spots: 8 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: "spots", count: 2 });
    const list = (await call("owner", "GET", "/api/runs?gameId=1")).body as AnyRun[];
    expect(places(list.find((r) => r.id === a.id)!)).toEqual({ spots: 8, spotsTaken: 4, spotsLeft: 4, availability: "open" });
    expect(places(list.find((r) => r.id === b.id)!)).toEqual({ spots: 8, spotsTaken: 0, spotsLeft: 8, availability: "open" });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, b.displayId!)).orderBy(desc(auditEvents.id)).limit(1);
    expect(events[0]!.changes).toEqual({ spots: [null, 8] });
    const undone = await call("admin", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`);
    expect(undone).toEqual({ status: 200, body: { count: 2 } });
    const after = (await call("owner", "GET", "/api/runs?gameId=1")).body as AnyRun[];
    expect(places(after.find((r) => r.id === a.id)!)).toEqual({ spots: 10, spotsTaken: 4, spotsLeft: 6, availability: "open" });
    expect(places(after.find((r) => r.id === b.id)!)).toEqual({ spots: null, spotsTaken: 0, spotsLeft: null, availability: "open" });
  });

  test("refuses the whole request when a run holds more places taken than the new spots; bad spots are 400", async () => {
    const a = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10, spotsTaken: 6 }))).body as AnyRun;
    const b = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10 }))).body as AnyRun;
    expect(await call("owner", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id, b.id], spots: 5 })).toEqual({ status: 409, body: { message: V.bulkSpotsTaken({ n: 1 }) } });
    expect(await call("owner", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id, b.id], spots: null })).toEqual({ status: 409, body: { message: V.bulkSpotsTaken({ n: 1 }) } });
    expect(await call("owner", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id] })).toEqual({ status: 400, body: { message: V.bulkSpotsRequired } });
    expect(await call("owner", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id], spots: 51 })).toEqual({ status: 400, body: { message: V.spotsInvalid } });
    const rows = await t.db.select({ id: raidRuns.id, spots: raidRuns.spots }).from(raidRuns).where(eq(raidRuns.gameId, 1));
    expect(rows.filter((r) => r.id === a.id || r.id === b.id).map((r) => r.spots)).toEqual([10, 10]);
  });

  test("Undo is refused once places sold since no longer fit the spots it would restore", async () => {
    const a = (await call("owner", "POST", "/api/runs", raidBody({ spots: 4, spotsTaken: 4 }))).body as AnyRun;
    const res = await call("owner", "POST", "/api/runs/bulk", { action: "spots", ids: [a.id], spots: 8 });
    await call("owner", "PATCH", `/api/runs/${a.id}`, { spotsTaken: 6 });
    expect(await call("owner", "POST", `/api/runs/bulk/undo/${res.body.undoToken}`)).toEqual({ status: 409, body: { message: V.undoSpotsTaken } });
    const [row] = await t.db.select({ spots: raidRuns.spots, spotsTaken: raidRuns.spotsTaken }).from(raidRuns).where(eq(raidRuns.id, a.id));
    expect(row).toEqual({ spots: 8, spotsTaken: 6 });
  });
});

describe("duplicate to next week", () => {
  test("the new run offers the same spots with none taken", async () => {
    const run = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10, spotsTaken: 7 }))).body as AnyRun;
    const copy = await call("owner", "POST", `/api/runs/${run.id}/next-week`);
    expect(copy.status).toBe(201);
    expect(places(copy.body)).toEqual({ spots: 10, spotsTaken: 0, spotsLeft: 10, availability: "open" });
  });
});

describe("audit trail", () => {
  test("a PATCH of the places records them like any other field, without the derived ones", async () => {
    const run = (await call("owner", "POST", "/api/runs", raidBody({ spots: 10 }))).body as AnyRun;
    await call("owner", "PATCH", `/api/runs/${run.id}`, { spotsTaken: 3 });
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, run.displayId!)).orderBy(desc(auditEvents.id)).limit(1);
    expect(event!.action).toBe("run.update");
    expect(event!.changes).toMatchObject({ spotsTaken: [0, 3] });
    expect(Object.keys(event!.changes as object)).not.toContain("spotsLeft");
    expect(Object.keys(event!.changes as object)).not.toContain("availability");
  });
});

describe("the booster's sell-through", () => {
  test("places taken against offered over their upcoming available runs that track places; others are not counted", async () => {
    const before = (await call("booster", "GET", "/api/sell-through")).body as { runs: number; offered: number; taken: number };
    await call("booster", "POST", "/api/runs", raidBody({ spots: 10, spotsTaken: 4 }));
    await call("booster", "POST", "/api/runs", raidBody());
    const cancelled = (await call("booster", "POST", "/api/runs", raidBody({ spots: 8, spotsTaken: 8 }))).body as AnyRun;
    await call("owner", "PATCH", `/api/runs/${cancelled.id}`, { status: "cancelled" });
    await call("booster2", "POST", "/api/desert-perpetual-runs", desertBody({ spots: 6, spotsTaken: 1 }));
    const after = await call("booster", "GET", "/api/sell-through");
    expect(after).toEqual({ status: 200, body: { runs: before.runs + 1, offered: before.offered + 10, taken: before.taken + 4 } });
    expect((await call("owner", "GET", "/api/sell-through")).status).toBe(403);
    expect((await call("anonymous", "GET", "/api/sell-through")).status).toBe(401);
  });
});

describe("the public list", () => {
  test("carries the places and sorts by spots in memory the way the database does", async () => {
    const res = await call("anonymous", "GET", "/api/runs?sort=spots&pageSize=100");
    expect(res.status).toBe(200);
    const runs = res.body.runs as AnyRun[];
    expect(runs.length).toBeGreaterThan(5);
    const key = (r: AnyRun) => (r.spots === null ? Number.POSITIVE_INFINITY : r.spotsLeft!);
    expect(runs.map(key)).toEqual(runs.map(key).toSorted((a, b) => a - b));
    for (const r of runs) expect(r.spotsLeft).toBe(r.spots === null ? null : r.spots - r.spotsTaken);
  });
});
