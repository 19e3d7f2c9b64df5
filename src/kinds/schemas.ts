// The run kinds' zod schemas (input and API view), kept apart from the zod-free registry so
// the run panels' first chunk does not carry the validation library.
import type { z } from "../shared/schemas/zod";
import type { RunKind } from "../shared/enums";
import { patchOf, runPageOf } from "../shared/schemas/runFields";
import { challengeRunInputSchema, challengeRunViewSchema } from "./challenge/schemas";
import { desertRunInputSchema, desertRunViewSchema } from "./desert/schemas";
import { raidRunInputSchema, raidRunViewSchema } from "./raid/schemas";

/** Each kind's create payload: the POST body, also what the run form checks. */
export const INPUT_SCHEMAS = { raid: raidRunInputSchema, challenge: challengeRunInputSchema, desert: desertRunInputSchema } as const;
export type RunInputOf<K extends RunKind> = z.infer<(typeof INPUT_SCHEMAS)[K]>;

/** PATCH bodies: any subset of the create payload; staff may also set the status. */
export const PATCH_SCHEMAS = { raid: patchOf(raidRunInputSchema), challenge: patchOf(challengeRunInputSchema), desert: patchOf(desertRunInputSchema) } as const;
export type RunPatchOf<K extends RunKind> = z.infer<(typeof PATCH_SCHEMAS)[K]>;

/** Each kind's run as the API answers it. */
export const VIEW_SCHEMAS = { raid: raidRunViewSchema, challenge: challengeRunViewSchema, desert: desertRunViewSchema } as const;

/**
 * One page of a run list and how many runs all pages hold (the panels' paged calls). Staff
 * and booster pages give each row its booking-link clicks, all time.
 */
export const PAGE_SCHEMAS = { raid: runPageOf(raidRunViewSchema), challenge: runPageOf(challengeRunViewSchema), desert: runPageOf(desertRunViewSchema) } as const;
