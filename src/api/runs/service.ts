// Creating, changing and deleting runs (SPEC §4-§7). Plain functions of the database, the
// acting person and the parsed input; every refusal is a DomainError with SPEC's message.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  challengeModeRuns, completionModes, desertPerpetualRuns, factions, games, raidDifficulties, raidRuns, raids,
  runClassRestrictions, serviceTypes, wowClassSpecs,
} from "../../../db/schema";
import { canActOnRun, isStaff } from "../../domain/permissions";
import { DomainError } from "../../domain/errors";
import { scheduledToInstant } from "../../domain/time";
import { FEATS, GAME_IDS, type RunKind, type RunStatus, type Timezone } from "../../shared/enums";
import {
  RUN_SCHEMAS, RUN_TITLES, runKindForSlug, type ChallengeRunInput, type DesertRunInput, type RaidRunInput,
  type RunInputOf, type RunPatchOf,
} from "../../shared/schemas/runs";
import type { AnyRun, RunOfKind } from "../../shared/runs";
import type { Viewer } from "../../shared/types";
import { T } from "../../shared/text";
import { assignedGameIds, findBooster, lockBoosterAccount } from "../boosters/service";
import { transact } from "../transaction";
import { findRun } from "./queries";
import { publicChanged } from "../../public/feed";
import { announce, type Site } from "../../announce/outbox";
import { auditBy, type AuditContext } from "../audit/record";
import { auditRun } from "./audit";

const V = T.validation;


export const TABLES = { raid: raidRuns, challenge: challengeModeRuns, desert: desertPerpetualRuns } as const;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Staff act on every run; a booster needs a booster record. Everyone else: 403. */
export function assertMayWrite(actor: Viewer): void {
  if (isStaff(actor)) return;
  if (actor.role === "booster" && actor.boosterRecordId) return;
  throw new DomainError("forbidden", V.forbidden);
}

/** The game must exist and be a game of this run kind (its slug picks the kind). */
export async function gameFor(db: Db | Tx, kind: RunKind, gameId: number): Promise<{ id: number; prefix: string | null; slug: string }> {
  const [game] = await db.select({ id: games.id, prefix: games.prefix, slug: games.slug }).from(games).where(eq(games.id, gameId));
  if (!game || runKindForSlug(game.slug) !== kind) throw new DomainError("invalid", V.gameRequired);
  return game;
}

/**
 * Whose run it is: a booster always writes their own record (whatever the request says);
 * staff name a live booster ('Booster is required', 'Selected booster not found').
 */
export async function resolveBooster(db: Db, actor: Viewer, requested: number | null | undefined): Promise<number> {
  if (!isStaff(actor)) return actor.boosterRecordId!;
  if (requested == null) throw new DomainError("invalid", V.boosterRequired);
  if (!(await findBooster(db, requested))) throw new DomainError("invalid", V.boosterNotFound);
  return requested;
}

/** A booster may act only in games assigned to them (SPEC §6); staff everywhere. */
export async function assertCanAct(db: Db, actor: Viewer, run: { boosterId: number; gameId: number }): Promise<void> {
  const assigned = isStaff(actor) ? [] : await assignedGameIds(db, actor.boosterRecordId!);
  if (!canActOnRun(actor, run, assigned)) throw new DomainError("forbidden", V.forbidden);
}

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

function startsAt(input: { scheduledDate: string; timezone: Timezone }): Date {
  const at = scheduledToInstant(input.scheduledDate, input.timezone);
  if (!at) throw new DomainError("invalid", T.runForm.scheduledInvalid);
  return at;
}

/** Column values of a run kind's row from its validated input (titles are fixed, SPEC §9). */
export function rowValues<K extends RunKind>(kind: K, input: RunInputOf<K>, boosterId: number) {
  const base = {
    gameId: input.gameId, boosterId, startsAt: startsAt(input), timezone: input.timezone, title: RUN_TITLES[kind],
  };
  if (kind === "raid") {
    const r = input as RaidRunInput;
    return {
      ...base, region: r.region, raidId: r.raidId, difficulty: r.difficulty, factionId: r.factionId,
      completionModeId: r.completionModeId, gameplayType: r.gameplayType,
      ...(r.crossRealmAvailable !== undefined ? { crossRealmAvailable: r.crossRealmAvailable } : {}),
    };
  }
  if (kind === "challenge") {
    const c = input as ChallengeRunInput;
    return { ...base, faction: c.faction, completionMode: c.completionMode };
  }
  const d = input as DesertRunInput;
  // Stored in the five feats' own order, without repeats.
  const feats = FEATS.filter((f) => d.feats?.includes(f)).map(String);
  return { ...base, completionType: d.completionType, feats };
}

/** In the write's transaction, before any row changes: the booster's account must be active and live (409). */
export async function assertBoosterCanRun(tx: Tx, boosterId: number): Promise<void> {
  if (!(await lockBoosterAccount(tx, boosterId))) throw new DomainError("conflict", V.boosterInactive);
}

async function writeRestrictions(tx: Tx, runId: number, list: RaidRunInput["classRestrictions"]): Promise<void> {
  await tx.delete(runClassRestrictions).where(eq(runClassRestrictions.runId, runId));
  if (list?.length) {
    await tx.insert(runClassRestrictions).values(list.map((r) => ({ runId, wowClass: r.wowClass, specs: r.specs, serviceType: r.serviceType })));
  }
}

