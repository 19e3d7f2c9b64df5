// Who may call each account endpoint: anonymous, booster, administrator, owner and an
// inactive account (signed in before it was deactivated).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { TEST_PASSWORD, resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { SESSION_COOKIE } from "../../shared/sessionCookie";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); }, 60_000);
beforeEach(async () => { await resetDb({ runs: false }); });

type Caller = "anonymous" | "booster" | "administrator" | "owner" | "inactive";
const CALLERS: Caller[] = ["anonymous", "booster", "administrator", "owner", "inactive"];

async function cookieOf(caller: Caller): Promise<string | null> {
  switch (caller) {
    case "anonymous": return null;
    case "booster": return t.cookieFor("booster@example.com");
    case "administrator": return t.cookieFor("admin@example.com");
    case "owner": return t.cookieFor("owner@example.com");
    case "inactive": {
      const cookie = await t.cookieFor("booster2@example.com");
      await t.db.update(users).set({ status: "inactive" }).where(eq(users.email, "booster2@example.com"));
      return cookie;
    }
  }
}

async function validToken(): Promise<string> {
  const res = await t.request("POST", "/api/invites", { body: { email: "m@example.com", userType: "administrator" }, cookie: await t.cookieFor("owner@example.com") });
  return ((await res.json()) as { token: string }).token;
}

const MATRIX: { call: string; run: (cookie: string | null) => Promise<Response>; expect: Record<Caller, number> }[] = [
  { call: "GET /api/auth/user", run: (cookie) => t.request("GET", "/api/auth/user", { cookie }),
    expect: { anonymous: 401, booster: 200, administrator: 200, owner: 200, inactive: 401 } },
  { call: "POST /api/auth/logout", run: (cookie) => t.request("POST", "/api/auth/logout", { cookie }),
    expect: { anonymous: 200, booster: 200, administrator: 200, owner: 200, inactive: 200 } },
  { call: "POST /api/invites (booster)", run: (cookie) => t.request("POST", "/api/invites", { cookie, body: { email: "b@example.com", userType: "booster", boosterUserId: "BB-9", gameIds: [1] } }),
    expect: { anonymous: 401, booster: 403, administrator: 201, owner: 201, inactive: 401 } },
  { call: "POST /api/invites (administrator)", run: (cookie) => t.request("POST", "/api/invites", { cookie, body: { email: "a@example.com", userType: "administrator" } }),
    expect: { anonymous: 401, booster: 403, administrator: 403, owner: 201, inactive: 401 } },
  { call: "POST /api/invites (owner)", run: (cookie) => t.request("POST", "/api/invites", { cookie, body: { email: "o@example.com", userType: "owner" } }),
    expect: { anonymous: 401, booster: 403, administrator: 403, owner: 201, inactive: 401 } },
  { call: "GET /api/validate-invite/{token}", run: async (cookie) => t.request("GET", `/api/validate-invite/${await validToken()}`, { cookie }),
    expect: { anonymous: 200, booster: 200, administrator: 200, owner: 200, inactive: 200 } },
  { call: "GET /api/invites/{token}", run: async (cookie) => t.request("GET", `/api/invites/${await validToken()}`, { cookie }),
    expect: { anonymous: 200, booster: 200, administrator: 200, owner: 200, inactive: 200 } },
  { call: "POST /api/accept-invite/{token}", run: async (cookie) => t.request("POST", `/api/accept-invite/${await validToken()}`, { cookie, body: { nickname: "Mia", email: "m@example.com", password: "Secret123" } }),
    expect: { anonymous: 200, booster: 200, administrator: 200, owner: 200, inactive: 200 } },
  { call: "POST /api/auth/register/{token}", run: async (cookie) => t.request("POST", `/api/auth/register/${await validToken()}`, { cookie, body: { nickname: "Mia", email: "m@example.com", password: "Secret123" } }),
    expect: { anonymous: 200, booster: 200, administrator: 200, owner: 200, inactive: 200 } },
  { call: "POST /api/complete-profile", run: (cookie) => t.request("POST", "/api/complete-profile", { cookie, body: { nickname: "Again" } }),
    expect: { anonymous: 401, booster: 409, administrator: 409, owner: 409, inactive: 401 } },
  { call: "POST /api/complete-profile-with-invite/{token}", run: async (cookie) => t.request("POST", `/api/complete-profile-with-invite/${await validToken()}`, { cookie, body: { nickname: "Again" } }),
    expect: { anonymous: 401, booster: 409, administrator: 409, owner: 409, inactive: 401 } },
  { call: "GET /api/user/invite-info", run: (cookie) => t.request("GET", "/api/user/invite-info", { cookie }),
    expect: { anonymous: 401, booster: 404, administrator: 404, owner: 404, inactive: 401 } },
];

describe("account endpoints by caller", () => {
  for (const row of MATRIX) {
    for (const caller of CALLERS) {
      test(`${row.call} as ${caller} -> ${row.expect[caller]}`, async () => {
        const res = await row.run(await cookieOf(caller));
        expect(res.status).toBe(row.expect[caller]);
        // No answer ever carries a password hash or a session secret.
        const text = await res.text();
        expect(text).not.toContain("argon2");
        expect(text).not.toMatch(/secretHash|passwordHash|tokenHash/);
      }, 20_000);
    }
  }
});

describe("production cookies", () => {
  test("the session cookie is Secure in production", async () => {
    const prod = await makeTestApp({ env: { NODE_ENV: "production" } });
    const res = await prod.request("POST", "/api/auth/login", { body: { email: "owner@example.com", password: TEST_PASSWORD } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
  });
});
