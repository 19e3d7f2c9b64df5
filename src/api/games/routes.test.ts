import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
beforeEach(async () => { await resetDb(); });

describe("GET /api/games", () => {
  test("lists games in display order", async () => {
    const res = await t.request("GET", "/api/games");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { slug: string; displayOrder: number }[];
    expect(body.map((g) => g.slug)).toEqual(["wow", "mop-raid-calendar", "mop-challenge-mode-calendar", "d2", "desert-perpetual-calendar"]);
  });

  test("hides a game with dev visibility off from the public (test env uses dev visibility)", async () => {
    await t.db.update(games).set({ devVisible: false }).where(eq(games.slug, "d2"));
    const body = (await (await t.request("GET", "/api/games")).json()) as { slug: string }[];
    // The hidden parent takes its child with it.
    expect(body.map((g) => g.slug)).toEqual(["wow", "mop-raid-calendar", "mop-challenge-mode-calendar"]);
  });

  test("staff still see hidden games", async () => {
    await t.db.update(games).set({ devVisible: false }).where(eq(games.slug, "d2"));
    const cookie = await t.cookieFor("admin@example.com");
    const body = (await (await t.request("GET", "/api/games", { cookie })).json()) as { slug: string }[];
    expect(body.map((g) => g.slug)).toContain("d2");
  });
});

describe("GET /api/games-hierarchy and /api/games/{slug}/children", () => {
  test("top-level games carry their children in order", async () => {
    const body = (await (await t.request("GET", "/api/games-hierarchy")).json()) as { slug: string; childGames: { slug: string }[] }[];
    expect(body.map((g) => g.slug)).toEqual(["wow", "d2"]);
    expect(body[0]!.childGames.map((c) => c.slug)).toEqual(["mop-raid-calendar", "mop-challenge-mode-calendar"]);
  });

  test("children of a slug, 404 JSON for an unknown slug", async () => {
    const res = await t.request("GET", "/api/games/d2/children");
    expect(((await res.json()) as { slug: string }[]).map((c) => c.slug)).toEqual(["desert-perpetual-calendar"]);
    const missing = await t.request("GET", "/api/games/nope/children");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found" });
  });

  test("an over-long slug is a 400 with a JSON message, not a 500", async () => {
    const res = await t.request("GET", `/api/games/${"x".repeat(300)}/children`);
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { message: string }).message).toBe("string");
  });

  test("an unknown API path is a JSON 404", async () => {
    const res = await t.request("GET", "/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
