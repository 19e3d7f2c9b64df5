// The one thing a write does for spot alerts, inside its own transaction: when places are open
// on runs that have confirmed spot alerts waiting, one small `spot` job row per run. The
// fan-out to each address happens in the alerts' job (./jobs.ts), so the write stays fast
// whatever the number of alerts (docs/decisions/34-visitor-alerts.md).
import { sql } from "drizzle-orm";
import { alertJobs, alerts } from "../../../db/schema";
import { rows } from "../../../db/rows";
import { outboxQueued } from "../../../db/changes";
import type { Db } from "../../../db/client";
import type { Tx } from "../../kinds/serverRows";
import { spotsLeftOf, type Capacity } from "../../domain/availability";
import type { RunKind } from "../../shared/enums";

/**
 * After a write moved places: queues a spot job for each of these runs that now has places
 * (spotsLeftOf) and a confirmed spot alert waiting. A spot alert is taken only on a full run
 * and ends when it fires, so one still waiting on a run with places means they opened since.
 * One statement (the alerts' run index answers it); a job already waiting for the run takes
 * this opening too. Whether a visitor can book is decided again at fan-out (bookableOf).
 */
export async function placesChanged(tx: Tx, kind: RunKind, runs: readonly ({ id: number } & Capacity)[], now: Date): Promise<void> {
  const opened = runs.filter((r) => (spotsLeftOf(r) ?? 1) > 0).map((r) => r.id);
  if (!opened.length) return;
  // EXISTS stops at the first waiting alert: the cost does not grow with their number.
  await rows(tx as unknown as Db, sql`insert into ${alertJobs} (kind, run_kind, run_id, created_at, next_attempt_at)
    select 'spot', ${kind}, v.id, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from (values ${sql.join(opened.map((id) => sql`(${id}::int)`), sql`, `)}) as v(id)
    where exists (select 1 from ${alerts} a where a.run_kind = ${kind} and a.run_id = v.id and a.type = 'spot' and a.consented_at is not null)
    on conflict do nothing`);
  // This process's alerts loop wakes once the write commits (other processes poll or are woken by their own writes).
  outboxQueued(tx);
}
