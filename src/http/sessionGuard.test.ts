// Session tokens are HS256 only. A token signed with the real key under
// another algorithm (HS512) is refused, so the algorithm cannot be switched by the caller.
import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { users } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { createSession } from "../api/auth/sessions";
import { SESSION_COOKIE } from "../shared/sessionCookie";

let t: TestApp;
beforeAll(async () => { await resetDb({ runs: false }); t = await makeTestApp(); }, 60_000); // the first test app builds the island bundle

async function cookieSignedWith(alg: "HS256" | "HS512"): Promise<string> {
  const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  const s = await createSession(t.db, { userId: owner!.id, now: new Date() });
  const token = await new SignJWT({ sid: s.id, sec: s.secret })
    .setProtectedHeader({ alg })
    .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(t.config.jwtSecret));
  return `${SESSION_COOKIE}=${token}`;
}

test("a session token signed with the real key but HS512 is refused; HS256 is accepted", async () => {
  const hs512 = await t.request("GET", "/api/auth/user", { cookie: await cookieSignedWith("HS512") });
  expect(hs512.status).toBe(401);
  const hs256 = await t.request("GET", "/api/auth/user", { cookie: await cookieSignedWith("HS256") });
  expect(hs256.status).toBe(200);
});
