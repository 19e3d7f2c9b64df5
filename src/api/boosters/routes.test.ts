import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, users } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { BoosterListItem, CurrentBooster } from "../../shared/schemas/responses";

let t: TestApp;
let b1: number;
let b2: number;
beforeAll(async () => {
  await resetDb({ runs: false });
  t = await makeTestApp();
  const rows = await t.db.select({ id: boosters.id, code: boosters.boosterId }).from(boosters);
  b1 = rows.find((r) => r.code === "BB-1001")!.id;
  b2 = rows.find((r) => r.code === "BB-1002")!.id;
}, 60_000);

const get = async (path: string, email?: string) => {
  const res = await t.request("GET", path, { cookie: email ? await t.cookieFor(email) : null });
  return { status: res.status, body: await res.json() };
};

describe("GET /api/users/boosters", () => {
  test.each([
    ["owner@example.com", 200], ["admin@example.com", 200], ["booster@example.com", 403], [undefined, 401],
  ] as const)("as %s -> %d", async (email, status) => {
    expect((await get("/api/users/boosters", email)).status).toBe(status);
  });

  test("lists each live booster with nickname, email and assigned games", async () => {
    const list = (await get("/api/users/boosters", "admin@example.com")).body as BoosterListItem[];
    expect(list.map((b) => b.boosterId)).toEqual(["BB-1001", "BB-1002"]);
    expect(list[0]!.user).toMatchObject({ nickname: "Frostbolt", email: "booster@example.com" });
    expect(list[0]!.boosterGames.map((g) => g.gameId)).toEqual([1, 3, 4]);
  });
});

describe("GET /api/current-booster", () => {
  test("a booster gets their record; staff (no booster record) get 404; anonymous 401", async () => {
    const me = (await get("/api/current-booster", "booster2@example.com")).body as CurrentBooster;
    expect(me).toMatchObject({ id: b2, boosterId: "BB-1002", user: { nickname: "Sunfire" } });
    expect((await get("/api/current-booster", "owner@example.com")).status).toBe(404);
    expect((await get("/api/current-booster")).status).toBe(401);
  });
});

describe("GET /api/boosters/{id}/games", () => {
  test("staff see anyone's games; a booster only their own", async () => {
    const games = (await get(`/api/boosters/${b1}/games`, "owner@example.com")).body as { slug: string }[];
    expect(games.map((g) => g.slug)).toEqual(["wow", "mop-raid-calendar", "mop-challenge-mode-calendar"]);
    expect((await get(`/api/boosters/${b1}/games`, "booster@example.com")).status).toBe(200);
    expect((await get(`/api/boosters/${b2}/games`, "booster@example.com")).status).toBe(403);
    expect((await get("/api/boosters/99999/games", "admin@example.com")).status).toBe(404);
  });

  test("a deleted booster is not listed", async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, "booster2@example.com"));
    const list = (await get("/api/users/boosters", "owner@example.com")).body as BoosterListItem[];
    expect(list.map((b) => b.boosterId)).toEqual(["BB-1001"]);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.email, "booster2@example.com"));
  });
});
