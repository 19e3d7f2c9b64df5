import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { games } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { GameRow } from "../../shared/types";

let t: TestApp;
// The same database seen by a production-mode app: public pages follow production visibility there.
let prod: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  prod = await makeTestApp({ env: { NODE_ENV: "production" } });
});
beforeEach(async () => { await resetDb(); });

type Actor = "anonymous" | "booster" | "administrator" | "owner";
const EMAIL = { booster: "booster@example.com", administrator: "admin@example.com", owner: "owner@example.com" } as const;
const cookieOf = async (a: Actor) => (a === "anonymous" ? null : t.cookieFor(EMAIL[a]));

const flags = async (id: number) => (await t.db.select().from(games).where(eq(games.id, id)))[0]!;
const order = async () => (await t.db.select({ slug: games.slug }).from(games).orderBy(asc(games.displayOrder), asc(games.id))).map((g) => g.slug);

// New order: D2 and its tool first, then WoW with its two tools swapped.
const NEW_ORDER = [
  { id: 2, displayOrder: 1 }, { id: 5, displayOrder: 2 }, { id: 3, displayOrder: 3 }, { id: 4, displayOrder: 4 }, { id: 1, displayOrder: 5 },
];
const NEW_SLUGS = ["d2", "desert-perpetual-calendar", "wow", "mop-challenge-mode-calendar", "mop-raid-calendar"];
const SEEDED_SLUGS = ["wow", "mop-raid-calendar", "mop-challenge-mode-calendar", "d2", "desert-perpetual-calendar"];

describe("permission matrix: games API", () => {
  const cases: [string, Actor, number][] = [];
  for (const [op, expected] of [
    ["visibility", { anonymous: 401, booster: 403, administrator: 200, owner: 200 }],
    ["dev-visibility", { anonymous: 401, booster: 403, administrator: 403, owner: 200 }],
    ["reorder", { anonymous: 401, booster: 403, administrator: 200, owner: 200 }],
  ] as const) {
    for (const actor of ["anonymous", "booster", "administrator", "owner"] as const) cases.push([op, actor, expected[actor]]);
  }

  test.each(cases)("PATCH %s as %s -> %d", async (op, actor, expected) => {
    const cookie = await cookieOf(actor);
    const res = op === "reorder"
      ? await t.request("PATCH", "/api/games/reorder", { cookie, body: { gameOrders: NEW_ORDER } })
      : await t.request("PATCH", `/api/games/5/${op}`, { cookie, body: op === "visibility" ? { visible: false } : { devVisible: false } });
    expect(res.status).toBe(expected);
    const changed = expected === 200;
    if (op === "reorder") expect(await order()).toEqual(changed ? NEW_SLUGS : SEEDED_SLUGS);
    else if (op === "visibility") expect((await flags(5)).visible).toBe(!changed);
    else expect((await flags(5)).devVisible).toBe(!changed);
    if (!changed) expect(await res.json()).toEqual({ message: expected === 401 ? "Unauthorized" : "Forbidden" });
  });
});

describe("PATCH /api/games/reorder", () => {
  test("the new order persists and the public pages follow it at once", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    const res = await t.request("PATCH", "/api/games/reorder", { cookie, body: { gameOrders: NEW_ORDER } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as GameRow[]).map((g) => g.slug)).toEqual(NEW_SLUGS);
    const pub = (await (await t.request("GET", "/api/games")).json()) as GameRow[];
    expect(pub.map((g) => g.slug)).toEqual(NEW_SLUGS);
    const html = await (await t.request("GET", "/")).text();
    expect(html.indexOf("Destiny")).toBeGreaterThan(-1);
    expect(html.indexOf("Destiny")).toBeLessThan(html.indexOf("World of Warcraft"));
  });

  test("an unknown game or a repeated id changes nothing", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const unknown = await t.request("PATCH", "/api/games/reorder", { cookie, body: { gameOrders: [{ id: 2, displayOrder: 1 }, { id: 999, displayOrder: 2 }] } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: "Game not found" });
    const repeated = await t.request("PATCH", "/api/games/reorder", { cookie, body: { gameOrders: [{ id: 2, displayOrder: 1 }, { id: 2, displayOrder: 2 }] } });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({ message: "Invalid game order" });
    const zero = await t.request("PATCH", "/api/games/reorder", { cookie, body: { gameOrders: [{ id: 2, displayOrder: 0 }] } });
    expect(zero.status).toBe(400);
    expect(await order()).toEqual(SEEDED_SLUGS);
  });
});

describe("visibility", () => {
  test("production visibility rules the public pages in production; dev visibility elsewhere", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    expect((await t.request("PATCH", "/api/games/2/visibility", { cookie, body: { visible: false } })).status).toBe(200);
    const prodHome = await (await prod.request("GET", "/")).text();
    expect(prodHome).not.toContain("Destiny");
    // The dev/test app still shows it (dev visibility is on).
    expect(await (await t.request("GET", "/")).text()).toContain("Destiny");

    const owner = await t.cookieFor("owner@example.com");
    expect((await t.request("PATCH", "/api/games/2/dev-visibility", { cookie: owner, body: { devVisible: false } })).status).toBe(200);
    expect(await (await t.request("GET", "/")).text()).not.toContain("Destiny");
    expect((await t.request("PATCH", "/api/games/2/visibility", { cookie, body: { visible: true } })).status).toBe(200);
    expect(await (await prod.request("GET", "/")).text()).toContain("Destiny");
  });

  test("unknown game 404, bad body 400", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const missing = await t.request("PATCH", "/api/games/999/visibility", { cookie, body: { visible: false } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Game not found" });
    const bad = await t.request("PATCH", "/api/games/2/dev-visibility", { cookie, body: { devVisible: "no" } });
    expect(bad.status).toBe(400);
    expect((await flags(2)).devVisible).toBe(true);
  });
});
