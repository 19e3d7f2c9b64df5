// Non-blocking warnings on run answers: the write happened, but the
// person should know. `overlap`: the booster has other available runs at that time.
import { z } from "./zod";

export const runWarningSchema = z.strictObject({ code: z.literal("overlap"), displayIds: z.array(z.string()) });
export const runWarningsSchema = z.array(runWarningSchema);
export type RunWarning = z.infer<typeof runWarningSchema>;
