// The run kinds' zod schemas (input and API view), kept apart from the zod-free registry so
// the run panels' first chunk does not carry the validation library.
import { patchOf, runPageOf } from "../shared/schemas/runFields";
import { challengeRunInputSchema, challengeRunViewSchema } from "./challenge/schemas";
import { desertRunInputSchema, desertRunViewSchema } from "./desert/schemas";
import { raidRunInputSchema, raidRunViewSchema } from "./raid/schemas";

export const INPUT_SCHEMAS = { raid: raidRunInputSchema, challenge: challengeRunInputSchema, desert: desertRunInputSchema } as const;
export const PATCH_SCHEMAS = { raid: patchOf(raidRunInputSchema), challenge: patchOf(challengeRunInputSchema), desert: patchOf(desertRunInputSchema) } as const;
export const VIEW_SCHEMAS = { raid: raidRunViewSchema, challenge: challengeRunViewSchema, desert: desertRunViewSchema } as const;
export const PAGE_SCHEMAS = { raid: runPageOf(raidRunViewSchema), challenge: runPageOf(challengeRunViewSchema), desert: runPageOf(desertRunViewSchema) } as const;