export async function checkKindReferences<K extends RunKind>(db: Db, kind: K, input: RunInputOf<K>): Promise<void> {
  if (kind === "raid") await checkRaidReferences(db, input as RaidRunInput);
}

/**
 * Creates a run. The display id is the game's prefix and the row id (e.g. 'TDP-12'),
 * written in the insert's transaction, so it is unique however many run at once.
 */
export async function createRun<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, input: RunInputOf<K>, site: Site, audit: AuditContext = auditBy(actor.id),
): Promise<RunOfKind<K>> {
  assertMayWrite(actor);
  const boosterId = await resolveBooster(db, actor, input.boosterId);
  const game = await gameFor(db, kind, input.gameId);
  await assertCanAct(db, actor, { boosterId, gameId: game.id });
  await checkKindReferences(db, kind, input);
  const values = rowValues(kind, input, boosterId);
  // One code path for the three tables: they share the run columns written here.
  const table = TABLES[kind] as typeof raidRuns;
  return transact(db, async (tx) => {
    await assertBoosterCanRun(tx, boosterId);
    const [row] = await tx.insert(table).values(values as typeof raidRuns.$inferInsert).returning({ id: table.id });
    const prefix = game.prefix || "RUN";
    await tx.update(table).set({ displayId: `${prefix}-${row!.id}` }).where(eq(table.id, row!.id));
    if (kind === "raid") await writeRestrictions(tx, row!.id, (input as RaidRunInput).classRestrictions);
    await publicChanged(tx);
    await announce(tx, site, { kind, id: row!.id });
    return (await auditRun(tx, audit, kind, row!.id, null))!;
  });
}

/** The stored run as a create payload, so a partial PATCH can be merged onto it. */
export function asInput(run: AnyRun): Record<string, unknown> {
  const base = { gameId: run.gameId, boosterId: run.boosterId, timezone: run.timezone, scheduledDate: run.scheduledDate };
  switch (run.kind) {
    case "raid":
      return {
        ...base, region: run.region, raidId: run.raidId, difficulty: run.difficulty, factionId: run.factionId,
        completionModeId: run.completionModeId ?? undefined, gameplayType: run.gameplayType ?? undefined,
        classRestrictions: run.classRestrictions.length ? run.classRestrictions : null,
        crossRealmAvailable: run.crossRealmAvailable,
      };
    case "challenge":
      return { ...base, faction: run.faction, completionMode: run.completionMode };
    case "desert":
      return { ...base, completionType: run.completionType, feats: run.feats };
  }
}

/** Another booster's run is 'not found' to a booster: they cannot even learn it exists. */
export async function loadForActor<K extends RunKind>(db: Db, actor: Viewer, kind: K, id: number): Promise<RunOfKind<K>> {
  const run = await findRun(db, kind, id);
  if (!run || (!isStaff(actor) && run.boosterId !== actor.boosterRecordId)) throw new DomainError("not_found", V.notFound);
  await assertCanAct(db, actor, run);
  return run;
}

/**
 * Changes a run: the PATCH body is merged onto the stored run and validated whole. Only
 * staff may set the status; a raid run's class restrictions are replaced when given.
 */
export async function updateRun<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, id: number, patch: RunPatchOf<K>, site: Site, audit: AuditContext = auditBy(actor.id),
): Promise<RunOfKind<K>> {
  assertMayWrite(actor);
  const current = await loadForActor(db, actor, kind, id);
  const { status, ...changes } = patch as RunPatchOf<K> & { status?: RunStatus };
  if (status !== undefined && !isStaff(actor)) throw new DomainError("forbidden", V.forbidden);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const merged = RUN_SCHEMAS[kind].safeParse({ ...asInput(current), ...defined });
  if (!merged.success) throw new DomainError("invalid", merged.error.issues[0]?.message ?? V.invalidRequest);
  const input = merged.data as RunInputOf<K>;
  const boosterId = "boosterId" in defined || !isStaff(actor) ? await resolveBooster(db, actor, input.boosterId) : current.boosterId;
  const game = await gameFor(db, kind, input.gameId);
  await assertCanAct(db, actor, { boosterId, gameId: game.id });
  await checkKindReferences(db, kind, input);
  const values = { ...rowValues(kind, input, boosterId), ...(status ? { status } : {}) } as Partial<typeof raidRuns.$inferInsert>;
  const table = TABLES[kind] as typeof raidRuns;
  return transact(db, async (tx) => {
    await assertBoosterCanRun(tx, boosterId);
    await tx.update(table).set({ ...values, updatedAt: sql`now()`, revision: sql`${table.revision} + 1` }).where(eq(table.id, id));
    if (kind === "raid" && "classRestrictions" in changes) {
      await writeRestrictions(tx, id, (input as RaidRunInput).classRestrictions);
    }
    await publicChanged(tx);
    await announce(tx, site, { kind, id, before: current });
    return (await auditRun(tx, audit, kind, id, current))!;
  });
}

/** Deletes a run (its class restrictions go with it). */
export async function deleteRun(
  db: Db, actor: Viewer, kind: RunKind, id: number, site: Site, audit: AuditContext = auditBy(actor.id),
): Promise<{ id: number }> {
  assertMayWrite(actor);
  const before = await loadForActor(db, actor, kind, id);
  const table = TABLES[kind] as typeof raidRuns;
  await db.transaction(async (tx) => {
    await tx.delete(table).where(eq(table.id, id));
    await publicChanged(tx);
    await announce(tx, site, { kind, id, before, deleted: true });
    await auditRun(tx, audit, kind, id, before, true);
  });
  return { id };
}
