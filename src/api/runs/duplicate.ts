// "Duplicate to next week": the same run 7 days later on its own clock,
// created exactly as the create form would (same checks, a new id and display id).
import type { Db } from "../../../db/client";
import { DomainError } from "../../domain/errors";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../kinds/runs";
import { addDays } from "../../shared/schemas/repeat";
import { INPUT_SCHEMAS, type RunInputOf } from "../../kinds/schemas";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { asInput, createRun, loadForActor } from "./service";
import type { Site } from "../../announce/outbox";
import { auditBy } from "../audit/record";
import type { AuditContext } from "../../shared/audit";

export const DUPLICATE_DAYS = 7;

export async function duplicateToNextWeek<K extends RunKind>(
  db: Db, actor: Viewer, kind: K, id: number, site: Site, audit: AuditContext = auditBy(actor.id, site.clock()),
): Promise<RunOfKind<K>> {
  const run = await loadForActor(db, actor, kind, id, site.clock());
  // The new run offers the same places, none of them sold yet.
  const parsed = INPUT_SCHEMAS[kind].safeParse({ ...asInput(run), scheduledDate: addDays(run.scheduledDate, DUPLICATE_DAYS), spotsTaken: 0 });
  if (!parsed.success) throw new DomainError("invalid", parsed.error.issues[0]?.message ?? T.validation.invalidRequest);
  return createRun(db, actor, kind, parsed.data as RunInputOf<K>, site, audit);
}
