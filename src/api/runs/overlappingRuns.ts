// Overlap warnings: a run's window is [start, start + its kind's
// duration); another *available* run of the same booster (any kind) whose window meets it
// is named in a non-blocking warning. Each table is read through its partial index
// (booster_id, starts_at) WHERE status = 'available'.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RunKind } from "../../shared/enums";
import { rows } from "../../../db/rows";
import { KINDS, RUN_KINDS } from "../../kinds/registry";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { Tx } from "../../kinds/serverRows";
import type { RunWarning } from "../../shared/schemas/warnings";

/** One window to check: its start, its kind, and the run itself (never its own overlap). */
export type Window = { startsAt: Date; kind: RunKind; runId?: number };

/** The display ids of the booster's available runs overlapping any window, soonest first. */
export async function overlappingRuns(db: Db | Tx, boosterId: number, windows: readonly Window[]): Promise<string[]> {
  if (!windows.length) return [];
  const parts: SQL[] = KINDS.map((other) => {
    const t = SERVER_KINDS[other].table;
    const before = RUN_KINDS[other].durationMinutes;
    // Another run at s2 meets the window [s1, e1) when s2 < e1 and s2 + its duration > s1.
    const meets = sql.join(windows.map((w) => {
      const end = new Date(w.startsAt.getTime() + RUN_KINDS[w.kind].durationMinutes * 60_000);
      const from = new Date(w.startsAt.getTime() - before * 60_000);
      const self = w.kind === other && w.runId !== undefined ? sql` and ${t.id} <> ${w.runId}` : sql``;
      return sql`(${t.startsAt} > ${from.toISOString()}::timestamptz and ${t.startsAt} < ${end.toISOString()}::timestamptz${self})`;
    }), sql` or `);
    return sql`select ${t.displayId} as display_id, ${t.startsAt} as starts_at from ${t}
      where ${t.boosterId} = ${boosterId} and ${t.status} = 'available' and (${meets})`;
  });
  const found = await rows<{ display_id: string | null }>(db as Db,
    sql`select display_id from (${sql.join(parts, sql` union all `)}) o order by starts_at, display_id`);
  const ids = found.map((r) => r.display_id).filter((d): d is string => !!d);
  return [...new Set(ids)];
}

/** The answer's `warnings`: one overlap warning naming the runs, or none. */
export function overlapWarnings(displayIds: readonly string[]): RunWarning[] {
  return displayIds.length ? [{ code: "overlap", displayIds: [...displayIds] }] : [];
}

/** Warnings for a stored run (after a create or an update). */
export async function warningsForRun(db: Db, kind: RunKind, run: { id: number; boosterId: number; startsAt: string }): Promise<RunWarning[]> {
  return overlapWarnings(await overlappingRuns(db, run.boosterId, [{ kind, runId: run.id, startsAt: new Date(run.startsAt) }]));
}

/** A run answer with its overlap warnings (create, update and duplicate answers). */
export async function withWarnings<R extends { id: number; boosterId: number; startsAt: string }>(db: Db, kind: RunKind, run: R): Promise<R & { warnings: RunWarning[] }> {
  return { ...run, warnings: await warningsForRun(db, kind, run) };
}
