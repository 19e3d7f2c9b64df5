// What a run write answers, per kind's view schema (the lists are in schemas.generated.ts):
// the run with the write's non-blocking warnings, or for a repeat every run it created.
import { z } from "../shared/schemas/zod";
import { runWarningsSchema } from "../shared/schemas/warnings";

/** The non-blocking warnings of a write (empty when none), beside the run it answers. */
export const writeWarnings = { warnings: runWarningsSchema };
/** POST with `scheduledDates`: every created run, in date order. */
export const repeatedOf = <S extends z.ZodType>(run: S) => z.strictObject({ runs: z.array(run), ...writeWarnings });
