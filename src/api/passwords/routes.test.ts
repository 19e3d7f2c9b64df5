import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResets, users } from "../../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";
import { RATE_LIMITS } from "../../http/rateLimit";
import { T } from "../../shared/text";
import { sha256 } from "../auth/sessions";
import { SESSION_COOKIE } from "../../shared/sessionCookie";
import { RESET_TTL_MS } from "./service";

// Strict: sessions are cached per cookie, and only the app's own change feed may make a
// process forget one, so these tests show that a reset reaches the session cache.
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000); // the first test builds the island bundle
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const NEW_PASSWORD = "Fresh-Start9";
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const signIn = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });
const sessionFrom = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
});
/** A form post as a browser without JavaScript sends it. */
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  t.app.handle(new Request(ORIGIN + path, { method: "POST", ...form(fields), ...(cookie ? { headers: { ...form(fields).headers, cookie } } : {}) }));

async function issue(targetEmail: string, by = "owner@example.com"): Promise<Response> {
  return t.request("POST", `/api/users/${await idOf(targetEmail)}/password-reset`, { cookie: await t.cookieFor(by) });
}
async function resetToken(targetEmail: string, by = "owner@example.com"): Promise<string> {
  const res = await issue(targetEmail, by);
  expect(res.status).toBe(201);
  return (await json(res)).token;
}
const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  t.request("POST", `/api/auth/reset/${token}`, { body: { password, confirmPassword } });

