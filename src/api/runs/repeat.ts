// Repeat creation: one create body with `scheduledDates` makes the same
// run on every date, in one transaction (all or none) and a fixed number of statements
// whatever the count: one insert of all rows, one update of their display ids, one insert
// of the kind's other rows (a raid run's class restrictions).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { raidRuns } from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../kinds/runs";
import type { RunInputOf } from "../../kinds/schemas";
import type { RunWarning } from "../../shared/schemas/warnings";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { publicChanged } from "../../../db/changes";
import { announceAll, type Site } from "../../announce/outbox";
import { transact } from "../transaction";
import { auditBy } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { auditRunStates } from "./audit";
import { overlapWarnings, overlappingRuns } from "./overlappingRuns";
import { SERVER_KINDS } from "../../kinds/server.generated";
import {
  assertBoosterCanRun, assertCanAct, assertCapacity, assertMayWrite, checkKindReferences, gameFor, resolveBooster, rowValues,
} from "./service";

export type RepeatInput<K extends RunKind> = Omit<RunInputOf<K>, "scheduledDate"> & { scheduledDates: string[] };

/** Creates the run on every date; the checks are those of a single create, and every date must lie ahead of `now`. */
export async function createRepeatedRuns<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, body: RepeatInput<K>, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<{ runs: RunOfKind<K>[]; warnings: RunWarning[] }> {
  assertMayWrite(actor);
  const now = site.clock();
  const { scheduledDates, ...shared } = body;
  assertCapacity(shared);
  const inputs = scheduledDates.map((scheduledDate) => ({ ...shared, scheduledDate }) as unknown as RunInputOf<K>);
  const boosterId = await resolveBooster(db, actor, shared.boosterId);
  const game = await gameFor(db, kind, shared.gameId);
  await assertCanAct(db, actor, { boosterId, gameId: game.id });
  await checkKindReferences(db, kind, inputs[0]!);
  const rows = inputs.map((input) => rowValues(kind, input, boosterId));
  if (rows.some((r) => r.startsAt <= now)) throw new DomainError("invalid", T.validation.repeatFuture);
  const table = SERVER_KINDS[kind].table;
  const ids = await transact(db, async (tx) => {
    await assertBoosterCanRun(tx, boosterId);
    const inserted = await tx.insert(table).values(rows as (typeof raidRuns.$inferInsert)[]).returning({ id: table.id });
    const ids = inserted.map((r) => r.id);
    await tx.update(table).set({ displayId: sql`${game.prefix || "RUN"}::text || '-' || ${table.id}::text` }).where(inArray(table.id, ids));
    await SERVER_KINDS[kind].children?.insert(tx, ids, inputs[0]!);
    await publicChanged(tx);
    await announceAll(tx, site, ids.map((id) => ({ kind, id })));
    await auditRunStates(tx, audit, kind, ids, null);
    return ids;
  });
  const runs = (await SERVER_KINDS[kind].list(db, { ids }, now)) as RunOfKind<K>[];
  const windows = runs.map((r) => ({ kind, runId: r.id, startsAt: new Date(r.startsAt) }));
  return { runs, warnings: overlapWarnings(await overlappingRuns(db, boosterId, windows)) };
}
