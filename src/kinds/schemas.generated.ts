// Generated from the src/kinds/<kind>/schemas modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import { patchOf, runPageOf } from "../shared/schemas/runFields";
import { createSchemaOf } from "../shared/schemas/repeat";
import { z } from "../shared/schemas/zod";
import { repeatedOf, writeWarnings } from "./runResponses";
import { raidRunInputSchema, raidRunViewSchema } from "./raid/schemas";
import { challengeRunInputSchema, challengeRunViewSchema } from "./challenge/schemas";
import { desertRunInputSchema, desertRunViewSchema } from "./desert/schemas";

export const INPUT_SCHEMAS = { raid: raidRunInputSchema, challenge: challengeRunInputSchema, desert: desertRunInputSchema } as const;
export const RUN_CREATE_SCHEMAS = { raid: createSchemaOf(raidRunInputSchema), challenge: createSchemaOf(challengeRunInputSchema), desert: createSchemaOf(desertRunInputSchema) } as const;
export const PATCH_SCHEMAS = { raid: patchOf(raidRunInputSchema), challenge: patchOf(challengeRunInputSchema), desert: patchOf(desertRunInputSchema) } as const;
export const VIEW_SCHEMAS = { raid: raidRunViewSchema, challenge: challengeRunViewSchema, desert: desertRunViewSchema } as const;
export const PAGE_SCHEMAS = { raid: runPageOf(raidRunViewSchema), challenge: runPageOf(challengeRunViewSchema), desert: runPageOf(desertRunViewSchema) } as const;
export const RUN_WRITE_RESPONSE_SCHEMAS = { raid: raidRunViewSchema.extend(writeWarnings), challenge: challengeRunViewSchema.extend(writeWarnings), desert: desertRunViewSchema.extend(writeWarnings) } as const;
export const RUN_REPEAT_RESPONSE_SCHEMAS = { raid: repeatedOf(raidRunViewSchema), challenge: repeatedOf(challengeRunViewSchema), desert: repeatedOf(desertRunViewSchema) } as const;
export const RUN_CREATE_RESPONSE_SCHEMAS = { raid: z.union([RUN_WRITE_RESPONSE_SCHEMAS.raid, RUN_REPEAT_RESPONSE_SCHEMAS.raid]), challenge: z.union([RUN_WRITE_RESPONSE_SCHEMAS.challenge, RUN_REPEAT_RESPONSE_SCHEMAS.challenge]), desert: z.union([RUN_WRITE_RESPONSE_SCHEMAS.desert, RUN_REPEAT_RESPONSE_SCHEMAS.desert]) } as const;
