// Creating, changing and deleting runs. Plain functions of the database, the
// acting person and the parsed input; every refusal is a DomainError with the catalogue's message.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { canActOnRun, isStaff } from "../../domain/permissions";
import { DomainError } from "../../domain/errors";
import { scheduledToInstant } from "../../domain/time";
import type { RunKind, RunStatus, Timezone } from "../../shared/enums";
import { INPUT_SCHEMAS, type RunInputOf, type RunPatchOf } from "../../kinds/schemas";
import { capacityIssue } from "../../shared/schemas/runFields";
import type { AnyRun, RunOfKind } from "../../kinds/runs";
import { RUN_KINDS, runKindForSlug } from "../../kinds/registry";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { RunTable, ServerKind, Tx } from "../../kinds/serverRows";
import type { Viewer } from "../../shared/types";
import { T } from "../../shared/text";
import { assignedGameIds, findBooster, lockBoosterAccount } from "../boosters/service";
import { transact } from "../transaction";
import { findRun } from "./queries";
import { publicChanged } from "../../../db/changes";
import { announce, type Site } from "../../announce/outbox";
import { auditBy } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { auditRun } from "./audit";
import { placesChanged } from "../alerts/triggers";

const V = T.validation;

/** A kind's server part with its input type widened: the service handles every kind alike. */
const server = <K extends RunKind>(kind: K) => SERVER_KINDS[kind] as unknown as ServerKind<K, RunInputOf<K>>;

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

/** A booster may act only in games assigned to them; staff everywhere. */
export async function assertCanAct(db: Db, actor: Viewer, run: { boosterId: number; gameId: number }): Promise<void> {
  const assigned = isStaff(actor) ? [] : await assignedGameIds(db, actor.boosterRecordId!);
  if (!canActOnRun(actor, run, assigned)) throw new DomainError("forbidden", V.forbidden);
}

function startsAt(input: { scheduledDate: string; timezone: Timezone }): Date {
  const at = scheduledToInstant(input.scheduledDate, input.timezone);
  if (!at) throw new DomainError("invalid", T.runForm.scheduledInvalid);
  return at;
}

/** Column values of a run kind's row from its validated input (titles are fixed per kind; places absent: not tracked). */
export function rowValues<K extends RunKind>(kind: K, input: RunInputOf<K>, boosterId: number) {
  return {
    gameId: input.gameId, boosterId, startsAt: startsAt(input), timezone: input.timezone, title: RUN_KINDS[kind].title,
    spots: input.spots ?? null, spotsTaken: input.spotsTaken ?? 0,
    ...server(kind).rowValues(input),
  };
}

/** The places' pair rule on a validated input: 400 with the message the form shows under Taken. */
export function assertCapacity(c: { spots?: number | null; spotsTaken?: number }): void {
  const issue = capacityIssue(c);
  if (issue) throw new DomainError("invalid", issue);
}

/**
 * A PATCH's places, checked on the row locked in the write's transaction: the storefront
 * moves `spots_taken` at any moment, so a PATCH that does not name the places leaves them
 * alone (null), and one that does is checked against what is stored now, not when it was read.
 */
async function lockedCapacity(tx: Tx, table: RunTable, id: number, changes: { spots?: number | null; spotsTaken?: number }) {
  if (changes.spots === undefined && changes.spotsTaken === undefined) return null;
  const [row] = await tx.select({ spots: table.spots, spotsTaken: table.spotsTaken }).from(table).where(eq(table.id, id)).for("update");
  const next = { spots: changes.spots === undefined ? row?.spots ?? null : changes.spots, spotsTaken: changes.spotsTaken ?? row?.spotsTaken ?? 0 };
  assertCapacity(next);
  return next;
}

/** In the write's transaction, before any row changes: the booster's account must be active and live (409). */
export async function assertBoosterCanRun(tx: Tx, boosterId: number): Promise<void> {
  if (!(await lockBoosterAccount(tx, boosterId))) throw new DomainError("conflict", V.boosterInactive);
}

/**
 * Creates a run. The display id is the game's prefix and the row id (e.g. 'TDP-12'),
 * written in the insert's transaction, so it is unique however many run at once.
 */
