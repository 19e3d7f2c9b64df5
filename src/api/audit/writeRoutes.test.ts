// Every write route records its audit event in the write's own
// transaction. The test walks the app's routes: each non-GET /api route must have a sample
// below (a route without one fails the test), and for each sample
//  1. with the audit insert made to fail, the request changes nothing at all (the event is
//     in the same transaction as every change the write makes), and
//  2. normally, exactly the expected events appear, with the actor and the request's id.
// Then every event of that whole journey is scanned for secrets.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, gt, sql } from "drizzle-orm";
import {
  auditEvents, challengeModeRuns, desertPerpetualRuns, games, invites, passwordResets, raidRuns, userSessions, users,
} from "../../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun, makeUser } from "../../testing/factories";
import { databaseChecksum } from "../../testing/checksum";
import { captureConsoleErrors } from "../../testing/log";
import { randomToken, sha256 } from "../auth/sessions";
import type { AuditAction } from "../../shared/audit";
import { freshSecrets } from "../../config/secretRules";
import { signatureHeader } from "../../http/storefrontSignature";
import { afterAnswerIdle } from "../../ops/afterAnswer";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET } });
}, 60_000);

type Sample = { path: string; body?: unknown; cookie?: string; actor: number | null; headers?: Record<string, string> };
/** `afterAnswer`: the write runs after the answer (forgot password), which says nothing about it. */
type Case = { setup: () => Promise<Sample>; events: AuditAction[]; afterAnswer?: true };

const NEW_PASSWORD = "Fresh-Start9";
/** The storefront signs its order webhook with this (and has no session). */
const STOREFRONT_WEBHOOK_SECRET = freshSecrets().JWT_SECRET;
/** A game's Discord webhook: a secret that must never reach the trail. */
const WEBHOOK = "https://discord.com/api/webhooks/123456/s3cr3t-webhook-token";
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const as = async (email: string) => ({ cookie: await t.cookieFor(email), actor: await idOf(email) });
const owner = () => as("owner@example.com");
/** Secrets the journey handed out (tokens, passwords), looked for in every event afterwards. */
const secrets = new Set<string>([TEST_PASSWORD, NEW_PASSWORD, "s3cr3t-webhook-token", "discord.com"]);

