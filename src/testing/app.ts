// In-process app for API and page tests: real database (see ./db), fixed clock, real
// island bundle built once per test process.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { createApp } from "../app";
import { parseConfig, type Config } from "../config/appConfig";
import { freshSecrets } from "../config/secretRules";
import type { Manifest } from "../render/bundle";
import { buildInChild } from "./build";
import { createSession } from "../api/auth/sessions";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { users } from "../../db/schema";
import type { Db } from "../../db/client";
import { TEST_NOW, testDb } from "./db";
import { everythingChanged } from "../../db/changes";
import type { Logger } from "../ops/logger";
import type { ShareImages } from "../render/shareImages";

export const ORIGIN = "http://localhost:3000";
/** Fresh random secrets per test process, so production-mode test apps pass the secret rules. */
export const TEST_SECRETS = freshSecrets();
const distDir = join(tmpdir(), `runboard-test-dist-${process.pid}`);
let manifest: Promise<Manifest> | null = null;

export function testManifest(): Promise<Manifest> {
  manifest ??= buildInChild(distDir);
  return manifest;
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * `strict: false` (the default) tells the app before every request that the database may
 * have changed, because most tests edit tables directly. The read-path tests use
 * `strict: true`: only the app's own change feed and clock may make a page fresh.
 */
export async function makeTestApp(opts: { now?: Date; env?: Record<string, string>; strict?: boolean; logger?: Logger; shareImages?: ShareImages } = {}) {
  const { db } = await testDb();
  const config: Config = parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN, ...TEST_SECRETS, ...opts.env });
  let now = opts.now ?? TEST_NOW;
  const app = createApp({ db, config, clock: () => now, manifest: await testManifest(), logger: opts.logger, shareImages: opts.shareImages }, { distDir });
  return {
    app, db, config,
    /** The app's clock (what `setNow` moves). */
    clock: () => now,
    setNow(d: Date) { now = d; },
    /** Sends a request as a same-origin browser would (Origin header on writes). */
    request(method: string, path: string, init: { body?: unknown; cookie?: string | null; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.cookie) headers.cookie = init.cookie;
      if (method !== "GET" && method !== "HEAD" && !("origin" in headers)) headers.origin = ORIGIN;
      let body: BodyInit | undefined;
      if (init.body !== undefined) {
        headers["content-type"] ??= "application/json";
        body = JSON.stringify(init.body);
      }
      if (!opts.strict) everythingChanged();
      return app.handle(new Request(ORIGIN + path, { method, headers, body }));
    },
    /** A session cookie for the live user with this email, made the way login makes one. */
    async cookieFor(email: string): Promise<string> {
      return sessionCookie(db, config, email, now);
    },
  };
}

export async function sessionCookie(db: Db, config: Config, email: string, now: Date = TEST_NOW): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  const s = await createSession(db, { userId: user.id, now });
  const token = await new SignJWT({ sid: s.id, sec: s.secret })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(config.jwtSecret));
  return `${SESSION_COOKIE}=${token}`;
}
