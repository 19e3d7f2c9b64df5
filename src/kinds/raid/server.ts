// The WoW raid kind's database part: table, list (with its raid, faction, mode and class
// restrictions), row values, reference checks, the class restrictions' rows, search,
// filters and sorts.
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import {
  completionModes, factions, raidDifficulties, raidRuns, raids, runClassRestrictions, serviceTypes, wowClassSpecs,
} from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import { DIFFICULTIES, type Difficulty, GAME_IDS } from "../../shared/enums";
import type { RaidRunInput } from "./schemas";
import { T } from "../../shared/text";
import { anyOf, base, booster, boostersMatching, boosterWith, gameWith, type ChildRows, contains, type ServerKind, where } from "../serverRows";
import type { Db } from "../../../db/client";
import { listFactions, listRaids } from "../../api/reference/queries";
import type { RaidRefs } from "./filters";

const t = raidRuns;
const V = T.validation;

/** The raid form's choices must fit together: raid of the game, its difficulty and mode, a faction of the region. */
async function checkRaidReferences(db: Db, input: RaidRunInput): Promise<void> {
  const [raid, difficulty, faction, mode, specs, services] = await Promise.all([
    db.select({ id: raids.id }).from(raids).where(and(eq(raids.id, input.raidId), eq(raids.gameId, input.gameId))),
    db.select({ id: raidDifficulties.id }).from(raidDifficulties)
      .where(and(eq(raidDifficulties.raidId, input.raidId), eq(raidDifficulties.difficulty, input.difficulty))),
    db.select({ id: factions.id }).from(factions)
      .where(and(eq(factions.id, input.factionId), eq(factions.gameId, input.gameId), eq(factions.region, input.region))),
    db.select({ id: completionModes.id }).from(completionModes)
      .where(and(eq(completionModes.id, input.completionModeId), eq(completionModes.raidId, input.raidId))),
    input.classRestrictions?.length ? db.select({ wowClass: wowClassSpecs.wowClass, spec: wowClassSpecs.spec }).from(wowClassSpecs) : [],
    input.classRestrictions?.length ? db.select({ name: serviceTypes.name }).from(serviceTypes).where(eq(serviceTypes.gameId, GAME_IDS.raid)) : [],
  ]);
  if (!raid.length) throw new DomainError("invalid", V.raidRequired);
  if (!difficulty.length) throw new DomainError("invalid", V.difficultyRequired);
  if (!faction.length) throw new DomainError("invalid", V.factionRequired);
  if (!mode.length) throw new DomainError("invalid", V.completionModeRequired);
  const known = new Set(specs.map((s) => `${s.wowClass}\u0000${s.spec}`));
  const serviceNames = new Set(services.map((s) => s.name));
  const seen = new Set<string>();
  for (const r of input.classRestrictions ?? []) {
    if (seen.has(r.wowClass) || !r.specs.every((spec) => known.has(`${r.wowClass}\u0000${spec}`))) {
      throw new DomainError("invalid", T.runForm.unknownClass);
    }
    seen.add(r.wowClass);
    if (!serviceNames.has(r.serviceType)) throw new DomainError("invalid", V.serviceTypeRequired);
  }
}

async function raidsMatching(db: Db, p: string): Promise<number[]> {
  return (await db.select({ id: raids.id }).from(raids).where(ilike(raids.name, p))).map((r) => r.id);
}

/** A raid run's class restrictions (none: all classes). */
const classRestrictions: ChildRows<RaidRunInput> = {
  table: runClassRestrictions,
  runId: runClassRestrictions.runId,
  async insert(tx, runIds, input) {
    const list = input.classRestrictions ?? [];
    if (!list.length) return;
    await tx.insert(runClassRestrictions).values(runIds.flatMap((runId) => list.map((r) => ({ runId, wowClass: r.wowClass, specs: r.specs, serviceType: r.serviceType }))));
  },
};

export const raidServer: ServerKind<"raid", RaidRunInput> = {
  table: t,
  async list(db, f, now) {
    const rows = await db.query.raidRuns.findMany({
      where: where(t, f),
      orderBy: [asc(t.startsAt), asc(t.id)],
      with: {
        raid: { columns: { name: true } },
        faction: { columns: { name: true } },
        completionMode: { columns: { name: true } },
        booster: boosterWith,
        game: gameWith,
        classRestrictions: { columns: { wowClass: true, specs: true, serviceType: true }, orderBy: (c, { asc }) => [asc(c.id)] },
      },
    });
    const isPublic = !!f.publicAt;
    return rows.map((r) => ({
      kind: "raid" as const, ...base(r, now), booster: booster(r.booster, isPublic),
      difficulty: r.difficulty, crossRealmAvailable: r.crossRealmAvailable, region: r.region,
      raidId: r.raidId, raid: r.raid, factionId: r.factionId, faction: r.faction,
      completionModeId: r.completionModeId, completionMode: r.completionMode ?? null,
      gameplayType: r.gameplayType, classRestrictions: r.classRestrictions,
    }));
  },
  rowValues: (r) => ({
    region: r.region, raidId: r.raidId, difficulty: r.difficulty, factionId: r.factionId,
    completionModeId: r.completionModeId, gameplayType: r.gameplayType,
    ...(r.crossRealmAvailable !== undefined ? { crossRealmAvailable: r.crossRealmAvailable } : {}),
  }),
  checkReferences: checkRaidReferences,
  async calendarRefs(db, gameId): Promise<RaidRefs> {
    const [raidRows, factionRows] = await Promise.all([listRaids(db, gameId), listFactions(db, gameId)]);
    return {
      raids: raidRows.map((r) => ({ id: r.id, name: r.name, slug: r.slug })),
      factions: factionRows.map((x) => ({ name: x.name, region: x.region })),
    };
  },
  /** The class restrictions are replaced on create, and on update when the body names them. */
  async afterWrite(tx, runId, input, changes) {
    if (changes && !("classRestrictions" in changes)) return;
    await tx.delete(runClassRestrictions).where(eq(runClassRestrictions.runId, runId));
    await classRestrictions.insert(tx, [runId], input);
  },
  children: classRestrictions,
  insights: {
    dimensions: [
      { name: "raid", value: sql`${raids.name}` },
      {
        name: "difficulty", value: sql`${t.difficulty}::text`,
        label: (key) => T.labels.difficulty[key as Difficulty] ?? key, rank: (key) => DIFFICULTIES.indexOf(key as Difficulty),
      },
    ],
    joins: [{ table: raids, on: eq(raids.id, t.raidId) }],
  },
  async search(db, p) {
    const [raidIds, boosterIds] = await Promise.all([raidsMatching(db, p), boostersMatching(db, p)]);
    return or(contains(t.displayId, p), anyOf(t.raidId, raidIds), anyOf(t.boosterId, boosterIds))!;
  },
  filters: { region: (v) => eq(t.region, v), difficulty: (v) => eq(t.difficulty, v) },
  sorts: {
    region: () => ({ values: [sql`${t.region}::text`] }),
    raid: () => ({ values: [sql`${raids.name}`, sql`${t.difficulty}::text`], joins: [{ table: raids, on: eq(raids.id, t.raidId) }] }),
    modes: () => ({
      values: [sql`coalesce(${completionModes.name}, ${T.calendar.standard})`, sql`${t.gameplayType}::text`],
      joins: [{ table: completionModes, on: eq(completionModes.id, t.completionModeId), left: true }],
    }),
    faction: () => ({ values: [sql`${factions.name}`], joins: [{ table: factions, on: eq(factions.id, t.factionId) }] }),
  },
};