async function inviteToken(email: string): Promise<{ id: number; token: string }> {
  const res = await t.request("POST", "/api/invites", { cookie: await t.cookieFor("owner@example.com"), body: { email, userType: "administrator" } });
  const { token } = (await res.json()) as { token: string };
  secrets.add(token);
  const [row] = await t.db.select({ id: invites.id }).from(invites).where(eq(invites.tokenHash, sha256(token)));
  return { id: row!.id, token };
}
async function pendingUser(): Promise<{ cookie: string; actor: number; email: string }> {
  const u = await makeUser(t.db, { role: "administrator", status: "pending", nickname: null });
  return { ...(await as(u.email)), email: u.email };
}
const raid = async () => ({
  gameId: 1, boosterId: await boosterRow(t.db, "BB-1001"), region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00",
});
const challenge = async () => ({
  gameId: 4, boosterId: await boosterRow(t.db, "BB-1001"), faction: "EU Horde", completionMode: "Pilot Only", timezone: "EST", scheduledDate: "2026-12-02 18:30",
});
const desert = async () => ({
  gameId: 5, boosterId: await boosterRow(t.db, "BB-1002"), completionType: "sherpa_only", feats: ["Battalions"], timezone: "CET", scheduledDate: "2026-12-03 21:00",
});
/** Two seeded runs of a kind that its booster owns. */
async function seededRuns(kind: "raid" | "challenge" | "desert"): Promise<number[]> {
  const table = { raid: raidRuns, challenge: challengeModeRuns, desert: desertPerpetualRuns }[kind] as typeof raidRuns;
  const rows = await t.db.select({ id: table.id }).from(table).where(eq(table.boosterId, await boosterRow(t.db, kind === "desert" ? "BB-1002" : "BB-1001"))).limit(2);
  return rows.map((r) => r.id);
}
const runCases = (kind: "raid" | "challenge" | "desert", base: string, body: () => Promise<object>): Record<string, Case> => ({
  [`POST ${base}/bulk`]: {
    setup: async () => ({ path: `${base}/bulk`, body: { action: "shift", ids: await seededRuns(kind), days: 1 }, ...(await as("admin@example.com")) }),
    events: ["run.update", "run.update"],
  },
  [`POST ${base}/bulk/undo/:token`]: {
    setup: async () => {
      const who = await as("admin@example.com");
      const res = await t.request("POST", `${base}/bulk`, { cookie: who.cookie, body: { action: "delete", ids: await seededRuns(kind) } });
      const { undoToken } = (await res.json()) as { undoToken: string };
      return { path: `${base}/bulk/undo/${undoToken}`, ...who };
    },
    // The deleted runs come back.
    events: ["run.create", "run.create"],
  },
  [`POST ${base}/:id/next-week`]: {
    setup: async () => ({ path: `${base}/${(await seededRuns(kind))[0]}/next-week`, ...(await owner()) }),
    events: ["run.create"],
  },
  [`POST ${base}`]: { setup: async () => ({ path: base, body: await body(), ...(await owner()) }), events: ["run.create"] },
  [`PATCH ${base}/:id`]: {
    setup: async () => {
      // A seeded run (complete, as the form makes them), changed by its own booster.
      const code = kind === "desert" ? "BB-1002" : "BB-1001";
      const table = { raid: raidRuns, challenge: challengeModeRuns, desert: desertPerpetualRuns }[kind] as typeof raidRuns;
      const [run] = await t.db.select({ id: table.id }).from(table).where(eq(table.boosterId, await boosterRow(t.db, code))).limit(1);
      return { path: `${base}/${run!.id}`, body: { scheduledDate: "2026-12-24 19:45" }, ...(await as(kind === "desert" ? "booster2@example.com" : "booster@example.com")) };
    },
    events: ["run.update"],
  },
  [`DELETE ${base}/:id`]: {
    setup: async () => {
      const run = await makeRun(t.db, kind, { boosterId: await boosterRow(t.db, kind === "desert" ? "BB-1002" : "BB-1001") } as never);
      return { path: `${base}/${run.id}`, ...(await as("admin@example.com")) };
    },
    events: ["run.delete"],
  },
});

