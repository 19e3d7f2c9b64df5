// The fields every run kind's schemas share (each kind's own are in src/kinds/<kind>/schemas.ts):
// the form and API input's common fields, and the API view's common fields.
import { z } from "./zod";
import { AVAILABILITIES, RUN_STATUSES, TIMEZONES } from "../enums";
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

/** The input fields of every kind (the run forms and the API's create payloads). */
export const commonInput = {
  gameId: idField(V.gameRequired),
  /** The booster record's id. Staff must give one; for a booster the server uses their own. */
  boosterId: idField(V.boosterRequired).nullish(),
  timezone: z.enum(TIMEZONES, { error: V.invalidRequest }),
  scheduledDate: scheduledDateField,
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
  ...revised,
  /** Buyer places (1-50), or null when the run does not track places. */
  spots: z.number().int().nullable(),
  /** Places taken (0 to spots). */
  spotsTaken: z.number().int(),
  /** Public answers only: places left (null when not tracked), as of the answer. */
  spotsLeft: z.number().int().nullable().optional(),
  /** Public answers only: whether a visitor can book it now (src/domain/availability.ts). */
  availability: z.enum(AVAILABILITIES).optional(),
};

const clicked = { clicks: z.number().int().min(0).optional().describe("Booking-link clicks of the run, all time (staff and booster pages only)") };

/**
 * One page of a run list and how many runs all pages hold (the panels' paged calls). Staff
 * and booster pages give each row its booking-link clicks, all time.
 */
export const runPageOf = <Shape extends z.ZodRawShape>(run: z.ZodObject<Shape, z.core.$strict>) =>
  z.strictObject({ runs: z.array(run.extend(clicked)), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** A repeat creates a run on 2 to 26 dates. */
export const REPEAT_MIN = 2;
export const REPEAT_MAX = 26;
