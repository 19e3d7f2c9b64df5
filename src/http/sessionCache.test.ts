// The session cache never trusts a session past its own expiry, even inside the cache's TTL.
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { users } from "../../db/schema";
import { createApp } from "../app";
import { parseConfig } from "../config/appConfig";
import { createSession, SESSION_TTL_MS } from "../api/auth/sessions";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { resetDb } from "../testing/db";
import { ORIGIN, testManifest } from "../testing/app";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../public/publicResponse";

test("a session that ends 10 s from now is signed out 15 s from now (the cache keeps entries up to 30 s)", async () => {
  const { db } = await resetDb();
  // Real time: the session JWT's own expiry is checked against it.
  const clock = { now: Date.now() };
  const config = parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN });
  const app = createApp({ db, config, clock: () => new Date(clock.now), manifest: await testManifest() }, {});
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"));
  const s = await createSession(db, { userId: user!.id, now: new Date(clock.now + 10_000 - SESSION_TTL_MS) });
  const jwt = await new SignJWT({ sid: s.id, sec: s.secret }).setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000)).sign(new TextEncoder().encode(config.jwtSecret));
  const get = () => app.handle(new Request(`${ORIGIN}/`, { headers: { cookie: `${SESSION_COOKIE}=${jwt}` } }));
  expect((await get()).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  clock.now += 15_000;
  expect((await get()).headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
}, 60_000);