/** One successful request per write route. A route missing here fails the first test. */
const CASES: Record<string, Case> = {
  "PATCH /api/games/reorder": {
    setup: async () => {
      const [g] = await t.db.select({ id: games.id, order: games.displayOrder }).from(games).where(eq(games.id, 1));
      return { path: "/api/games/reorder", body: { gameOrders: [{ id: 1, displayOrder: g!.order + 100 }] }, ...(await as("admin@example.com")) };
    },
    events: ["game.reorder"],
  },
  "PATCH /api/games/:slug/visibility": {
    setup: async () => {
      const [g] = await t.db.select({ visible: games.visible }).from(games).where(eq(games.id, 1));
      return { path: "/api/games/1/visibility", body: { visible: !g!.visible }, ...(await as("admin@example.com")) };
    },
    events: ["game.update"],
  },
  "PATCH /api/games/:slug/dev-visibility": {
    setup: async () => {
      const [g] = await t.db.select({ devVisible: games.devVisible }).from(games).where(eq(games.id, 1));
      return { path: "/api/games/1/dev-visibility", body: { devVisible: !g!.devVisible }, ...(await owner()) };
    },
    events: ["game.update"],
  },
  "PATCH /api/games/:slug/booking-cutoff": {
    setup: async () => {
      const [g] = await t.db.select({ minutes: games.bookingCutoffMinutes }).from(games).where(eq(games.id, 1));
      return { path: "/api/games/1/booking-cutoff", body: { bookingCutoffMinutes: g!.minutes + 5 }, ...(await owner()) };
    },
    events: ["game.update"],
  },
  "PUT /api/games/:slug/webhook": {
    setup: async () => ({ path: "/api/games/1/webhook", body: { url: WEBHOOK }, ...(await owner()) }),
    events: ["game.update"],
  },
  "DELETE /api/games/:slug/webhook": {
    setup: async () => {
      const who = await owner();
      expect((await t.request("PUT", "/api/games/1/webhook", { cookie: who.cookie, body: { url: WEBHOOK } })).status).toBe(200);
      return { path: "/api/games/1/webhook", ...who };
    },
    events: ["game.update"],
  },
  "PATCH /api/users/:id": {
    setup: async () => ({ path: `/api/users/${await idOf("booster@example.com")}`, body: { nickname: "Renamed", status: "active" }, ...(await as("admin@example.com")) }),
    events: ["user.update"],
  },
  "DELETE /api/users/:id": {
    setup: async () => ({ path: `/api/users/${await idOf("booster2@example.com")}`, ...(await owner()) }),
    events: ["user.delete"],
  },
  ...runCases("raid", "/api/runs", raid),
  ...runCases("challenge", "/api/challenge-mode-runs", challenge),
  ...runCases("desert", "/api/desert-perpetual-runs", desert),
  "POST /api/auth/login": {
    setup: async () => ({ path: "/api/auth/login", body: { email: "booster@example.com", password: TEST_PASSWORD }, actor: await idOf("booster@example.com") }),
    events: ["session.sign_in"],
  },
  "POST /api/auth/logout": { setup: async () => ({ path: "/api/auth/logout", ...(await as("booster@example.com")) }), events: ["session.sign_out"] },
  "POST /api/complete-profile": {
    setup: async () => ({ path: "/api/complete-profile", body: { nickname: "Newcomer" }, ...(await pendingUser()) }),
    events: ["user.update"],
  },
  "POST /api/auth/preferences": {
    setup: async () => ({ path: "/api/auth/preferences", body: { locale: "de" }, ...(await as("booster@example.com")) }),
    events: ["user.update"],
  },
  "POST /api/invites": {
    setup: async () => ({ path: "/api/invites", body: { email: "new.admin@example.com", userType: "administrator" }, ...(await owner()) }),
    events: ["invite.create"],
  },
  "DELETE /api/pending-invites/:id": {
    setup: async () => ({ path: `/api/pending-invites/${(await inviteToken("gone@example.com")).id}`, ...(await owner()) }),
    events: ["invite.revoke"],
  },
  "POST /api/pending-invites/:id/reissue": {
    setup: async () => ({ path: `/api/pending-invites/${(await inviteToken("again@example.com")).id}/reissue`, ...(await owner()) }),
    events: ["invite.reissue"],
  },
  "POST /api/accept-invite/:token": {
    setup: async () => ({
      path: `/api/accept-invite/${(await inviteToken("joiner@example.com")).token}`,
      body: { nickname: "Joiner", email: "joiner@example.com", password: NEW_PASSWORD }, actor: null,
    }),
    events: ["invite.accept", "session.sign_in"],
  },
  "POST /api/auth/register/:token": {
    setup: async () => ({
      path: `/api/auth/register/${(await inviteToken("reg@example.com")).token}`,
      body: { email: "reg@example.com", nickname: "Registered", password: NEW_PASSWORD }, actor: null,
    }),
    events: ["invite.accept", "session.sign_in"],
  },
  "POST /api/complete-profile-with-invite/:token": {
    setup: async () => {
      const user = await pendingUser();
      const token = randomToken();
      secrets.add(token);
      // An invitation to the person's email that an external sign-in did not claim yet.
      await t.db.insert(invites).values({
        email: user.email, userType: "administrator", tokenHash: sha256(token), invitedBy: await idOf("owner@example.com"),
        expiresAt: new Date(Date.parse("2027-01-01T00:00:00Z")),
      });
      return { path: `/api/complete-profile-with-invite/${token}`, body: { nickname: "Welcomed" }, cookie: user.cookie, actor: user.actor };
    },
    events: ["invite.accept", "user.update"],
  },
  "POST /api/storefront/orders": {
    setup: async () => {
      const run = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 10 });
      const body = { orderId: "ord-audit", run: run.displayId, quantity: 2, status: "paid" };
      const signature = signatureHeader(STOREFRONT_WEBHOOK_SECRET, Math.floor(TEST_NOW.getTime() / 1000), JSON.stringify(body));
      return { path: "/api/storefront/orders", body, actor: null, headers: { "runboard-signature": signature } };
    },
    events: ["order.paid"],
  },
  "POST /api/alerts": {
    setup: async () => {
      const run = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 2, spotsTaken: 2 });
      // The visitor's address must reach no event.
      secrets.add("alert.visitor@example.com");
      return { path: "/api/alerts", body: { email: "alert.visitor@example.com", type: "spot", run: run.displayId }, actor: null };
    },
    events: ["alert.request"],
  },
  "POST /api/users/:id/password-reset": {
    setup: async () => ({ path: `/api/users/${await idOf("booster@example.com")}/password-reset`, ...(await owner()) }),
    events: ["password.reset_request"],
  },
  "POST /api/auth/reset/:token": {
    setup: async () => {
      const res = await t.request("POST", `/api/users/${await idOf("booster@example.com")}/password-reset`, { cookie: await t.cookieFor("owner@example.com") });
      const { token } = (await res.json()) as { token: string };
      secrets.add(token);
      return { path: `/api/auth/reset/${token}`, body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, actor: null };
    },
    events: ["password.reset"],
  },
  // The lookup and the write run after the 202 (docs/decisions/33); the event names the account, no actor.
  "POST /api/auth/forgot": {
    setup: async () => ({ path: "/api/auth/forgot", body: { email: "booster@example.com" }, actor: null }),
    events: ["password.forgot"],
    afterAnswer: true,
  },
  "POST /api/auth/password": {
    setup: async () => ({
      path: "/api/auth/password", body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ...(await as("booster@example.com")),
    }),
    events: ["password.change"],
  },
};

