// What a run write answers: the run (each kind's view schema) with the write's non-blocking
// warnings, and the list of runs a repeat creates.
import { z } from "../shared/schemas/zod";
import { runWarningsSchema } from "../shared/schemas/warnings";
import { VIEW_SCHEMAS } from "./schemas";

const warnings = { warnings: runWarningsSchema };
/** A created or changed run, with the non-blocking warnings of the write (empty when none). */
export const RUN_WRITE_RESPONSE_SCHEMAS = {
  raid: VIEW_SCHEMAS.raid.extend(warnings), challenge: VIEW_SCHEMAS.challenge.extend(warnings), desert: VIEW_SCHEMAS.desert.extend(warnings),
} as const;
const repeatedOf = <S extends z.ZodType>(run: S) => z.strictObject({ runs: z.array(run), ...warnings });
/** POST with `scheduledDates`: every created run, in date order. */
export const RUN_REPEAT_RESPONSE_SCHEMAS = { raid: repeatedOf(VIEW_SCHEMAS.raid), challenge: repeatedOf(VIEW_SCHEMAS.challenge), desert: repeatedOf(VIEW_SCHEMAS.desert) } as const;
/** A create answers one run, or the list for a repeat. */
export const RUN_CREATE_RESPONSE_SCHEMAS = {
  raid: z.union([RUN_WRITE_RESPONSE_SCHEMAS.raid, RUN_REPEAT_RESPONSE_SCHEMAS.raid]),
  challenge: z.union([RUN_WRITE_RESPONSE_SCHEMAS.challenge, RUN_REPEAT_RESPONSE_SCHEMAS.challenge]),
  desert: z.union([RUN_WRITE_RESPONSE_SCHEMAS.desert, RUN_REPEAT_RESPONSE_SCHEMAS.desert]),
} as const;
