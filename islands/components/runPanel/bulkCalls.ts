// The run panels' extra calls through the typed Eden client: bulk actions and their
// undo, duplicate to next week, and the overlap check before saving.
import { api } from "../../runtime/api";
import type { RunKind, Timezone } from "../../../src/shared/enums";
import type { RunWarning, WarnedRun } from "../../../src/kinds/runs";
import type { BulkRunsInput } from "../../../src/shared/schemas/bulk";
import { T } from "../../../src/shared/text";
import { attempt, KIND_ROUTES, type Result } from "./calls";

export type BulkAnswer = { action: BulkRunsInput["action"]; count: number; undoToken: string; expiresAt: string };


/** `fallback` is the message when the server gives none (a row's Delete says 'Failed to delete run'). */
export function bulkCall(kind: RunKind, body: BulkRunsInput, fallback: string = T.bulk.failed): Promise<Result<BulkAnswer>> {
  return attempt(() => KIND_ROUTES[kind].bulk.post(body), fallback);
}

export function undoCall(kind: RunKind, token: string): Promise<Result<{ count: number }>> {
  return attempt(() => KIND_ROUTES[kind].bulk.undo({ token }).post(), T.bulk.undoFailed);
}

export function nextWeekCall<K extends RunKind>(kind: K, id: number): Promise<Result<WarnedRun<K>>> {
  return attempt<WarnedRun<K>>(() => KIND_ROUTES[kind]({ id })["next-week"].post() as never, T.toast.duplicateFailed({ kind: T.runKinds[kind] }));
}

export type OverlapQuery = { kind: RunKind; boosterId?: number; scheduledDates: string[]; timezone: Timezone; excludeId?: number };

export function overlapCall(q: OverlapQuery): Promise<Result<{ warnings: RunWarning[] }>> {
  const query = {
    kind: q.kind, timezone: q.timezone, scheduledDates: q.scheduledDates,
    ...(q.boosterId ? { boosterId: q.boosterId } : {}), ...(q.excludeId ? { excludeId: q.excludeId } : {}),
  };
  return attempt(() => api.api["run-overlaps"].get({ query }), T.validation.serverError);
}

/** The display ids a list of warnings names, once each. */
export const overlapIds = (warnings: readonly RunWarning[]): string[] => [...new Set(warnings.flatMap((w) => w.displayIds))];
