// Bulk run actions and their undo. One request expires, deletes,
// shifts or sets the spots of many runs of one kind in one transaction, after the per-run checks of a single
// write: any refused run refuses the whole request. The before-state goes into
// run_bulk_undos in the same transaction; for 10 seconds (by the injected clock) its
// author may restore it, a deleted run with its id, display id and the kind's other rows
// (a raid run's class restrictions), so links to it keep working. Each step is one statement whatever the number of runs.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { rows } from "../../../db/rows";
import { runBulkUndos, type raidRuns } from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import { canActOnRun, isStaff } from "../../domain/permissions";
import { ZONE_IANA } from "../../domain/wallTime";
import type { RunKind, Timezone } from "../../shared/enums";
import type { BulkRunsInput } from "../../shared/schemas/bulk";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { publicChanged } from "../../../db/changes";
import { announceAll, runsBefore, type Site } from "../../announce/outbox";
import { assignedGameIds } from "../boosters/service";
import { transact } from "../transaction";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { Tx } from "../../kinds/serverRows";
import { auditBy } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { auditRunStates, runStates } from "./audit";
import { assertBoosterCanRun, assertMayWrite } from "./service";
import { placesChanged } from "../alerts/triggers";

const V = T.validation;
export const UNDO_SECONDS = 10;

export type BulkResult = { action: BulkRunsInput["action"]; count: number; undoToken: string; expiresAt: string };

type Owned = { boosterId: number; gameId: number };

/** How many of the runs the actor may not change: none for staff; a booster only their own runs in assigned games. */
async function refusedCount(tx: Tx, actor: Viewer, runs: readonly Owned[]): Promise<number> {
  if (isStaff(actor)) return 0;
  const assigned = await assignedGameIds(tx as unknown as Db, actor.boosterRecordId!);
  return runs.filter((r) => !canActOnRun(actor, r, assigned)).length;
}

/** Locks the runs and refuses the request unless the actor may change every one of them. */
async function lockPermitted(tx: Tx, actor: Viewer, kind: RunKind, ids: number[]) {
  const table = SERVER_KINDS[kind].table;
  const found = await tx.select({ id: table.id, boosterId: table.boosterId, gameId: table.gameId, spotsTaken: table.spotsTaken }).from(table)
    .where(inArray(table.id, ids)).for("update");
  if (isStaff(actor) && found.length < ids.length) throw new DomainError("not_found", V.bulkMissing);
  // A booster cannot tell another booster's run from a missing one: both are refused.
  const refused = ids.length - found.length + (await refusedCount(tx, actor, found));
  if (refused) throw new DomainError("forbidden", V.bulkRefused({ n: refused }));
  return found;
}

/** Every booster of the runs must still have an active, live account (a write would be refused otherwise). */
async function assertBoostersCanRun(tx: Tx, runs: readonly Owned[]): Promise<void> {
  for (const b of new Set(runs.map((r) => r.boosterId))) await assertBoosterCanRun(tx, b);
}

/** The run's start moved by days on its own clock (daylight saving keeps the hour), then by hours. */
function shifted(table: typeof raidRuns, days: number, hours: number) {
  const zone = sql`case ${table.timezone} ${sql.join(
    (Object.entries(ZONE_IANA) as [Timezone, string][]).map(([tz, iana]) => sql`when ${tz} then ${iana}::text`), sql` `,
  )} end`;
  return sql`((${table.startsAt} at time zone ${zone}) + make_interval(days => ${days}::int)) at time zone ${zone} + make_interval(hours => ${hours}::int)`;
}