export async function createRun<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, input: RunInputOf<K>, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<RunOfKind<K>> {
  assertMayWrite(actor);
  assertCapacity(input);
  const boosterId = await resolveBooster(db, actor, input.boosterId);
  const game = await gameFor(db, kind, input.gameId);
  await assertCanAct(db, actor, { boosterId, gameId: game.id });
  await checkKindReferences(db, kind, input);
  const values = rowValues(kind, input, boosterId);
  // One code path for the three tables: they share the run columns written here.
  const table = server(kind).table;
  return transact(db, async (tx) => {
    await assertBoosterCanRun(tx, boosterId);
    const [row] = await tx.insert(table).values(values as RunTable["$inferInsert"]).returning({ id: table.id });
    const prefix = game.prefix || "RUN";
    await tx.update(table).set({ displayId: `${prefix}-${row!.id}` }).where(eq(table.id, row!.id));
    await server(kind).afterWrite?.(tx, row!.id, input, null);
    await publicChanged(tx);
    await announce(tx, site, { kind, id: row!.id });
    return (await auditRun(tx, audit, kind, row!.id, null))!;
  });
}

/** The input's references must fit together (the kind's own checks, e.g. a raid of the game). */
export async function checkKindReferences<K extends RunKind>(db: Db, kind: K, input: RunInputOf<K>): Promise<void> {
  await server(kind).checkReferences?.(db, input);
}

/** The stored run as a create payload, so a partial PATCH can be merged onto it (the kind's descriptor says how). */
export const asInput = (run: AnyRun): Record<string, unknown> => (RUN_KINDS[run.kind].asInput as (r: AnyRun) => Record<string, unknown>)(run);

/** Another booster's run is 'not found' to a booster: they cannot even learn it exists. */
export async function loadForActor<K extends RunKind>(db: Db, actor: Viewer, kind: K, id: number, now: Date): Promise<RunOfKind<K>> {
  const run = await findRun(db, kind, id, now);
  if (!run || (!isStaff(actor) && run.boosterId !== actor.boosterRecordId)) throw new DomainError("not_found", V.notFound);
  await assertCanAct(db, actor, run);
  return run;
}

/**
 * Changes a run: the PATCH body is merged onto the stored run and validated whole. Only
 * staff may set the status; a kind's other rows (a raid run's class restrictions) are rewritten by its server part.
 */
export async function updateRun<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, id: number, patch: RunPatchOf<K>, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<RunOfKind<K>> {
  assertMayWrite(actor);
  const current = await loadForActor(db, actor, kind, id, site.clock());
  const { status, ...changes } = patch as RunPatchOf<K> & { status?: RunStatus };
  if (status !== undefined && !isStaff(actor)) throw new DomainError("forbidden", V.forbidden);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const merged = INPUT_SCHEMAS[kind].safeParse({ ...asInput(current), ...defined });
  if (!merged.success) throw new DomainError("invalid", merged.error.issues[0]?.message ?? V.invalidRequest);
  const input = merged.data as RunInputOf<K>;
  assertCapacity(input);
  const boosterId = "boosterId" in defined || !isStaff(actor) ? await resolveBooster(db, actor, input.boosterId) : current.boosterId;
  const game = await gameFor(db, kind, input.gameId);
  await assertCanAct(db, actor, { boosterId, gameId: game.id });
  await checkKindReferences(db, kind, input);
  const { spots: _s, spotsTaken: _t, ...values } = { ...rowValues(kind, input, boosterId), ...(status ? { status } : {}) } as Partial<RunTable["$inferInsert"]>;
  const table = server(kind).table;
  return transact(db, async (tx) => {
    await assertBoosterCanRun(tx, boosterId);
    const capacity = await lockedCapacity(tx, table, id, defined as { spots?: number | null; spotsTaken?: number });
    await tx.update(table).set({ ...values, ...capacity, updatedAt: sql`now()`, revision: sql`${table.revision} + 1` }).where(eq(table.id, id));
    // Staff raising spots (or lowering the places taken) may open places: spot alerts' job, in this transaction.
    if (capacity) await placesChanged(tx, kind, [{ id, ...capacity }], site.clock());
    await server(kind).afterWrite?.(tx, id, input, changes);
    await publicChanged(tx);
    await announce(tx, site, { kind, id, before: current });
    return (await auditRun(tx, audit, kind, id, current))!;
  });
}

/** Deletes a run (its class restrictions go with it). */
export async function deleteRun(
  db: Db, actor: Viewer, kind: RunKind, id: number, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<{ id: number }> {
  assertMayWrite(actor);
  const before = await loadForActor(db, actor, kind, id, site.clock());
  const table = server(kind).table;
  await db.transaction(async (tx) => {
    await tx.delete(table).where(eq(table.id, id));
    await publicChanged(tx);
    await announce(tx, site, { kind, id, before, deleted: true });
    await auditRun(tx, audit, kind, id, before, true);
  });
  return { id };
}
