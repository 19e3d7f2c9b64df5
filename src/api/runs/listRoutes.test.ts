import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { AnyRun } from "../../kinds/runs";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); });

const get = async (path: string, cookie?: string) => {
  const res = await t.request("GET", path, { cookie });
  return { status: res.status, body: (await res.json()) as AnyRun[] };
};

describe("public run lists", () => {
  for (const path of ["/api/runs", "/api/challenge-mode-runs", "/api/desert-perpetual-runs", "/api/desert-perpetual-runs/game/5"]) {
    test(`${path}: anonymous callers get available upcoming runs without private fields`, async () => {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((r) => r.status === "available" && new Date(r.startsAt) > TEST_NOW)).toBe(true);
      expect(JSON.stringify(body)).not.toContain("@example.com");
      expect(body.every((r) => r.booster.user === undefined)).toBe(true);
    });
  }

  test("?gameId narrows the list; a hidden game's runs are not public", async () => {
    expect((await get("/api/runs?gameId=4")).body).toEqual([]);
    expect((await get("/api/challenge-mode-runs?gameId=4")).body.length).toBeGreaterThan(0);
    try {
      await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 4));
      expect((await get("/api/challenge-mode-runs")).body).toEqual([]);
    } finally {
      await resetDb();
    }
  });

  test("malformed ids are a 400 JSON error, not a 500", async () => {
    for (const path of ["/api/runs?gameId=abc", "/api/runs?boosterId=-1", "/api/desert-perpetual-runs/game/x", "/api/runs?gameId=99999999999"]) {
      const res = await t.request("GET", path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Invalid id");
    }
  });
});

describe("signed-in run lists", () => {
  test("staff see every run with booster emails, filtered by ?boosterId", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    const all = (await get("/api/runs", cookie)).body;
    expect(all.some((r) => r.status !== "available")).toBe(true);
    expect(all[0]!.booster.user?.email).toMatch(/@example\.com$/);
    const one = all[0]!.boosterId;
    const filtered = (await get(`/api/runs?boosterId=${one}`, cookie)).body;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((r) => r.boosterId === one)).toBe(true);
  });

  test("a booster sees only their own runs, whatever ?boosterId says", async () => {
    const staff = (await get("/api/runs", await t.cookieFor("owner@example.com"))).body;
    const cookie = await t.cookieFor("booster@example.com");
    const mine = (await get("/api/runs", cookie)).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.booster.boosterId))).toEqual(new Set(["BB-1001"]));
    const other = staff.find((r) => r.booster.boosterId === "BB-1002")!;
    const spoofed = (await get(`/api/runs?boosterId=${other.boosterId}`, cookie)).body;
    expect(spoofed.every((r) => r.booster.boosterId === "BB-1001")).toBe(true);
  });
});
