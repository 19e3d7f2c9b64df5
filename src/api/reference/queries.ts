// Reference data the run forms choose from: raids with their difficulties and
// completion modes, factions per region, service types, class/spec rows. Active rows only.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CompletionModeRow, RaidRow, FactionRow, ServiceTypeRow, ClassSpecRow } from "../../shared/schemas/responses";
import { completionModes, factions, raids, serviceTypes, wowClassSpecs } from "../../../db/schema";
import { DIFFICULTIES, type Difficulty, type Region } from "../../shared/enums";


const difficultyOrder = (d: Difficulty) => DIFFICULTIES.indexOf(d);

/** A game's raids, each with its difficulties and completion modes, in one query. */
export async function listRaids(db: Db, gameId: number): Promise<RaidRow[]> {
  const rows = await db.query.raids.findMany({
    where: and(eq(raids.gameId, gameId), eq(raids.isActive, true)),
    orderBy: [asc(raids.id)],
    columns: { id: true, gameId: true, name: true, slug: true },
    with: {
      difficulties: { columns: { difficulty: true }, where: (d, { eq }) => eq(d.isActive, true) },
      completionModes: { columns: { id: true, raidId: true, name: true }, where: (c, { eq }) => eq(c.isActive, true), orderBy: (c, { asc }) => [asc(c.id)] },
    },
  });
  return rows.map((r) => ({
    ...r,
    difficulties: r.difficulties.map((d) => d.difficulty).sort((a, b) => difficultyOrder(a) - difficultyOrder(b)),
  }));
}

export async function listCompletionModes(db: Db, raidId: number): Promise<CompletionModeRow[]> {
  return db.select({ id: completionModes.id, raidId: completionModes.raidId, name: completionModes.name })
    .from(completionModes)
    .where(and(eq(completionModes.raidId, raidId), eq(completionModes.isActive, true)))
    .orderBy(asc(completionModes.id));
}

export async function listFactions(db: Db, gameId: number, region?: Region): Promise<FactionRow[]> {
  return db.select({ id: factions.id, gameId: factions.gameId, name: factions.name, region: factions.region })
    .from(factions)
    .where(and(eq(factions.gameId, gameId), eq(factions.isActive, true), region ? eq(factions.region, region) : undefined))
    .orderBy(asc(factions.region), asc(factions.name));
}

export async function listServiceTypes(db: Db, gameId: number): Promise<ServiceTypeRow[]> {
  return db.select({ id: serviceTypes.id, name: serviceTypes.name })
    .from(serviceTypes)
    .where(and(eq(serviceTypes.gameId, gameId), eq(serviceTypes.isActive, true)))
    .orderBy(asc(serviceTypes.id));
}

export async function listClassSpecs(db: Db): Promise<ClassSpecRow[]> {
  return db.select({ wowClass: wowClassSpecs.wowClass, spec: wowClassSpecs.spec })
    .from(wowClassSpecs)
    .orderBy(asc(wowClassSpecs.id));
}
