// The run forms' inputs (SPEC §5, payloads of §7). One schema per run kind validates both
// the API body and the island form, so the messages a person sees under a field are the
// ones an API client gets back as `{ message }`.
import type { z } from "./zod";
import type { RunKind } from "../enums";
import { T } from "../text";
import { idField } from "./ids";
import { statusField } from "./runFields";
import { INPUT_SCHEMAS, PATCH_SCHEMAS } from "../../kinds/schemas";
import type { challengeRunInputSchema } from "../../kinds/challenge/schemas";
import type { desertRunInputSchema } from "../../kinds/desert/schemas";
import { classRestrictionInputSchema, type raidRunInputSchema } from "../../kinds/raid/schemas";

const V = T.validation;

export { scheduledDateField } from "./runFields";
export { challengeRunInputSchema as challengeRunSchema } from "../../kinds/challenge/schemas";
export { desertRunInputSchema as desertRunSchema } from "../../kinds/desert/schemas";
export { raidRunInputSchema as raidRunSchema } from "../../kinds/raid/schemas";

/** One class restriction of a raid run; also the Add Class dialog's schema. */
export const classRestrictionSchema = classRestrictionInputSchema;
export const addClassSchema = classRestrictionInputSchema;
export type ClassRestrictionInput = z.infer<typeof classRestrictionInputSchema>;

export type RaidRunInput = z.infer<typeof raidRunInputSchema>;
export type ChallengeRunInput = z.infer<typeof challengeRunInputSchema>;
export type DesertRunInput = z.infer<typeof desertRunInputSchema>;

/** Each kind's create payload (its descriptor folder's schemas.ts). */
export const RUN_SCHEMAS = INPUT_SCHEMAS;
export type RunInputOf<K extends RunKind> = z.infer<(typeof RUN_SCHEMAS)[K]>;

/** PATCH bodies: any subset of the create payload; staff may also set the status (SPEC §4). */
export const RUN_PATCH_SCHEMAS = PATCH_SCHEMAS;
export type RunPatchOf<K extends RunKind> = z.infer<(typeof RUN_PATCH_SCHEMAS)[K]>;

/**
 * The form's variant when a person picks the booster (staff): 'Booster is required'.
 * In booster mode the field is fixed to the current booster and the base schema applies.
 */
export function withRequiredBooster<S extends (typeof RUN_SCHEMAS)[RunKind]>(schema: S) {
  return schema.extend({ boosterId: idField(V.boosterRequired) });
}

/**
 * The schema a run form validates with: the API's, plus 'Booster is required' when the
 * person picks the booster (staff) and the status when staff edit.
 */
export function runFormSchema(kind: RunKind, opts: { pickBooster: boolean; setStatus: boolean }) {
  const base = RUN_SCHEMAS[kind] as typeof raidRunInputSchema;
  const withBooster = opts.pickBooster ? withRequiredBooster(base) : base;
  return opts.setStatus ? withBooster.extend({ status: statusField }) : withBooster;
}

export { RUN_KIND_BY_SLUG, RUN_TITLES, runKindForSlug } from "../runKinds";
