// Bulk seed for the run-list benchmarks: `count` raid runs of game 1 (the demo raid runs
// out), spread from ~10 % in the past to the future an hour apart, every status, region,
// difficulty and booster, two in five with a class restriction. Multi-row inserts of
// 1,000 rows, so 100,000 runs take seconds, not minutes.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boosters, completionModes, factions, raidRuns, raids, runClassRestrictions } from "../../db/schema";
import { CLASS_SPECS } from "../../db/reference";
import { DIFFICULTIES, GAMEPLAY_TYPES, RUN_STATUSES, SERVICE_TYPES } from "../../src/shared/enums";

const BATCH = 1000;

export async function seedRaidRuns(db: Db, count: number, now = Date.now()): Promise<void> {
  await db.delete(raidRuns);
  const raidRows = await db.select({ id: raids.id }).from(raids).where(eq(raids.gameId, 1));
  const factionRows = await db.select().from(factions).where(eq(factions.gameId, 1));
  const modeRows = await db.select().from(completionModes);
  const boosterRows = await db.select({ id: boosters.id }).from(boosters);
  const classes = Object.keys(CLASS_SPECS);
  const past = Math.floor(count / 10);
  for (let start = 0; start < count; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k;
      const region = i % 2 ? "US" as const : "EU" as const;
      const raid = raidRows[i % raidRows.length]!;
      return {
        displayId: `MOP-B${i + 1}`, gameId: 1, boosterId: boosterRows[i % boosterRows.length]!.id,
        difficulty: DIFFICULTIES[i % 4]!, region, raidId: raid.id,
        factionId: factionRows.filter((f) => f.region === region)[i % 2]!.id,
        completionModeId: modeRows.filter((m) => m.raidId === raid.id)[i % 3]!.id,
        gameplayType: GAMEPLAY_TYPES[i % 3]!, startsAt: new Date(now + (i - past) * 3_600_000),
        timezone: region === "EU" ? "CET" as const : "EST" as const, status: RUN_STATUSES[i % 9 === 0 ? 1 + (i % 4) : 0]!,
      };
    });
    const ids = await db.insert(raidRuns).values(values).returning({ id: raidRuns.id });
    const restrictions = ids.filter((_, k) => (start + k) % 5 < 2).map((r, k) => {
      const c = classes[k % classes.length]!;
      return { runId: r.id, wowClass: c, specs: [CLASS_SPECS[c]![0]!], serviceType: SERVICE_TYPES[k % 4]! };
    });
    if (restrictions.length) await db.insert(runClassRestrictions).values(restrictions);
  }
  await db.execute("analyze");
}
