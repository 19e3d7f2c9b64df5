// Generated from the src/kinds/<kind>/schemas modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import { patchOf, runPageOf } from "../shared/schemas/runFields";
import { raidRunInputSchema, raidRunViewSchema } from "./raid/schemas";
import { challengeRunInputSchema, challengeRunViewSchema } from "./challenge/schemas";
import { desertRunInputSchema, desertRunViewSchema } from "./desert/schemas";

export const INPUT_SCHEMAS = { raid: raidRunInputSchema, challenge: challengeRunInputSchema, desert: desertRunInputSchema } as const;
export const PATCH_SCHEMAS = { raid: patchOf(raidRunInputSchema), challenge: patchOf(challengeRunInputSchema), desert: patchOf(desertRunInputSchema) } as const;
export const VIEW_SCHEMAS = { raid: raidRunViewSchema, challenge: challengeRunViewSchema, desert: desertRunViewSchema } as const;
export const PAGE_SCHEMAS = { raid: runPageOf(raidRunViewSchema), challenge: runPageOf(challengeRunViewSchema), desert: runPageOf(desertRunViewSchema) } as const;
