import { afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, invites, passwordResets, userSessions, users } from "../../db/schema";
import { TEST_PASSWORD, resetDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { captureLog } from "../testing/log";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { createLogger } from "./logger";

let t: TestApp;
let log: ReturnType<typeof captureLog>;
// Whatever the app prints to the console during the journey is scanned too.
const printed: string[] = [];
const original = { log: console.log, warn: console.warn, info: console.info };
beforeAll(async () => {
  log = captureLog();
  t = await makeTestApp({ logger: log.logger });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  for (const k of ["log", "warn", "info"] as const) console[k] = (...a: unknown[]) => { printed.push(a.map(String).join(" ")); };
});
afterEach(() => Object.assign(console, original));

const session = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;

test("a full journey's log holds no password, hash, cookie, JWT, session, invitation or reset token", async () => {
  const secrets: string[] = [TEST_PASSWORD, "WrongPassw0rd!", "Secret456", "Secret123"];
  // Sign in (once wrongly), as the admin.
  await t.request("POST", "/api/auth/login", { body: { email: "admin@example.com", password: "WrongPassw0rd!" } });
  const login = await t.request("POST", "/api/auth/login", { body: { email: "admin@example.com", password: TEST_PASSWORD } });
  expect(login.status).toBe(200);
  const admin = session(login);
  secrets.push(admin, admin.split("=")[1]!);
  // Invite two boosters; one accepts on /auth?invite=, the other registers on /register/{token}.
  const invite = async (email: string, boosterUserId: string) => {
    const res = await t.request("POST", "/api/invites", { cookie: admin, body: { email, userType: "booster", boosterUserId, gameIds: [3, 1] } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const a = await invite("first@example.com", "BB-3001");
  const b = await invite("second@example.com", "BB-3002");
  secrets.push(a, b);
  for (const path of [`/invite/${a}`, `/auth?invite=${a}`, `/api/validate-invite/${a}`, `/register/${b}`]) {
    expect((await t.request("GET", path)).status).toBe(200);
  }
  const accepted = await t.request("POST", `/api/accept-invite/${a}`, { body: { nickname: "First", email: "first@example.com", password: "Secret456" } });
  expect(accepted.status).toBe(200);
  const registered = await t.request("POST", `/api/auth/register/${b}`, { body: { nickname: "Second", email: "second@example.com", password: "Secret123" } });
  expect(registered.status).toBe(200);
  const booster = session(registered);
  secrets.push(booster, booster.split("=")[1]!, session(accepted).split("=")[1]!);
  // The new booster writes a run, then signs out.
  const [row] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-3002"));
  const run = await t.request("POST", "/api/runs", {
    cookie: booster,
    body: { gameId: 1, boosterId: row!.id, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00" },
  });
  expect(run.status).toBe(201);
  // The admin issues a password reset link for the other booster, who sets a new password;
  // then the first booster changes theirs.
  const [acceptedUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "first@example.com"));
  const issued = await t.request("POST", `/api/users/${acceptedUser!.id}/password-reset`, { cookie: admin });
  expect(issued.status).toBe(201);
  const resetToken = ((await issued.json()) as { token: string }).token;
  secrets.push(resetToken, "Reset-Pass7", "Changed-Pass8");
  expect((await t.request("GET", `/reset/${resetToken}`)).status).toBe(200);
  const reset = await t.request("POST", `/api/auth/reset/${resetToken}`, { body: { password: "Reset-Pass7", confirmPassword: "Reset-Pass7" } });
  expect(reset.status).toBe(200);
  const change = await t.request("POST", "/api/auth/password", {
    cookie: booster, body: { currentPassword: "Secret123", newPassword: "Changed-Pass8", confirmPassword: "Changed-Pass8" },
  });
  expect(change.status).toBe(200);
  expect((await t.request("POST", "/api/auth/logout", { cookie: booster })).status).toBeLessThan(400);
  // Stored hashes must not leak either.
  for (const u of await t.db.select({ h: users.passwordHash }).from(users)) if (u.h) secrets.push(u.h);
  for (const s of await t.db.select({ h: userSessions.secretHash }).from(userSessions)) secrets.push(s.h);
  for (const i of await t.db.select({ h: invites.tokenHash }).from(invites)) secrets.push(i.h);
  for (const r of await t.db.select({ h: passwordResets.tokenHash }).from(passwordResets)) secrets.push(r.h);

  const text = (await log.text()) + printed.join("\n");
  const entries = await log.entries();
  expect(entries.filter((e) => e.msg === "request").length).toBeGreaterThanOrEqual(12);
  expect(entries.map((e) => e.route)).toContain("/invite/:token");
  expect(entries.map((e) => e.route)).toContain("/reset/:token");
  for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
});

test("secret fields are redacted wherever a log call puts them", () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: "info", prettyLogs: false, shutdownGraceMs: 0 }, { write: (s: string) => lines.push(s) });
  const hook = "https://discord.com/api/webhooks/123/abcdef";
  logger.info({ webhookUrl: hook, body: { password: "hunter2", token: "tok-value-9" }, headers: { cookie: "c=1", authorization: "Bearer x" } }, "x");
  for (const s of [hook, "hunter2", "tok-value-9", "c=1", "Bearer x"]) expect(lines.join("")).not.toContain(s);
  expect(lines.join("")).toContain("[redacted]");
});
