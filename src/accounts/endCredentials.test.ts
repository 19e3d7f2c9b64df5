// An access change ends every credential the person holds at once: deactivation, deletion,
// role change, password change and a password reset each end the person's sessions, open
// reset links and open invitation links. Strict app: only the change feed may make the
// process forget a cached session.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invites, users } from "../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { randomToken, sha256 } from "../api/auth/sessions";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { INVITE_TTL_MS } from "../api/invites/service";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp({ strict: true }); }, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

const NEW_PASSWORD = "Fresh-Start9";
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const signIn = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });
const sessionFrom = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
const owner = () => t.cookieFor("owner@example.com");

/** What `email` holds: a signed-in session (used once, so it is cached), a reset link and an invitation link to their email. */
async function credentialsOf(email: string) {
  const session = sessionFrom(await signIn(email, TEST_PASSWORD));
  expect((await t.request("GET", "/api/auth/user", { cookie: session })).status).toBe(200);
  const issued = await t.request("POST", `/api/users/${await idOf(email)}/password-reset`, { cookie: await owner() });
  expect(issued.status).toBe(201);
  const resetToken = ((await issued.json()) as { token: string }).token;
  // An invitation re-sent to the same address before the account was made (e.g. a pending external sign-in).
  const inviteToken = randomToken();
  await t.db.insert(invites).values({ email, userType: "booster", tokenHash: sha256(inviteToken), expiresAt: new Date(TEST_NOW.getTime() + INVITE_TTL_MS) });
  expect((await t.request("GET", `/api/invites/${inviteToken}`)).status).toBe(200);
  return { session, resetToken, inviteToken };
}

/** None of them works any more: the session is signed out, the reset link sets no password, the invitation is gone. */
async function expectAllEnded(c: { session: string; resetToken: string; inviteToken: string }) {
  expect((await t.request("GET", "/api/auth/user", { cookie: c.session })).status).toBe(401);
  const reset = await t.request("POST", `/api/auth/reset/${c.resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
  expect(reset.status).toBe(400);
  expect((await t.request("GET", `/api/invites/${c.inviteToken}`)).status).toBe(404);
}

const patch = async (email: string, body: Record<string, unknown>) =>
  t.request("PATCH", `/api/users/${await idOf(email)}`, { cookie: await owner(), body });

describe("an access change ends every credential at once", () => {
  test("deactivation: a link issued before it sets no password, then or after reactivation", async () => {
    const c = await credentialsOf("booster@example.com");
    expect((await patch("booster@example.com", { nickname: "Frostbolt", status: "inactive" })).status).toBe(200);
    await expectAllEnded(c);
    expect((await patch("booster@example.com", { nickname: "Frostbolt", status: "active" })).status).toBe(200);
    // The link is still dead after reactivation, and no password was set with it.
    const again = await t.request("POST", `/api/auth/reset/${c.resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(again.status).toBe(400);
    expect((await signIn("booster@example.com", NEW_PASSWORD)).status).toBe(401);
    expect((await signIn("booster@example.com", TEST_PASSWORD)).status).toBe(200);
  });

  test("deletion", async () => {
    const c = await credentialsOf("booster@example.com");
    expect((await t.request("DELETE", `/api/users/${await idOf("booster@example.com")}`, { cookie: await owner() })).status).toBe(200);
    await expectAllEnded(c);
  });

  test("role change", async () => {
    const c = await credentialsOf("admin@example.com");
    expect((await patch("admin@example.com", { nickname: "Admin", status: "active", role: "owner" })).status).toBe(200);
    await expectAllEnded(c);
    // A fresh sign-in works, with the new role.
    const fresh = sessionFrom(await signIn("admin@example.com", TEST_PASSWORD));
    expect(((await (await t.request("GET", "/api/auth/user", { cookie: fresh })).json()) as { role: string }).role).toBe("owner");
  });

  test("an edit that changes neither access nor role ends nothing", async () => {
    const c = await credentialsOf("booster@example.com");
    expect((await patch("booster@example.com", { nickname: "Frostbite", status: "active" })).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: c.session })).status).toBe(200);
    expect((await t.request("GET", `/api/invites/${c.inviteToken}`)).status).toBe(200);
    expect((await t.request("POST", `/api/auth/reset/${c.resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(200);
  });

  test("password change: the other sessions and every link end, the session making the change stays", async () => {
    const c = await credentialsOf("booster@example.com");
    const mine = sessionFrom(await signIn("booster@example.com", TEST_PASSWORD));
    const changed = await t.request("POST", "/api/auth/password", {
      cookie: mine, body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: mine })).status).toBe(200);
    await expectAllEnded(c);
  });

  test("password reset: every session and the invitation links end", async () => {
    const c = await credentialsOf("booster@example.com");
    expect((await t.request("POST", `/api/auth/reset/${c.resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(200);
    await expectAllEnded(c);
    expect((await signIn("booster@example.com", NEW_PASSWORD)).status).toBe(200);
  });
});

describe("a reset needs an account that may sign in", () => {
  test("a suspended account's link sets no password, whatever path suspended it", async () => {
    const { resetToken } = await credentialsOf("booster@example.com");
    // Straight in the table, past every service: the reset itself must check.
    await t.db.update(users).set({ status: "suspended" }).where(eq(users.email, "booster@example.com"));
    const res = await t.request("POST", `/api/auth/reset/${resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    expect((await t.request("GET", `/reset/${resetToken}`)).status).toBe(404);
    await t.db.update(users).set({ status: "active" }).where(eq(users.email, "booster@example.com"));
    expect((await signIn("booster@example.com", NEW_PASSWORD)).status).toBe(401);
  });

  test("a pending account may use its link (it signs in to complete its profile)", async () => {
    const { resetToken } = await credentialsOf("booster@example.com");
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const res = await t.request("POST", `/api/auth/reset/${resetToken}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await signIn("booster@example.com", NEW_PASSWORD)).status).toBe(200);
  });
});