describe("POST /api/users/{id}/password-reset", () => {
  test("the owner issues for anyone, an administrator for boosters only, a booster for nobody", async () => {
    for (const target of ["admin@example.com", "booster@example.com", "owner@example.com"]) expect((await issue(target)).status).toBe(201);
    expect((await issue("booster@example.com", "admin@example.com")).status).toBe(201);
    const refused = await issue("owner@example.com", "admin@example.com");
    expect(refused.status).toBe(403);
    expect((await issue("admin@example.com", "admin@example.com")).status).toBe(403);
    // Boosters and visitors are refused by the route guard, before anything is read.
    expect((await issue("booster2@example.com", "booster@example.com")).status).toBe(403);
    expect((await t.request("POST", `/api/users/${await idOf("booster@example.com")}/password-reset`)).status).toBe(401);
  });

  test("a one-hour link on the public origin; only the token's SHA-256 is stored", async () => {
    const res = await issue("booster@example.com");
    const body = await json(res);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(body.resetUrl).toBe(`${ORIGIN}/reset/${body.token}`);
    expect(new Date(body.expiresAt).getTime()).toBe(TEST_NOW.getTime() + RESET_TTL_MS);
    const rows = await t.db.select().from(passwordResets);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  test("unknown, deleted and inactive accounts get no link", async () => {
    const owner = await t.cookieFor("owner@example.com");
    expect((await t.request("POST", "/api/users/999999/password-reset", { cookie: owner })).status).toBe(404);
    const gone = await makeUser(t.db, { role: "booster", deletedAt: TEST_NOW });
    expect((await t.request("POST", `/api/users/${gone.id}/password-reset`, { cookie: owner })).status).toBe(404);
    const inactive = await makeUser(t.db, { role: "booster", status: "inactive" });
    const res = await t.request("POST", `/api/users/${inactive.id}/password-reset`, { cookie: owner });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(T.password.accountInactive);
  });

  test("a new link ends the person's earlier one", async () => {
    const first = await resetToken("booster@example.com");
    const second = await resetToken("booster@example.com");
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });
});

describe("POST /api/auth/reset/{token}", () => {
  test("sets the password under the full rule: the new one signs in, the old one no longer does", async () => {
    const token = await resetToken("booster@example.com");
    const weak = await reset(token, "password", "password");
    expect(weak.status).toBe(400);
    expect((await json(weak)).message).toBe(T.validation.passwordUpper);
    const mismatch = await reset(token, NEW_PASSWORD, "Other-Pass1");
    expect((await json(mismatch)).message).toBe(T.validation.passwordsDontMatch);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect((await signIn("booster@example.com", NEW_PASSWORD)).status).toBe(200);
    expect((await signIn("booster@example.com", TEST_PASSWORD)).status).toBe(401);
  });

  test("works once", async () => {
    const token = await resetToken("booster@example.com");
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, "Another-Pass2");
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe(T.password.invalidOrExpired);
    expect((await signIn("booster@example.com", "Another-Pass2")).status).toBe(401);
  });

  test("works once even when sent twenty times at once", async () => {
    const token = await resetToken("booster@example.com");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(token, `Racing-Pass${i}`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(19);
  });

  test("expires after one hour (by the injected clock)", async () => {
    const token = await resetToken("booster@example.com");
    t.setNow(new Date(TEST_NOW.getTime() + RESET_TTL_MS - 1000));
    expect((await t.request("GET", `/reset/${token}`)).status).toBe(200);
    t.setNow(new Date(TEST_NOW.getTime() + RESET_TTL_MS));
    expect((await t.request("GET", `/reset/${token}`)).status).toBe(404);
    expect((await reset(token)).status).toBe(400);
  });

  test("ends every session of the account: an old cookie is signed out on its next request", async () => {
    const before = sessionFrom(await signIn("booster@example.com", TEST_PASSWORD));
    const other = await t.cookieFor("booster@example.com");
    // Used once, so the process has it cached.
    expect((await t.request("GET", "/api/auth/user", { cookie: before })).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: other })).status).toBe(200);
    expect((await reset(await resetToken("booster@example.com"))).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: before })).status).toBe(401);
    expect((await t.request("GET", "/api/auth/user", { cookie: other })).status).toBe(401);
    // Other people stay signed in.
    expect((await t.request("GET", "/api/auth/user", { cookie: await t.cookieFor("booster2@example.com") })).status).toBe(200);
  });

  test("an external-sign-in account without a password gets one", async () => {
    const sso = await makeUser(t.db, { role: "booster", email: "sso@example.test" });
    expect((await signIn(sso.email, NEW_PASSWORD)).status).toBe(401);
    expect((await reset(await resetToken(sso.email))).status).toBe(200);
    expect((await signIn(sso.email, NEW_PASSWORD)).status).toBe(200);
  });

  test("a token that cannot be one is refused with the reset message", async () => {
    const res = await reset("x".repeat(200));
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(T.password.invalidOrExpired);
  });

  test("a link of a deleted account is dead", async () => {
    const token = await resetToken("booster@example.com");
    await t.request("DELETE", `/api/users/${await idOf("booster@example.com")}`, { cookie: await t.cookieFor("owner@example.com") });
    expect((await reset(token)).status).toBe(400);
  });

  test("rate-limited per address like sign-in, before any work", async () => {
    for (let i = 0; i < RATE_LIMITS.passwordReset.limit; i++) expect((await reset("not-a-token")).status).toBe(400);
    const limited = await reset("not-a-token");
    expect(limited.status).toBe(429);
    expect((await json(limited)).message).toBe(T.auth.tooManyAttempts);
  });

  test("without JavaScript: a 303 back to the form with the error, or to sign-in with a notice", async () => {
    const token = await resetToken("booster@example.com");
    const weak = await post(`/api/auth/reset/${token}`, { password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(303);
    expect(weak.headers.get("location")).toBe(`/reset/${token}?error=passwordMin8`);
    const page = await (await t.request("GET", weak.headers.get("location")!)).text();
    expect(page).toContain(T.validation.passwordMin8);
    const mismatch = await post(`/api/auth/reset/${token}`, { password: NEW_PASSWORD, confirmPassword: "Nope-Nope1" });
    expect(mismatch.headers.get("location")).toBe(`/reset/${token}?error=passwordsDontMatch`);
    const done = await post(`/api/auth/reset/${token}`, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/auth?notice=reset");
    expect(await (await t.request("GET", "/auth?notice=reset")).text()).toContain(T.password.resetDone);
    const used = await post(`/api/auth/reset/${token}`, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(used.headers.get("location")).toBe(`/reset/${token}?error=resetInvalid`);
  });
});

describe("POST /api/auth/password", () => {
  const change = (cookie: string, currentPassword: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
    t.request("POST", "/api/auth/password", { cookie, body: { currentPassword, newPassword, confirmPassword } });

  test("with the current password: the new one works, other sessions end, this one stays", async () => {
    const mine = sessionFrom(await signIn("admin@example.com", TEST_PASSWORD));
    const elsewhere = sessionFrom(await signIn("admin@example.com", TEST_PASSWORD));
    expect((await t.request("GET", "/api/auth/user", { cookie: elsewhere })).status).toBe(200);
    const res = await change(mine, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: mine })).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: elsewhere })).status).toBe(401);
    expect((await signIn("admin@example.com", NEW_PASSWORD)).status).toBe(200);
    expect((await signIn("admin@example.com", TEST_PASSWORD)).status).toBe(401);
  });

  test("a wrong current password is a 400 with a clear message and changes nothing", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    const res = await change(cookie, "Wrong-Pass1");
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(T.password.wrongCurrent);
    expect((await signIn("booster@example.com", TEST_PASSWORD)).status).toBe(200);
  });

  test("the new password follows the full rule; the confirmation must match", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    expect((await json(await change(cookie, TEST_PASSWORD, "abcdefgh"))).message).toBe(T.validation.passwordUpper);
    expect((await json(await change(cookie, TEST_PASSWORD, NEW_PASSWORD, "Other-Pass1"))).message).toBe(T.validation.passwordsDontMatch);
    expect((await json(await change(cookie, ""))).message).toBe(T.password.currentRequired);
  });

  test("an external-sign-in account has no password to change", async () => {
    const sso = await makeUser(t.db, { role: "booster" });
    const res = await change(await t.cookieFor(sso.email), "Anything1");
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(T.password.noPassword);
  });

  test("guessing the current password is limited per session: a stolen session cannot lock the holder out", async () => {
    const stolen = await t.cookieFor("booster@example.com");
    for (let i = 0; i < RATE_LIMITS.passwordChange.limit; i++) expect((await change(stolen, `Guess-${i}aA`)).status).toBe(400);
    const limited = await change(stolen, TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect((await json(limited)).message).toBe(T.auth.tooManyAttempts);
    // The holder, in their own fresh session, changes the password at once (and so ends the stolen one).
    const holder = sessionFrom(await signIn("booster@example.com", TEST_PASSWORD));
    expect((await change(holder, TEST_PASSWORD)).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: stolen })).status).toBe(401);
  });

  test("a looser ceiling holds per account across its sessions", async () => {
    const perSession = RATE_LIMITS.passwordChange.limit;
    let spent = 0;
    while (spent < RATE_LIMITS.passwordChangeAccount.limit) {
      const cookie = await t.cookieFor("booster@example.com");
      for (let i = 0; i < perSession && spent < RATE_LIMITS.passwordChangeAccount.limit; i++, spent++) {
        expect((await change(cookie, `Guess-${spent}aA`)).status).toBe(400);
      }
    }
    expect((await change(await t.cookieFor("booster@example.com"), TEST_PASSWORD)).status).toBe(429);
    // Other accounts are not affected.
    expect((await change(await t.cookieFor("booster2@example.com"), TEST_PASSWORD)).status).toBe(200);
  });

  test("visitors get 401 and pending accounts 403, before the body is read", async () => {
    expect((await t.request("POST", "/api/auth/password", { body: { currentPassword: 1 } })).status).toBe(401);
    // A no-JavaScript post is sent to sign in first, never back with a field rule.
    const signedOut = await post("/api/auth/password", { currentPassword: "", newPassword: "x" });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/auth?notice=signin");
    const pending = await makeUser(t.db, { role: "booster", status: "pending" });
    expect((await t.request("POST", "/api/auth/password", { cookie: await t.cookieFor(pending.email), body: { currentPassword: 1 } })).status).toBe(403);
  });

  test("without JavaScript: a 303 back to /account with the error or the success", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    const wrong = await post("/api/auth/password", { currentPassword: "Wrong-Pass1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie);
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/account?error=wrongPassword");
    expect(await (await t.request("GET", "/account?error=wrongPassword", { cookie })).text()).toContain(T.password.wrongCurrent);
    const weak = await post("/api/auth/password", { currentPassword: TEST_PASSWORD, newPassword: "nodigits", confirmPassword: "nodigits" }, cookie);
    expect(weak.headers.get("location")).toBe("/account?error=passwordUpper");
    const ok = await post("/api/auth/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie);
    expect(ok.headers.get("location")).toBe("/account?changed=1");
    expect(await (await t.request("GET", "/account?changed=1", { cookie })).text()).toContain(T.password.changed);
  });
});
