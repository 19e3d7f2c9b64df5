import { beforeAll, describe, expect, test } from "bun:test";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { boosterGames, boosters, challengeModeRuns, completionModes, desertPerpetualRuns, factions, games, raidRuns, raids, users, wowClassSpecs } from "./schema";
import { seedAll } from "./seed";
import { CLASS_SPECS } from "./reference";
import { resetDb, TEST_NOW, TEST_PASSWORD } from "../src/testing/db";

let db: Db;
beforeAll(async () => { db = (await resetDb()).db; });

const n = async (t: any): Promise<number> => (await db.select({ n: count() }).from(t))[0]!.n;

describe("seed", () => {
  test("the game hierarchy has its fixed ids (1-5), slugs and prefixes", async () => {
    const rows = await db.select().from(games).orderBy(games.id);
    expect(rows.map((g) => [g.id, g.slug, g.parentGameId, g.prefix])).toEqual([
      [1, "mop-raid-calendar", 3, "MOP"], [2, "d2", null, "D2"], [3, "wow", null, "WOW"],
      [4, "mop-challenge-mode-calendar", 3, "CM"], [5, "desert-perpetual-calendar", 2, "TDP"],
    ]);
    expect(rows.every((g) => g.description && g.imageUrl)).toBe(true);
  });

  test("reference data: five MoP raids, factions in both regions, class specs", async () => {
    expect((await db.select({ name: raids.name }).from(raids).orderBy(raids.id)).map((r) => r.name)).toEqual([
      "Mogu'shan Vaults", "Heart of Fear", "Terrace of Endless Spring", "Throne of Thunder", "Siege of Orgrimmar",
    ]);
    const f = await db.select().from(factions);
    expect(new Set(f.map((x) => x.region))).toEqual(new Set(["EU", "US"]));
    expect(await n(wowClassSpecs)).toBeGreaterThan(20);
  });

  test("demo accounts with argon2id hashes; the two boosters have ids and games", async () => {
    const u = await db.select().from(users).orderBy(users.id);
    expect(u.map((x) => x.email)).toEqual(["owner@example.com", "admin@example.com", "booster@example.com", "booster2@example.com"]);
    expect(u.every((x) => x.passwordHash?.startsWith("$argon2id$"))).toBe(true);
    expect(await Bun.password.verify(TEST_PASSWORD, u[0]!.passwordHash!)).toBe(true);
    const b = await db.select().from(boosters).orderBy(boosters.id);
    expect(b.map((x) => x.boosterId)).toEqual(["BB-1001", "BB-1002"]);
    expect(await db.select().from(boosterGames).where(eq(boosterGames.boosterId, b[0]!.id))).toHaveLength(3);
  });

  test("demo runs of all three kinds over the next 14 days, both regions, all factions, most available", async () => {
    const runs = await db.select().from(raidRuns);
    const horizon = TEST_NOW.getTime() + 15 * 86_400_000;
    expect(runs.every((r) => r.startsAt.getTime() < horizon)).toBe(true);
    expect(new Set(runs.map((r) => r.region))).toEqual(new Set(["EU", "US"]));
    expect(new Set(runs.map((r) => r.factionId)).size).toBe(4);
    expect(runs.filter((r) => r.status === "available").length / runs.length).toBeGreaterThan(0.7);
    expect(runs.every((r) => /^MOP-\d+$/.test(r.displayId!))).toBe(true);
    // Valid for the run form: a completion mode of the run's own raid and a gameplay type.
    const modes = await db.select().from(completionModes);
    expect(runs.filter((r) => r.gameplayType === null || !modes.some((m) => m.id === r.completionModeId && m.raidId === r.raidId))
      .map((r) => r.displayId)).toEqual([]);
    expect(await n(challengeModeRuns)).toBeGreaterThan(0);
    expect(await n(desertPerpetualRuns)).toBeGreaterThan(0);
  });

  test("demo runs show every state of places: not tracked, open with some taken, 1-2 left, and full", async () => {
    const all = [
      ...await db.select({ spots: raidRuns.spots, taken: raidRuns.spotsTaken, status: raidRuns.status }).from(raidRuns),
      ...await db.select({ spots: challengeModeRuns.spots, taken: challengeModeRuns.spotsTaken, status: challengeModeRuns.status }).from(challengeModeRuns),
      ...await db.select({ spots: desertPerpetualRuns.spots, taken: desertPerpetualRuns.spotsTaken, status: desertPerpetualRuns.status }).from(desertPerpetualRuns),
    ].filter((r) => r.status === "available");
    const tracked = all.filter((r) => r.spots !== null);
    expect(tracked.every((r) => r.spots! >= 5 && r.spots! <= 20 && r.taken >= 0 && r.taken <= r.spots!)).toBe(true);
    expect(all.filter((r) => r.spots === null).every((r) => r.taken === 0)).toBe(true);
    const share = (f: (r: (typeof all)[number]) => boolean) => all.filter(f).length / all.length;
    expect(share((r) => r.spots === null)).toBeGreaterThan(0.05);
    expect(share((r) => r.spots !== null && r.taken === r.spots)).toBeGreaterThan(0.05);
    expect(share((r) => r.spots !== null && r.spots - r.taken >= 1 && r.spots - r.taken <= 2)).toBeGreaterThan(0.05);
    expect(share((r) => r.spots !== null && r.spots - r.taken > 2 && r.taken > 0)).toBeGreaterThan(0.3);
  });

  test("seeding again changes nothing (idempotent)", async () => {
    const before = [await n(games), await n(users), await n(raidRuns), await n(raids), await n(factions)];
    await seedAll(db, { password: TEST_PASSWORD, now: TEST_NOW });
    expect([await n(games), await n(users), await n(raidRuns), await n(raids), await n(factions)]).toEqual(before);
  });

  test("migration 0011 adds Demon Hunter and Evoker to a database seeded before them, and leaves an unseeded one to the seed", async () => {
    const migration = sql.raw(await Bun.file(new URL("./migrations/0011_retail_wow_classes.sql", import.meta.url)).text());
    const newcomers = inArray(wowClassSpecs.wowClass, ["Demon Hunter", "Evoker"]);
    try {
      await db.delete(wowClassSpecs).where(newcomers);
      await db.execute(migration);
      expect((await db.select().from(wowClassSpecs).where(newcomers)).map((r) => `${r.wowClass}: ${r.spec}`).sort())
        .toEqual(["Demon Hunter: Melee DPS", "Demon Hunter: Tank", "Evoker: Caster DPS", "Evoker: Healer"]);
      await db.execute(migration); // again: nothing twice
      expect(await n(wowClassSpecs)).toBe(Object.values(CLASS_SPECS).flat().length);
      await db.delete(wowClassSpecs);
      await db.execute(migration);
      expect(await n(wowClassSpecs)).toBe(0);
    } finally {
      db = (await resetDb()).db;
    }
  });
});
