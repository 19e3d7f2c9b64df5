import { beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { userSessions, users } from "../../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";
import { RATE_LIMITS } from "../../http/rateLimit";
import { SESSION_TTL_MS } from "./sessions";
import { SESSION_COOKIE } from "../../shared/sessionCookie";
import { T } from "../../shared/text";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); }, 60_000); // the first test builds the island bundle
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const setCookies = (res: Response) => res.headers.getSetCookie();
/** The `name=value` pair of the session cookie a response sets. */
function sessionFrom(res: Response): string {
  const c = setCookies(res).find((h) => h.startsWith(`${SESSION_COOKIE}=`));
  if (!c) throw new Error("no session cookie set");
  return c.split(";")[0]!;
}
const login = (email: string, password = TEST_PASSWORD, headers?: Record<string, string>) =>
  t.request("POST", "/api/auth/login", { body: { email, password }, headers });
const formPost = (path: string, fields: Record<string, string>, cookie?: string) =>
  t.app.handle(new Request(ORIGIN + path, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  }));

describe("POST /api/auth/login", () => {
  test("signs in with the right password: the user, and an HttpOnly Lax session cookie that expires with the session", async () => {
    const res = await login("owner@example.com");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.user).toMatchObject({ email: "owner@example.com", role: "owner", status: "active", nickname: "Owner", booster: null });
    const cookie = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure"); // only in production
    expect(cookie).toContain(`Expires=${new Date(TEST_NOW.getTime() + SESSION_TTL_MS).toUTCString()}`);
    // The database keeps only a hash of the session secret.
    const [row] = await t.db.select().from(userSessions);
    const jwtPayload = JSON.parse(Buffer.from(sessionFrom(res).split("=")[1]!.split(".")[1]!, "base64url").toString());
    expect(row!.secretHash).not.toBe(jwtPayload.sec);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("emails are matched without regard to case or surrounding spaces", async () => {
    expect((await login("  Owner@Example.COM ")).status).toBe(200);
  });

  test("a booster gets their booster id", async () => {
    const body = await json(await login("booster@example.com"));
    expect(body.user).toMatchObject({ role: "booster", booster: { boosterId: "BB-1001" } });
  });

  test("unknown email, wrong password, inactive and deleted users all get the same 401 message", async () => {
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.email, "admin@example.com"));
    await t.db.update(users).set({ deletedAt: TEST_NOW }).where(eq(users.email, "booster2@example.com"));
    const answers = await Promise.all([
      login("nobody@example.com"), login("owner@example.com", "Wrong12345"),
      login("admin@example.com"), login("booster2@example.com"),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Login failed. Please check your credentials." });
      expect(setCookies(res).some((c) => c.startsWith(SESSION_COOKIE))).toBe(false);
    }
  }, 30_000);

  test("an unknown email costs a password verification too (no timing shortcut)", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      await login("nobody@example.com");
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  test("bad input gets the validation messages 'Invalid email address' and 'Password is required'", async () => {
    const bad = await t.request("POST", "/api/auth/login", { body: { email: "not-an-email", password: "x" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Invalid email address" });
    const empty = await t.request("POST", "/api/auth/login", { body: { email: "owner@example.com", password: "" } });
    expect(await empty.json()).toEqual({ message: "Password is required" });
  });

  test("every login makes a new session, and signing in again ends the browser's previous one", async () => {
    const first = sessionFrom(await login("owner@example.com"));
    const second = sessionFrom(await login("owner@example.com", TEST_PASSWORD, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await t.request("GET", "/api/auth/user", { cookie: second })).status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: first })).status).toBe(401);
    expect((await t.db.select().from(userSessions)).length).toBe(2);
  });

  test("a form post (no JavaScript) is redirected: to returnTo on success, back to /auth with an error code on failure", async () => {
    const ok = await formPost("/api/auth/login", { email: "owner@example.com", password: TEST_PASSWORD, returnTo: "/admin?tab=users" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin?tab=users");
    expect(sessionFrom(ok)).toContain(SESSION_COOKIE);
    const home = await formPost("/api/auth/login", { email: "booster@example.com", password: TEST_PASSWORD });
    expect(home.headers.get("location")).toBe("/dashboard");
    const offsite = await formPost("/api/auth/login", { email: "admin@example.com", password: TEST_PASSWORD, returnTo: "//evil.example/" });
    expect(offsite.headers.get("location")).toBe("/admin");
    const bad = await formPost("/api/auth/login", { email: "owner@example.com", password: "nope", returnTo: "/admin" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/auth?returnTo=%2Fadmin&error=credentials&email=owner%40example.com");
  });

  test("pending users may sign in; their form post lands on /complete-profile", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const res = await formPost("/api/auth/login", { email: "booster@example.com", password: TEST_PASSWORD, returnTo: "/dashboard" });
    expect(res.headers.get("location")).toBe("/complete-profile");
  });
});

describe("login rate limits (checked before any hashing)", () => {
  test("the 'too many attempts' message names the wait of every limit that answers it", () => {
    // Booking clicks are never refused, only uncounted; past the per-email forgot limit the answer stays 202;
    // visitor alert sign-ups answer with their own message (T.alerts.rateLimited), naming their own wait.
    const { bookingClicks: _uncounted, forgotEmail: _silent, alertSignUpIp, alertSignUpEmail, ...refusing } = RATE_LIMITS;
    for (const rule of Object.values(refusing)) expect(T.auth.tooManyAttempts).toContain(`wait ${rule.windowMs / 60_000} minutes`);
    for (const rule of [alertSignUpIp, alertSignUpEmail]) expect(T.alerts.rateLimited).toContain(`wait ${rule.windowMs / 60_000} minutes`);
  });

  test(`${RATE_LIMITS.loginAccount.limit} attempts per email and address per window, then 429 even with the right password`, async () => {
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) expect((await login("owner@example.com", "Wrong12345")).status).toBe(401);
    const verify = spyOn(Bun.password, "verify");
    try {
      const blocked = await login("owner@example.com");
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({ message: "Too many attempts. Please wait 15 minutes and try again." });
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    // Another account from the same address is still allowed.
    expect((await login("admin@example.com")).status).toBe(200);
    // The message names the real lock: still refused just before the window ends.
    t.setNow(new Date(TEST_NOW.getTime() + RATE_LIMITS.loginAccount.windowMs - 60_000));
    expect((await login("owner@example.com")).status).toBe(429);
    // The window is fixed: after it, attempts count from one again.
    t.setNow(new Date(TEST_NOW.getTime() + RATE_LIMITS.loginAccount.windowMs + 1000));
    expect((await login("owner@example.com")).status).toBe(200);
  }, 30_000);

  test(`${RATE_LIMITS.loginIp.limit} attempts per address whatever the email`, async () => {
    for (let i = 0; i < RATE_LIMITS.loginIp.limit; i++) await login(`nobody${i}@example.com`, "Wrong12345");
    expect((await login("owner@example.com")).status).toBe(429);
  }, 30_000);

  test("a successful sign-in clears the account counter", async () => {
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit - 1; i++) await login("owner@example.com", "Wrong12345");
    expect((await login("owner@example.com")).status).toBe(200);
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit - 1; i++) await login("owner@example.com", "Wrong12345");
    expect((await login("owner@example.com")).status).toBe(200);
  }, 30_000);

  test("a form post over the limit goes back to /auth with the too-many code", async () => {
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) await login("owner@example.com", "Wrong12345");
    const res = await formPost("/api/auth/login", { email: "owner@example.com", password: TEST_PASSWORD });
    expect(res.headers.get("location")).toBe("/auth?error=tooMany&email=owner%40example.com");
  }, 30_000);
});

describe("GET /api/auth/user", () => {
  test("401 when signed out", async () => {
    const res = await t.request("GET", "/api/auth/user");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });

  test("the viewer's own fields, never a password hash or session secret", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    const res = await t.request("GET", "/api/auth/user", { cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      id: expect.any(Number), email: "booster@example.com", role: "booster", status: "active", nickname: "Frostbolt",
      firstName: "Felix", lastName: "Hart", booster: { boosterId: "BB-1001" },
    });
    expect(text).not.toContain("argon2");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("deactivation and deletion take effect on the very next request", async () => {
    const admin = await t.cookieFor("admin@example.com");
    const booster = await t.cookieFor("booster@example.com");
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.email, "admin@example.com"));
    await t.db.update(users).set({ deletedAt: TEST_NOW }).where(eq(users.email, "booster@example.com"));
    expect((await t.request("GET", "/api/auth/user", { cookie: admin })).status).toBe(401);
    expect((await t.request("GET", "/api/auth/user", { cookie: booster })).status).toBe(401);
  });

  test("a tampered, forged or expired token gets 401", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const token = cookie.split("=")[1]!;
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    // Payload changed (another session id), signature kept.
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sid: payload.sid + 1 })).toString("base64url")}.${s}`;
    expect((await t.request("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=${tampered}` })).status).toBe(401);
    // Signed with another key.
    const otherKey = await new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(40)));
    expect((await t.request("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=${otherKey}` })).status).toBe(401);
    // Right key, wrong secret for the session row.
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const wrongSecret = await new SignJWT({ ...payload, sec: "guess" }).setProtectedHeader({ alg: "HS256" }).sign(key);
    expect((await t.request("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=${wrongSecret}` })).status).toBe(401);
    // Right key and secret, but the token's own expiry has passed.
    const expired = await new SignJWT({ sid: payload.sid, sec: payload.sec }).setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(key);
    expect((await t.request("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=${expired}` })).status).toBe(401);
    // The untouched token still works.
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
  });

  test("a session past its expiry gets 401", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    t.setNow(new Date(TEST_NOW.getTime() + SESSION_TTL_MS + 1000));
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  test("ends the session and clears the cookie; replaying the cookie afterwards gets 401", async () => {
    const cookie = sessionFrom(await login("owner@example.com"));
    const res = await t.request("POST", "/api/auth/logout", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const cleared = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cleared).toContain("Max-Age=0");
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });

  test("a form post (no JavaScript) is redirected home with 303", async () => {
    const cookie = sessionFrom(await login("admin@example.com"));
    const res = await formPost("/api/auth/logout", {}, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });

  test("logging out while signed out is harmless", async () => {
    expect((await t.request("POST", "/api/auth/logout")).status).toBe(200);
  });
});

describe("POST /api/complete-profile", () => {
  test("401 when signed out", async () => {
    expect((await t.request("POST", "/api/complete-profile", { body: { nickname: "Nick" } })).status).toBe(401);
  });

  test("a pending user picks a nickname and becomes active", async () => {
    await t.db.update(users).set({ status: "pending", nickname: null }).where(eq(users.email, "booster@example.com"));
    const cookie = await t.cookieFor("booster@example.com");
    const short = await t.request("POST", "/api/complete-profile", { body: { nickname: "x" }, cookie });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Nickname must be at least 2 characters" });
    const long = await t.request("POST", "/api/complete-profile", { body: { nickname: "x".repeat(31) }, cookie });
    expect(await long.json()).toEqual({ message: "Nickname must be less than 30 characters" });
    const res = await t.request("POST", "/api/complete-profile", { body: { nickname: "  Nova " }, cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ nickname: "Nova", status: "active" });
  });

  test("an active user cannot complete again (409)", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    const res = await t.request("POST", "/api/complete-profile", { body: { nickname: "Other" }, cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Your profile is already complete." });
  });
});

describe("Origin check on state-changing API calls", () => {
  const post = (headers: Record<string, string>) => t.app.handle(new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST", headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: "owner@example.com", password: TEST_PASSWORD }),
  }));

  test("a missing or foreign Origin gets 403 and changes nothing", async () => {
    for (const headers of [{}, { origin: "https://evil.example" }, { origin: "null" }] as Record<string, string>[]) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-site request refused" });
    }
    expect((await t.db.select().from(userSessions)).length).toBe(0);
  });

  test("the app's own origin passes, and so does the configured public origin", async () => {
    expect((await post({ origin: ORIGIN })).status).toBe(200);
    const behindProxy = await t.app.handle(new Request("http://10.0.0.5:3000/api/auth/logout", { method: "POST", headers: { origin: ORIGIN } }));
    expect(behindProxy.status).toBe(200);
  });

  test("every write method on any /api path is checked; reads and pages are not", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await t.app.handle(new Request(`${ORIGIN}/api/users/1`, { method }))).status).toBe(403);
    }
    expect((await t.app.handle(new Request(`${ORIGIN}/api/games`))).status).toBe(200);
    expect((await t.app.handle(new Request(`${ORIGIN}/`))).status).toBe(200);
  });
});
