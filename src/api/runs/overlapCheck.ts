import type { Db } from "../../../db/client";
import { isStaff } from "../../domain/permissions";
import { scheduledToInstant } from "../../domain/time";
import type { OverlapQuery } from "../../shared/schemas/overlap";
import type { RunWarning } from "../../shared/schemas/warnings";
import type { Viewer } from "../../shared/types";
import { overlappingRuns, overlapWarnings } from "./overlappingRuns";
import { assertMayWrite } from "./service";

/**
 * What a planned run would overlap, before it is saved. A booster checks their own runs
 * whatever boosterId says; staff without a booster picked get no warning yet.
 */
export async function checkOverlaps(db: Db, actor: Viewer, q: OverlapQuery): Promise<{ warnings: RunWarning[] }> {
  assertMayWrite(actor);
  const boosterId = isStaff(actor) ? q.boosterId : actor.boosterRecordId!;
  if (boosterId === undefined) return { warnings: [] };
  const windows = q.scheduledDates.flatMap((d) => {
    const startsAt = scheduledToInstant(d, q.timezone);
    return startsAt ? [{ kind: q.kind, startsAt, runId: q.excludeId }] : [];
  });
  return { warnings: overlapWarnings(await overlappingRuns(db, boosterId, windows)) };
}
