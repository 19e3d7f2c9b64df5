// The forms' overlap check before saving (GET /api/run-overlaps).
import { z } from "./zod";
import { RUN_KIND_NAMES, TIMEZONES } from "../enums";
import { T } from "../text";
import { idParam } from "./params";
import { REPEAT_MAX, scheduledDateField } from "./runFields";

const V = T.validation;

export const overlapQuerySchema = z.object({
  kind: z.enum(RUN_KIND_NAMES, { error: V.invalidRequest }),
  /** Staff name the booster; a booster always checks their own runs. */
  boosterId: idParam.optional(),
  /** One planned start, or several joined by commas (a repeat), as 'YYYY-MM-DD HH:MM'. */
  // (The server's query parser may hand a comma list over already split.)
  scheduledDates: z.union([z.string(), z.array(z.string())], { error: V.scheduledRequired })
    .transform((v) => [v].flat().flatMap((s) => s.split(",")).map((d) => d.trim()))
    .pipe(z.array(scheduledDateField).min(1, V.scheduledRequired).max(REPEAT_MAX, V.repeatCount)),
  timezone: z.enum(TIMEZONES, { error: V.invalidRequest }),
  /** The run being edited: it never overlaps itself. */
  excludeId: idParam.optional(),
});
export type OverlapQuery = z.infer<typeof overlapQuerySchema>;
