import { beforeAll, describe, expect, test } from "bun:test";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import type { FactionRow, RaidRow } from "../../shared/schemas/responses";

let t: TestApp;
beforeAll(async () => {
  await resetDb({ runs: false });
  t = await makeTestApp();
}, 60_000);

const get = async (path: string) => {
  const res = await t.request("GET", path);
  return { status: res.status, body: await res.json() };
};

describe("reference lists for the run forms", () => {
  test("GET /api/raids/{gameId}: the game's raids with difficulties in the fixed order and completion modes", async () => {
    const { status, body } = await get("/api/raids/1");
    expect(status).toBe(200);
    const raids = body as RaidRow[];
    expect(raids.map((r) => r.name)).toEqual(["Mogu'shan Vaults", "Heart of Fear", "Terrace of Endless Spring", "Throne of Thunder", "Siege of Orgrimmar"]);
    expect(raids[0]!.difficulties).toEqual(["normal_10", "heroic_10", "normal_25", "heroic_25"]);
    expect(raids[0]!.completionModes.map((m) => m.name)).toEqual(["Standard", "Full Clear", "Last Boss Only"]);
    expect((await get("/api/raids/5")).body).toEqual([]);
  });

  test("GET /api/raids/{raidId}/completion-modes", async () => {
    const raids = (await get("/api/raids/1")).body as RaidRow[];
    const { body } = await get(`/api/raids/${raids[1]!.id}/completion-modes`);
    expect(body).toEqual(raids[1]!.completionModes);
  });

  test("GET /api/factions/{gameId}?region= filters to the region", async () => {
    const eu = (await get("/api/factions/1?region=EU")).body as FactionRow[];
    expect(eu.map((f) => `${f.region} ${f.name}`)).toEqual(["EU Alliance", "EU Horde"]);
    const all = (await get("/api/factions/1")).body as FactionRow[];
    expect(all).toHaveLength(4);
    expect((await get("/api/factions/1?region=XX")).status).toBe(400);
  });

  test("GET /api/service-types/{gameId}: raid service types; the challenge game's are its completion modes", async () => {
    expect(((await get("/api/service-types/1")).body as { name: string }[]).map((s) => s.name))
      .toEqual(["Full Gear Priority", "3 Items Guaranteed", "2 Items Guaranteed", "1 Item Guaranteed"]);
    expect(((await get("/api/service-types/4")).body as { name: string }[]).map((s) => s.name))
      .toEqual(["Selfplay & Pilot", "Selfplay Only", "Pilot Only"]);
  });

  test("GET /api/wow-class-specs: rows of class and spec", async () => {
    const rows = (await get("/api/wow-class-specs")).body as { wowClass: string; spec: string }[];
    expect(rows).toContainEqual({ wowClass: "Paladin", spec: "Healer" });
    expect(rows.filter((r) => r.wowClass === "Druid").map((r) => r.spec)).toEqual(["Healer", "Tank", "Caster DPS", "Melee DPS"]);
  });

  test("GET /api/wow-class-specs offers the 13 retail classes, Demon Hunter and Evoker (outside the MoP enum) included", async () => {
    const rows = (await get("/api/wow-class-specs")).body as { wowClass: string; spec: string }[];
    expect([...new Set(rows.map((r) => r.wowClass))].sort()).toEqual([
      "Death Knight", "Demon Hunter", "Druid", "Evoker", "Hunter", "Mage", "Monk", "Paladin", "Priest", "Rogue", "Shaman", "Warlock", "Warrior",
    ]);
    expect(rows.filter((r) => r.wowClass === "Evoker").map((r) => r.spec)).toEqual(["Healer", "Caster DPS"]);
  });

  test("malformed ids are 400, not 500", async () => {
    expect((await get("/api/raids/x")).status).toBe(400);
    expect((await get("/api/service-types/-3")).status).toBe(400);
  });
});
