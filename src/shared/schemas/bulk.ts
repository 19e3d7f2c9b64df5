// Bulk run actions: one request expires, deletes or shifts many runs of
// one kind, all or none.
import { z } from "./zod";
import { T } from "../text";
import { idField } from "./ids";

const V = T.validation;
export const BULK_MAX = 500;
export const BULK_ACTIONS = ["expire", "delete", "shift"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const shiftBy = (max: number) => z.number({ error: V.bulkShift }).int(V.bulkShift).min(-max, V.bulkShift).max(max, V.bulkShift);

export const bulkRunsSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: V.bulkAction }),
  ids: z.array(idField(V.bulkIds), { error: V.bulkIds }).min(1, V.bulkIds).max(BULK_MAX, V.bulkIds),
  days: shiftBy(365).optional(),
  hours: shiftBy(240).optional(),
}).refine((b) => b.action !== "shift" || (b.days ?? 0) !== 0 || (b.hours ?? 0) !== 0, { path: ["days"], message: V.bulkShift });
export type BulkRunsInput = z.infer<typeof bulkRunsSchema>;
