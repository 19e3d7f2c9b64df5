import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditEvents, boosters, games, userSessions, users } from "../../../db/schema";
import { TEST_NOW, resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { T } from "../../shared/text";
import type { AuditPage } from "../../shared/schemas/audit";
import { recordAudit } from "./record";
import { consoleToday } from "../../domain/dateFormat";
import { pruneAuditEvents, schedulePruning } from "./retention";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(TEST_NOW.getTime() - days * DAY);
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

let owner: number;
let admin: number;
beforeEach(async () => {
  await resetDb({ runs: false });
  owner = await idOf("owner@example.com");
  admin = await idOf("admin@example.com");
  // Five events over five days: two by the owner on run RAID-1, the rest by the admin.
  const events = [
    { at: ago(5), actorId: owner, action: "run.create", entityType: "run", entityId: "RAID-1" },
    { at: ago(4), actorId: owner, action: "run.update", entityType: "run", entityId: "RAID-1" },
    { at: ago(3), actorId: admin, action: "user.update", entityType: "user", entityId: "7" },
    { at: ago(2), actorId: admin, action: "game.update", entityType: "game", entityId: "1" },
    { at: ago(1), actorId: null, action: "password.reset", entityType: "user", entityId: "7" },
  ] as const;
  for (const e of events) {
    await recordAudit(t.db, { actorId: e.actorId, requestId: `req-${e.action}`, at: e.at }, { ...e, changes: { nickname: ["a", "b"] } });
  }
});

async function list(query: string, who = "owner@example.com"): Promise<{ status: number; body: AuditPage & { message?: string } }> {
  const res = await t.request("GET", `/api/audit-events${query}`, { cookie: who ? await t.cookieFor(who) : null });
  return { status: res.status, body: await res.json() };
}
// Signing in for the request records a sign-in of its own; these tests look at the seeded five.
const seeded = (p: AuditPage) => p.events.filter((e) => e.action !== "session.sign_in").map((e) => e.action);

describe("GET /api/audit-events", () => {
  test("the owner and administrators read it; a booster gets 403, a visitor 401", async () => {
    expect((await list("")).status).toBe(200);
    expect((await list("", "admin@example.com")).status).toBe(200);
    expect((await list("", "booster@example.com")).status).toBe(403);
    expect((await list("", "")).status).toBe(401);
  });

  test("newest first, with the actor's name, the changes and the request id", async () => {
    const { body } = await list("?entityType=user");
    expect(body.events.map((e) => e.action)).toEqual(["password.reset", "user.update"]);
    expect(body.events[0]).toMatchObject({ actor: null, entityId: "7", requestId: "req-password.reset", changes: { nickname: ["a", "b"] } });
    expect(body.events[1]!.actor).toEqual({ id: admin, name: expect.any(String) });
    expect(body.events[1]!.at).toBe(ago(3).toISOString());
  });

  test("filters: actor, entity type and id, and a time range (inclusive)", async () => {
    expect(seeded((await list(`?actorId=${owner}`)).body)).toEqual(["run.update", "run.create"]);
    expect(seeded((await list("?entityType=run&entityId=RAID-1")).body)).toEqual(["run.update", "run.create"]);
    expect(seeded((await list("?entityType=run&entityId=RAID-2")).body)).toEqual([]);
    const range = `?from=${encodeURIComponent(ago(4).toISOString())}&to=${encodeURIComponent(ago(2).toISOString())}`;
    expect(seeded((await list(range)).body)).toEqual(["game.update", "user.update", "run.update"]);
    // A bare date is a whole CET day: from its start, to its end.
    const day = consoleToday(ago(1));
    expect(seeded((await list(`?from=${day}`)).body)).toEqual(["password.reset"]);
    expect(seeded((await list(`?from=${day}&to=${day}`)).body)).toEqual(["password.reset"]);
    expect(seeded((await list(`?to=${ago(3).toISOString().slice(0, 10)}`)).body)).toEqual(["user.update", "run.update", "run.create"]);
  });

  test("a bare date is a day on the console's CET clocks, whole across a daylight-saving change (25 hours on 2026-10-25)", async () => {
    const at = (iso: string, entityId: string) =>
      recordAudit(t.db, { actorId: admin, requestId: "req-dst", at: new Date(iso) }, { action: "game.update", entityType: "game", entityId, changes: {} });
    await at("2026-10-24T21:59:00Z", "before"); // 23:59 CEST on the 24th
    await at("2026-10-24T22:30:00Z", "first"); // 00:30 CEST on the 25th: a UTC day would have missed it
    await at("2026-10-25T22:30:00Z", "last"); // 23:30 CET on the 25th, in the day's 25th hour
    await at("2026-10-25T23:00:00Z", "after"); // 00:00 CET on the 26th
    const ids = async (q: string) => (await list(q)).body.events.filter((e) => e.requestId === "req-dst").map((e) => e.entityId);
    expect(await ids("?from=2026-10-25&to=2026-10-25")).toEqual(["last", "first"]);
    expect(await ids("?to=2026-10-24")).toEqual(["before"]);
    expect(await ids("?from=2026-10-26")).toEqual(["after"]);
    // Instants keep their own meaning.
    expect(await ids("?from=2026-10-25T00:00:00Z&to=2026-10-25T23:59:59Z")).toEqual(["after", "last"]);
  });

  test("paged: page and pageSize, with the total", async () => {
    const first = (await list(`?actorId=${admin}&pageSize=1`)).body;
    const second = (await list(`?actorId=${admin}&pageSize=1&page=2`)).body;
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect([...first.events, ...second.events].map((e) => e.action)).toEqual(["game.update", "user.update"]);
    expect((await list(`?actorId=${admin}&pageSize=1&page=3`)).body.events).toEqual([]);
  });

  test("names, not ids: the entity's name, and names for the user, booster and game ids among the changes", async () => {
    const [b1] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"));
    const [game] = await t.db.select({ id: games.id, name: games.name }).from(games).where(eq(games.id, 1));
    const [session] = await t.db.insert(userSessions).values({ userId: admin, secretHash: "h-names", expiresAt: ago(-1) }).returning({ id: userSessions.id });
    const ctx = { actorId: owner, requestId: "req-names", at: ago(0.5) };
    await recordAudit(t.db, ctx, { action: "run.update", entityType: "run", entityId: "RAID-9", changes: { boosterId: [b1!.id, null], gameId: [game!.id, game!.id] } });
    await recordAudit(t.db, ctx, { action: "user.update", entityType: "user", entityId: admin, changes: { gameIds: [[], [game!.id]] } });
    await recordAudit(t.db, ctx, { action: "session.sign_out", entityType: "session", entityId: session!.id, changes: {} });
    await recordAudit(t.db, ctx, { action: "game.update", entityType: "game", entityId: game!.id, changes: {} });
    const { body } = await list(`?from=${encodeURIComponent(ago(0.6).toISOString())}`);
    const mine = body.events.filter((e) => e.requestId === "req-names");
    expect(mine.map((e) => [e.entityType, e.entityId, e.entityName])).toEqual([
      ["game", String(game!.id), game!.name],
      ["session", String(session!.id), "Admin"],
      ["user", String(admin), "Admin"],
      ["run", "RAID-9", null],
    ]);
    expect(mine[0]!.actor).toEqual({ id: owner, name: "Owner" });
    expect(body.names.booster).toEqual({ [String(b1!.id)]: "BB-1001 (Frostbolt)" });
    expect(body.names.game).toEqual({ [String(game!.id)]: game!.name });
  });

  test("a page naming no other record answers empty name tables", async () => {
    const { body } = await list("?entityType=run");
    expect(body.names).toEqual({ user: {}, booster: {}, game: {} });
  });

  test("bad filters are a 400 naming the problem", async () => {
    const cases: [string, string][] = [
      ["?entityType=planet", T.activity.invalidEntityType],
      ["?actorId=abc", T.validation.invalidId],
      ["?from=yesterday", T.activity.invalidFrom],
      ["?to=2026-13-45", T.activity.invalidTo],
      [`?from=${ago(1).toISOString()}&to=${ago(2).toISOString()}`, T.activity.invalidRange],
      [`?entityId=${"x".repeat(41)}`, T.activity.invalidEntityId],
      ["?pageSize=500", T.validation.invalidPageSize],
      ["?page=0", T.validation.invalidPage],
      // Instants PostgreSQL cannot hold and control characters were a 500 (review).
      ["?from=0000-01-01", T.activity.invalidFrom],
      ["?from=2026-02-29", T.activity.invalidFrom],
      ["?to=0001-01-01T00:00:00%2B01:00", T.activity.invalidTo],
      ["?to=9999-12-31T23:59:59-14:00", T.activity.invalidTo],
      ["?entityId=%00", T.activity.invalidEntityId],
      ["?entityId=a%1Bb", T.activity.invalidEntityId],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(query);
      expect({ query, status, message: body.message }).toEqual({ query, status: 400, message });
    }
  });
});

describe("retention", () => {
  test("the scheduled job deletes events older than the retention window, on the injected clock", async () => {
    let now = TEST_NOW;
    const job = schedulePruning({ db: t.db, clock: () => now, days: 3 });
    try {
      await job.done;
      const left = async () => (await t.db.select({ action: auditEvents.action }).from(auditEvents)).map((r) => r.action).sort();
      // 5 and 4 days old are gone; 3 days is the edge and stays.
      expect(await left()).toEqual(["game.update", "password.reset", "user.update"]);
      now = new Date(TEST_NOW.getTime() + 1.5 * DAY);
      await job.tick();
      expect(await left()).toEqual(["password.reset"]);
    } finally {
      job.stop();
    }
  });

  test("365 days by default (AUDIT_RETENTION_DAYS)", async () => {
    expect(t.config.auditRetentionDays).toBe(365);
    const custom = await makeTestApp({ env: { AUDIT_RETENTION_DAYS: "30" } });
    expect(custom.config.auditRetentionDays).toBe(30);
    // The oldest event is 5 days old: a year later less 5 days it is exactly at the edge.
    expect(await pruneAuditEvents(t.db, new Date(TEST_NOW.getTime() + 360 * DAY), 365)).toBe(0);
    expect(await pruneAuditEvents(t.db, new Date(TEST_NOW.getTime() + 362 * DAY), 365)).toBe(2);
  });
});