const writeRoutes = () =>
  t.app.routes.filter((r) => r.path.startsWith("/api/") && !["GET", "HEAD", "OPTIONS"].includes(r.method)).map((r) => `${r.method} ${r.path}`);

const lastEventId = async () => (await t.db.select({ n: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents))[0]!.n;
const eventsAfter = (id: number) => t.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(auditEvents.id);

/**
 * Every table's rows, but not the rate-limit counters (a request consumes its limit before
 * the write, on purpose) nor sequence positions (PostgreSQL never rolls those back).
 */
async function stateOf(): Promise<Record<string, string>> {
  const all = await databaseChecksum(t.db, { schema: "public", sequences: false });
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith("public.") && k !== "public.rate_limits"));
}

// A trigger that makes every audit insert fail (one statement per call: prepared statements).
const REFUSE = [
  "create or replace function audit_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$",
  "create trigger audit_refuse before insert on audit_events for each row execute function audit_refuse()",
];
const ALLOW = ["drop trigger if exists audit_refuse on audit_events", "drop function if exists audit_refuse()"];
const run = async (statements: string[]) => {
  for (const s of statements) await t.db.execute(sql.raw(s));
};

describe("every write route records its audit event in its own transaction", () => {
  const log = captureConsoleErrors();
  afterAll(async () => {
    await run(ALLOW);
  });

  test("every non-GET /api route has a sample write", () => {
    const missing = writeRoutes().filter((r) => !(r in CASES));
    expect(missing).toEqual([]);
  });

  const journey: (typeof auditEvents.$inferSelect)[] = [];
  for (const [route, c] of Object.entries(CASES)) {
    test(route, async () => {
      const method = route.split(" ")[0]!;
      const call = (s: Sample, requestId: string) =>
        t.request(method, s.path, { body: s.body, cookie: s.cookie ?? null, headers: { ...s.headers, "x-request-id": requestId } });

      // 1. The event cannot be written: the write must leave no trace either.
      await resetDb();
      const refused = await c.setup();
      const before = await stateOf();
      await run(REFUSE);
      try {
        const res = await call(refused, "refused-1");
        // Work after the answer fails out of sight of the caller, and is logged the same way.
        expect({ status: res.status, body: await res.text() }).toMatchObject({ status: c.afterAnswer ? 202 : 500 });
        await afterAnswerIdle(t.db);
      } finally {
        await run(ALLOW);
      }
      expect(await stateOf()).toEqual(before);
      expect(log.lines.join("\n")).toContain("audit refused"); // the 500's log line
      log.lines = [];

      // 2. Normally: exactly the expected events, by the actor, naming the request.
      await resetDb();
      const sample = await c.setup();
      const mark = await lastEventId();
      const res = await call(sample, `audit-${method}-${journey.length}`);
      expect(res.status).toBeLessThan(400);
      await afterAnswerIdle(t.db);
      const events = await eventsAfter(mark);
      expect(events.map((e) => e.action)).toEqual(c.events);
      for (const e of events) expect(e.requestId).toBe(`audit-${method}-${journey.length}`);
      if (sample.actor !== null) expect(events.map((e) => e.actorId)).toEqual(events.map(() => sample.actor));
      // Hashes stored by this write are secrets too.
      for (const r of await t.db.select({ h: users.passwordHash }).from(users)) if (r.h) secrets.add(r.h);
      for (const r of await t.db.select({ h: userSessions.secretHash }).from(userSessions)) secrets.add(r.h);
      for (const r of await t.db.select({ h: invites.tokenHash }).from(invites)) secrets.add(r.h);
      for (const r of await t.db.select({ h: passwordResets.tokenHash }).from(passwordResets)) secrets.add(r.h);
      journey.push(...events);
      expect(log.lines).toEqual([]);
    }, 30_000);
  }

  test("no event of the whole journey holds a secret, a hash or a token", () => {
    expect(journey.length).toBeGreaterThanOrEqual(Object.keys(CASES).length);
    const text = JSON.stringify(journey);
    const found = [...secrets].filter((s) => text.includes(s));
    expect(found).toEqual([]);
    expect(text).not.toMatch(/argon2|password_?hash|token_?hash|secret/i);
  });
});

