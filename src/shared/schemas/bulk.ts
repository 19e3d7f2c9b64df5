// Bulk run actions: one request expires, deletes, shifts or sets the spots of many runs of
// one kind, all or none.
import { z } from "./zod";
import { T } from "../text";
import { idField } from "./ids";
import { spotsField } from "./runFields";

const V = T.validation;
export const BULK_MAX = 500;
export const BULK_ACTIONS = ["expire", "delete", "shift", "spots"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const shiftBy = (max: number) => z.number({ error: V.bulkShift }).int(V.bulkShift).min(-max, V.bulkShift).max(max, V.bulkShift);

export const bulkRunsSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: V.bulkAction }),
  ids: z.array(idField(V.bulkIds), { error: V.bulkIds }).min(1, V.bulkIds).max(BULK_MAX, V.bulkIds),
  days: shiftBy(365).optional(),
  hours: shiftBy(240).optional(),
  /** "Set spots": the places every selected run offers (1-50), or null to stop tracking them. */
  spots: spotsField.optional(),
}).refine((b) => b.action !== "shift" || (b.days ?? 0) !== 0 || (b.hours ?? 0) !== 0, { path: ["days"], message: V.bulkShift })
  .refine((b) => b.action !== "spots" || b.spots !== undefined, { path: ["spots"], message: V.bulkSpotsRequired });
export type BulkRunsInput = z.infer<typeof bulkRunsSchema>;
