// The fields every run kind's schemas share (each kind's own are in src/kinds/<kind>/schemas.ts):
// the form and API input's common fields, and the API view's common fields.
import { z } from "./zod";
import { AVAILABILITIES, RUN_STATUSES, SPOTS_MAX, TIMEZONES } from "../enums";
import { parseScheduled } from "../../domain/time";
import { T } from "../text";
import { textOf } from "./text";
import { idField } from "./ids";

const V = T.validation;

export const textField = (message: string, max: number) =>
  textOf(message).trim().min(1, message).max(max, message);

/** The scheduledDate text on the clocks of `timezone` ('YYYY-MM-DD HH:MM', T and seconds allowed). */
export const scheduledDateField = textOf(V.scheduledRequired, T.runForm.scheduledInvalid).trim()
  .min(1, V.scheduledRequired)
  .refine((s) => parseScheduled(s) !== null, T.runForm.scheduledInvalid);

/** Buyer places in a run, 1-50; null: the run does not track places (it looks as before). */
export const spotsField = z.number({ error: V.spotsInvalid }).int(V.spotsInvalid).min(1, V.spotsInvalid).max(SPOTS_MAX, V.spotsInvalid).nullable();
/** Places taken, 0-50; never more than `spots` (checked with the pair, `capacityIssue`). */
export const spotsTakenField = z.number({ error: V.spotsTakenInvalid }).int(V.spotsTakenInvalid).min(0, V.spotsTakenInvalid).max(SPOTS_MAX, V.spotsTakenInvalid);

/**
 * The pair's rule, which a field schema cannot say: taken within the spots, and 0 when the
 * run tracks none. Absent fields count as on a new run (no spots, none taken). The one home
 * of the rule for the form, the create and PATCH bodies (after the merge) and bulk actions.
 */
export function capacityIssue(c: { spots?: number | null; spotsTaken?: number }): string | null {
  const spots = c.spots ?? null, taken = c.spotsTaken ?? 0;
  if (spots === null) return taken === 0 ? null : V.spotsTakenWithoutSpots;
  return taken > spots ? V.spotsTakenOverSpots : null;
}

/** `schema` with the capacity rule, its message under the Taken field. */
export const withCapacityRule = <S extends z.ZodType<{ spots?: number | null; spotsTaken?: number }>>(schema: S) =>
  schema.superRefine((body, ctx) => {
    const issue = capacityIssue(body);
    if (issue) ctx.addIssue({ code: "custom", path: ["spotsTaken"], message: issue });
  });

/** The input fields of every kind (the run forms and the API's create payloads). */
export const commonInput = {
  gameId: idField(V.gameRequired),
  /** The booster record's id. Staff must give one; for a booster the server uses their own. */
  boosterId: idField(V.boosterRequired).nullish(),
  timezone: z.enum(TIMEZONES, { error: V.invalidRequest }),
  scheduledDate: scheduledDateField,
  /** Absent on create: null (not tracked); on PATCH: unchanged. */
  spots: spotsField.optional(),
  /** Absent on create: 0; on PATCH: unchanged. */
  spotsTaken: spotsTakenField.optional(),
};

/** A run's status, which staff may set on a PATCH. */
export const statusField = z.enum(RUN_STATUSES, { error: V.invalidRequest });

/** A PATCH body: any subset of the create payload; staff may also set the status. */
export const patchOf = <Shape extends z.ZodRawShape>(input: z.ZodObject<Shape>) => input.partial().extend({ status: statusField.optional() });

// The API's view of a run. `scheduledDate` is 'YYYY-MM-DD HH:MM' on the clocks of
// `timezone`; `startsAt` the same moment as an ISO instant.

export const viewId = z.number().int();
const nullableText = z.string().nullable();

export const runBoosterSchema = z.strictObject({
  /** The booster's public identifier, e.g. 'BB-1001'. */
  boosterId: z.string(),
  /** Staff and the booster themself only; absent in public answers. */
  user: z.strictObject({ nickname: nullableText, email: z.string() }).optional(),
});

/**
 * When a stored run last changed: its update counter and instant (ISO). Every run answer
 * carries them; calendar feeds publish them as an event's SEQUENCE and LAST-MODIFIED.
 */
const revised = { revision: z.number().int(), updatedAt: z.string() };
export const revisedSchema = z.strictObject(revised);

/** The view fields of every kind. */
export const commonView = {
  id: viewId,
  displayId: nullableText,
  gameId: viewId,
  /** The booster record's numeric id (the create and update payloads use it, not the text boosterId). */
  boosterId: viewId,
  title: z.string(),
  scheduledDate: z.string(),
  startsAt: z.string(),
  timezone: z.enum(TIMEZONES),
  status: z.enum(RUN_STATUSES),
  booster: runBoosterSchema,
  /** Buyer places, or null when the run does not track them. */
  spots: z.number().int().nullable(),
  spotsTaken: z.number().int(),
  /** `spots - spotsTaken` (never negative), or null when places are not tracked. */
  spotsLeft: z.number().int().nullable(),
  /** Whether a visitor can book, at the answer's time with the game's booking cutoff (src/domain/availability.ts). */
  availability: z.enum(AVAILABILITIES),
  ...revised,
};

const clicked = {
  clicks: z.number().int().min(0).optional().describe("Booking-link clicks of the run, all time (staff and booster pages only)"),
  overbooked: z.number().int().min(1).optional().describe("Places the storefront sold beyond the run's capacity, by orders not refunded or cancelled (staff and booster pages only, present when overbooked)"),
};

/**
 * One page of a run list and how many runs all pages hold (the panels' paged calls). Staff
 * and booster pages give each row its booking-link clicks, all time.
 */
export const runPageOf = <Shape extends z.ZodRawShape>(run: z.ZodObject<Shape, z.core.$strict>) =>
  z.strictObject({ runs: z.array(run.extend(clicked)), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** A repeat creates a run on 2 to 26 dates. */
export const REPEAT_MIN = 2;
export const REPEAT_MAX = 26;
