// Every protected API route refuses (401 anonymous, 403 wrong role) before
// it parses or validates the body, so a refused caller never learns a field rule. The
// routes come from the app itself: a new route is covered without editing this file.
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { T } from "../shared/text";

let t: TestApp;
let boosterCookie: string;
let pendingCookie: string;
beforeAll(async () => {
  await resetDb();
  t = await makeTestApp();
  boosterCookie = await t.cookieFor("booster@example.com");
  await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster2@example.com"));
  pendingCookie = await t.cookieFor("booster2@example.com");
}, 60_000); // the first test app builds the island bundle

// Routes anyone may call (they validate their input for everyone). Any other /api route
// must carry an access rule of the session plugin.
const PUBLIC = new Set([
  "GET /api/games", "GET /api/games-hierarchy", "GET /api/games/:slug/children",
  "GET /api/runs", "GET /api/challenge-mode-runs", "GET /api/desert-perpetual-runs", "GET /api/desert-perpetual-runs/game/:gameId",
  "GET /api/raids/:id", "GET /api/raids/:id/completion-modes", "GET /api/factions/:id", "GET /api/service-types/:id", "GET /api/wow-class-specs",
  "POST /api/auth/login", "POST /api/auth/logout", "GET /api/login", "GET /api/callback",
  "GET /api/validate-invite/:token", "GET /api/invites/:token", "POST /api/accept-invite/:token", "POST /api/auth/register/:token",
  "GET /api/openapi.json", "GET /api/docs",
  "POST /api/auth/reset/:token",
  // The storefront's order webhook: no session, a signature over the body instead (its own tests).
  "POST /api/storefront/orders",
  // Visitor alerts: anyone may ask; the confirmation mail is the consent (their own tests).
  "POST /api/alerts",
]);

type ApiRoute = { key: string; method: string; path: string; roles: string[] | null; pendingAllowed: boolean };

function apiRoutes(): ApiRoute[] {
  return t.app.routes
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => {
      const tag = (r.hooks.detail?.tags ?? []).find((x: string) => x.startsWith("access:"));
      const [roles, flag] = tag ? tag.slice("access:".length).split(";") : [];
      return { key: `${r.method} ${r.path}`, method: r.method, path: r.path, roles: roles ? roles.split(",") : null, pendingAllowed: flag === "pending" };
    });
}

const protectedRoutes = () => apiRoutes().filter((r) => !PUBLIC.has(r.key));

// Bodies and parameters that fail parsing or validation on every route.
const BAD_BODIES = ['{"nickname":', '{"nickname":1,"gameOrders":"x","visible":"x","email":2}'];
const badUrl = (path: string) => `${path.replace(/:[^/]+/g, "x")}?gameId=x&boosterId=x`;

function send(route: ApiRoute, body: string, cookie: string | null) {
  const hasBody = route.method !== "GET" && route.method !== "HEAD";
  return t.app.handle(new Request(`${ORIGIN}${badUrl(route.path)}`, {
    method: route.method, body: hasBody ? body : undefined,
    headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  }));
}

describe("authorization comes before parsing and validation", () => {
  test("every API route is public on purpose or carries an access rule", () => {
    const unguarded = apiRoutes().filter((r) => !PUBLIC.has(r.key) && !r.roles).map((r) => r.key);
    expect(unguarded).toEqual([]);
    expect(protectedRoutes().length).toBeGreaterThan(20);
  });

  test("anonymous callers get 401 on every protected route, whatever the body", async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes()) {
      for (const body of BAD_BODIES) {
        const res = await send(route, body, null);
        const json = await res.json() as { message?: string };
        if (res.status !== 401 || json.message !== T.validation.unauthorized) wrong.push(`${route.key} ${res.status} ${json.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("a booster gets 403 on every route that needs another role, whatever the body", async () => {
    const staffOnly = protectedRoutes().filter((r) => r.roles && !r.roles.includes("booster"));
    expect(staffOnly.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const route of staffOnly) {
      for (const body of BAD_BODIES) {
        const res = await send(route, body, boosterCookie);
        const json = await res.json() as { message?: string };
        if (res.status !== 403 || json.message !== T.validation.forbidden) wrong.push(`${route.key} ${res.status} ${json.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("a pending account gets 403 on every route but profile completion, whatever the body", async () => {
    const activeOnly = protectedRoutes().filter((r) => r.roles && !r.pendingAllowed);
    expect(activeOnly.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of activeOnly) {
      for (const body of BAD_BODIES) {
        const res = await send(route, body, pendingCookie);
        if (res.status !== 403) wrong.push(`${route.key} ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