describe("many-run writes record one event per run", () => {
  const actionsOf = async (mark: number) => (await eventsAfter(mark)).map((e) => [e.action, e.entityId, e.changes]);

  test("repeat creation: a run.create per date; bulk expire: run.status; bulk delete: run.delete", async () => {
    await resetDb();
    const who = await as("admin@example.com");
    let mark = await lastEventId();
    const created = await t.request("POST", "/api/desert-perpetual-runs", {
      cookie: who.cookie, body: { ...(await desert()), scheduledDate: undefined, scheduledDates: ["2026-12-03 21:00", "2026-12-10 21:00"] },
    });
    expect(created.status).toBe(201);
    const runs = ((await created.json()) as { runs: { id: number; displayId: string }[] }).runs;
    const made = await actionsOf(mark);
    expect(made.map(([a, id]) => [a, id])).toEqual(runs.map((r) => ["run.create", r.displayId]));
    expect(made[0]![2]).toMatchObject({ status: [null, "available"] });

    mark = await lastEventId();
    const ids = runs.map((r) => r.id);
    expect((await t.request("POST", "/api/desert-perpetual-runs/bulk", { cookie: who.cookie, body: { action: "expire", ids } })).status).toBe(200);
    expect(await actionsOf(mark)).toEqual(runs.map((r) => ["run.status", r.displayId, { status: ["available", "expired"] }]));

    mark = await lastEventId();
    expect((await t.request("POST", "/api/desert-perpetual-runs/bulk", { cookie: who.cookie, body: { action: "delete", ids } })).status).toBe(200);
    expect((await actionsOf(mark)).map(([a, id]) => [a, id])).toEqual(runs.map((r) => ["run.delete", r.displayId]));
  });
});
