// A run write's audit event (one call per write in ./service): the run as the API shows it,
// read again inside the write's transaction, compared with the run before.
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RunKind } from "../../shared/enums";
import type { AnyRun, RunOfKind } from "../../kinds/runs";
import type { AuditAction } from "../../shared/audit";
import { changesBetween, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { findRun } from "./queries";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { Tx } from "../../kinds/serverRows";


/**
 * Fields of a run answer that repeat others (`startsAt` is `scheduledDate` as an instant;
 * `spotsLeft` and `availability` follow from the places, the start and the clock).
 */
const REPEATED = new Set(["id", "kind", "startsAt", "spotsLeft", "availability"]);
/** Looked-up names (`booster`, `raid`, a raid's `faction`) are objects; their ids are the record. */
const isLookup = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

function fields(run: AnyRun | null): Record<string, unknown> | null {
  if (!run) return null;
  return Object.fromEntries(Object.entries(run).filter(([k, v]) => !REPEATED.has(k) && !isLookup(v)));
}

/** A status-only change is `run.status`, any other change `run.update`. */
function actionOf(before: AnyRun | null, changed: string[], deleted: boolean): AuditAction {
  if (deleted) return "run.delete";
  if (!before) return "run.create";
  return changed.length === 1 && changed[0] === "status" ? "run.status" : "run.update";
}

/**
 * Records the event for run `id` of `kind` in `tx`: created (`before` null), changed, or
 * deleted (`deleted`). Answers the run as it now is (null once deleted).
 */
export async function auditRun<K extends RunKind>(
  tx: Tx, ctx: AuditContext, kind: K, id: number, before: RunOfKind<K> | null, deleted = false,
): Promise<RunOfKind<K> | null> {
  const after = deleted ? null : await findRun(tx as unknown as Db, kind, id, ctx.at);
  const changes = changesBetween(fields(before), fields(after));
  const displayId = (after ?? before)?.displayId ?? String(id);
  await recordAudit(tx, ctx, { action: actionOf(before, Object.keys(changes), deleted), entityType: "run", entityId: displayId, changes });
  return after;
}

type RunState = { displayId: string | null; status: string; startsAt: string; spots: number | null };

/** Many runs' display id, status, start and places (a bulk write's before and after): one statement. */
export async function runStates(tx: Tx, kind: RunKind, ids: number[]): Promise<Map<number, RunState>> {
  const table = SERVER_KINDS[kind].table;
  const rows = ids.length
    ? await tx.select({ id: table.id, displayId: table.displayId, status: table.status, startsAt: table.startsAt, spots: table.spots }).from(table).where(inArray(table.id, ids))
    : [];
  return new Map(rows.map((r) => [r.id, { displayId: r.displayId, status: r.status, startsAt: r.startsAt.toISOString(), spots: r.spots }]));
}

/**
 * One event per run of a many-run write (repeat creation, bulk actions, their undo), written
 * in one statement: `before` null for created runs; `deleted` for removed ones.
 */
export async function auditRunStates(
  tx: Tx, ctx: AuditContext, kind: RunKind, ids: number[], before: Map<number, RunState> | null, deleted = false,
): Promise<void> {
  const after = deleted ? new Map<number, RunState>() : await runStates(tx, kind, ids);
  await recordAudit(tx, ctx, ids.map((id) => {
    const was = before?.get(id) ?? null;
    const now = after.get(id) ?? null;
    const changes = changesBetween(was, now);
    const names = Object.keys(changes).filter((k) => k !== "displayId");
    const action: AuditAction = deleted ? "run.delete" : !was ? "run.create" : names.length === 1 && names[0] === "status" ? "run.status" : "run.update";
    return { action, entityType: "run", entityId: (now ?? was)?.displayId ?? String(id), changes };
  }));
}