export async function bulkRuns(
  db: Db, actor: Viewer, kind: RunKind, input: BulkRunsInput, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<BulkResult> {
  assertMayWrite(actor);
  const now = site.clock();
  // As with PATCH, only staff set a run's status.
  if (input.action === "expire" && !isStaff(actor)) throw new DomainError("forbidden", V.forbidden);
  const ids = [...new Set(input.ids)];
  const table = SERVER_KINDS[kind].table;
  const expiresAt = new Date(now.getTime() + UNDO_SECONDS * 1000);
  const token = await transact(db, async (tx) => {
    const locked = await lockPermitted(tx, actor, kind, ids);
    const announced = await runsBefore(tx, kind, ids, now);
    if (input.action === "shift") await assertBoostersCanRun(tx, locked);
    // Places already sold are never dropped: under the lock, no run may hold more than the new spots.
    if (input.action === "spots") {
      const over = locked.filter((r) => r.spotsTaken > (input.spots ?? 0)).length;
      if (over) throw new DomainError("conflict", V.bulkSpotsTaken({ n: over }));
    }
    await tx.delete(runBulkUndos).where(lte(runBulkUndos.expiresAt, now));
    const chosen = inArray(table.id, ids);
    const before = input.action === "delete"
      ? sql`to_jsonb(${table})`
      : sql`jsonb_build_object('id', ${table.id}, 'status', ${table.status}, 'starts_at', ${table.startsAt}, 'spots', ${table.spots})`;
    const children = SERVER_KINDS[kind].children;
    const restrictions = input.action === "delete" && children
      ? sql`(select coalesce(jsonb_agg(to_jsonb(${children.table})), '[]'::jsonb) from ${children.table} where ${inArray(children.runId, ids)})`
      : sql`'[]'::jsonb`;
    const [saved] = await rows<{ token: string }>(tx as unknown as Db, sql`insert into ${runBulkUndos} (run_kind, action, actor_id, runs, restrictions, expires_at)
      select ${kind}, ${input.action}, ${actor.id}, coalesce(jsonb_agg(${before}), '[]'::jsonb), ${restrictions}, ${expiresAt.toISOString()}::timestamptz
      from ${table} where ${chosen} returning token`);
    const was = await runStates(tx, kind, ids);
    const bump = { updatedAt: sql`now()`, revision: sql`${table.revision} + 1` };
    if (input.action === "delete") await tx.delete(table).where(chosen);
    else if (input.action === "expire") await tx.update(table).set({ status: "expired", ...bump }).where(chosen);
    else if (input.action === "spots") {
      await tx.update(table).set({ spots: input.spots ?? null, ...bump }).where(chosen);
      await placesChanged(tx, kind, locked.map((r) => ({ id: r.id, spots: input.spots ?? null, spotsTaken: r.spotsTaken })), now);
    }
    else await tx.update(table).set({ startsAt: shifted(table, input.days ?? 0, input.hours ?? 0), ...bump }).where(chosen);
    await publicChanged(tx);
    await announceAll(tx, site, ids.map((id) => ({ kind, id, before: announced.get(id), deleted: input.action === "delete" })));
    await auditRunStates(tx, audit, kind, ids, was, input.action === "delete");
    return saved!.token;
  });
  return { action: input.action, count: ids.length, undoToken: token, expiresAt: expiresAt.toISOString() };
}

/** Restores what a bulk action changed, once, for its author, until it expires. */
export async function undoBulk(
  db: Db, actor: Viewer, kind: RunKind, token: string, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<{ count: number }> {
  assertMayWrite(actor);
  const now = site.clock();
  const table = SERVER_KINDS[kind].table;
  return transact(db, async (tx) => {
    const [undo] = await tx.select().from(runBulkUndos)
      .where(and(eq(runBulkUndos.token, token), eq(runBulkUndos.runKind, kind), eq(runBulkUndos.actorId, actor.id))).for("update");
    if (!undo) throw new DomainError("not_found", V.undoGone);
    await tx.delete(runBulkUndos).where(eq(runBulkUndos.token, token));
    if (undo.expiresAt <= now) throw new DomainError("conflict", V.undoGone);
    const runs = JSON.stringify(undo.runs);
    const saved = (undo.runs as { id: number }[]).map((r) => r.id);
    // Checked again like a write (docs/decisions/18): the actor may still change these runs,
    // and their boosters are still active, so an undo never brings back a run of a booster
    // deleted or deactivated in the meantime (whose runs were expired and taken off the pages).
    // A shift or expire is undone on the runs that still exist (one deleted since stays deleted).
    const owned: (Owned & { id: number })[] = undo.action === "delete"
      ? (undo.runs as { id: number; booster_id: number; game_id: number }[]).map((r) => ({ id: r.id, boosterId: r.booster_id, gameId: r.game_id }))
      : await tx.select({ id: table.id, boosterId: table.boosterId, gameId: table.gameId }).from(table).where(inArray(table.id, saved)).for("update");
    const ids = owned.map((r) => r.id);
    const refused = await refusedCount(tx, actor, owned);
    if (refused) throw new DomainError("forbidden", V.bulkRefused({ n: refused }));
    await assertBoostersCanRun(tx, owned);
    // Restored runs are announced like any write: a deleted one that comes back as new.
    const announced = await runsBefore(tx, kind, ids, now);
    const before = undo.action === "delete" ? null : await runStates(tx, kind, ids);
    if (undo.action === "delete") {
      await tx.execute(sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${runs}::jsonb) on conflict do nothing`);
      const children = SERVER_KINDS[kind].children;
      if (children) {
        await tx.execute(sql`insert into ${children.table}
          select * from jsonb_populate_recordset(null::${children.table}, ${JSON.stringify(undo.restrictions)}::jsonb) on conflict do nothing`);
      }
    } else if (undo.action === "spots") {
      // Places sold since the action may no longer fit the spots it replaced: then it stays.
      const [over] = await rows<{ n: number }>(tx as unknown as Db, sql`select count(*)::int as n from ${table} t
        join jsonb_populate_recordset(null::${table}, ${runs}::jsonb) b on t.id = b.id where t.spots_taken > coalesce(b.spots, 0)`);
      if (over!.n) throw new DomainError("conflict", V.undoSpotsTaken);
      await tx.execute(sql`update ${table} t set spots = b.spots, updated_at = now(), revision = t.revision + 1
        from jsonb_populate_recordset(null::${table}, ${runs}::jsonb) b where t.id = b.id`);
    } else {
      await tx.execute(sql`update ${table} t set status = b.status, starts_at = b.starts_at, updated_at = now(), revision = t.revision + 1
        from jsonb_populate_recordset(null::${table}, ${runs}::jsonb) b where t.id = b.id`);
    }
    // Places an undo brings back (old spots, a restored or reopened run) reach waiting spot alerts like any write's.
    await placesChanged(tx, kind, await tx.select({ id: table.id, spots: table.spots, spotsTaken: table.spotsTaken }).from(table).where(inArray(table.id, ids)), now);
    await publicChanged(tx);
    await announceAll(tx, site, ids.map((id) => ({ kind, id, before: announced.get(id) })));
    await auditRunStates(tx, audit, kind, ids, before);
    return { count: ids.length };
  });
}
