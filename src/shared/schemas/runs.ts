// The run forms' inputs (SPEC §5, payloads of §7). One schema per run kind validates both
// the API body and the island form, so the messages a person sees under a field are the
// ones an API client gets back as `{ message }`.
import { z } from "./zod";
import {
  CHALLENGE_FACTIONS, CHALLENGE_MODES, DESERT_COMPLETION_TYPES, DIFFICULTIES, FEATS, GAMEPLAY_TYPES, REGIONS,
  RUN_STATUSES, TIMEZONES, type RunKind,
} from "../enums";
import { parseScheduled } from "../../domain/time";
import { T } from "../text";
import { textOf } from "./text";
import { idField } from "./ids";

const V = T.validation;

const textField = (message: string, max: number) =>
  textOf(message).trim().min(1, message).max(max, message);

/** SPEC's scheduledDate text on the clocks of `timezone` ('YYYY-MM-DD HH:MM', T and seconds allowed). */
export const scheduledDateField = textOf(V.scheduledRequired, T.runForm.scheduledInvalid).trim()
  .min(1, V.scheduledRequired)
  .refine((s) => parseScheduled(s) !== null, T.runForm.scheduledInvalid);

const common = {
  gameId: idField(V.gameRequired),
  /** The booster record's id. Staff must give one; for a booster the server uses their own. */
  boosterId: idField(V.boosterRequired).nullish(),
  timezone: z.enum(TIMEZONES, { error: V.invalidRequest }),
  scheduledDate: scheduledDateField,
};

/** One class restriction of a raid run; also the Add Class dialog's schema. */
export const classRestrictionSchema = z.object({
  wowClass: textField(V.classRequired, 50),
  specs: z.array(textField(V.specRequired, 50), { error: V.specRequired }).min(1, V.specRequired).max(20, V.specRequired),
  serviceType: textField(V.serviceTypeRequired, 100),
});
export const addClassSchema = classRestrictionSchema;
export type ClassRestrictionInput = z.infer<typeof classRestrictionSchema>;

export const raidRunSchema = z.object({
  ...common,
  /** Fixed 'WoW Raid Run' (SPEC §9); accepted for compatibility, the server stores the fixed title. */
  title: textOf(V.invalidRequest).max(200, V.invalidRequest).optional(),
  region: z.enum(REGIONS, { error: T.runForm.regionRequired }),
  raidId: idField(V.raidRequired),
  difficulty: z.enum(DIFFICULTIES, { error: V.difficultyRequired }),
  factionId: idField(V.factionRequired),
  completionModeId: idField(V.completionModeRequired),
  gameplayType: z.enum(GAMEPLAY_TYPES, { error: V.gameplayTypeRequired }),
  /** null (or absent) = all classes available; a list = only these classes ('Add specific classes'). */
  classRestrictions: z.array(classRestrictionSchema, { error: V.classRequired }).min(1, V.classRequired).max(20, V.classRequired).nullish(),
  crossRealmAvailable: z.boolean({ error: V.invalidRequest }).optional(),
});

export const challengeRunSchema = z.object({
  ...common,
  title: textOf(V.invalidRequest).max(200, V.invalidRequest).optional(),
  faction: z.enum(CHALLENGE_FACTIONS, { error: V.factionRequired }),
  completionMode: z.enum(CHALLENGE_MODES, { error: V.completionModeRequired }),
});

export const desertRunSchema = z.object({
  ...common,
  completionType: z.enum(DESERT_COMPLETION_TYPES, { error: V.completionTypeRequired }),
  feats: z.array(z.enum(FEATS, { error: V.invalidRequest }), { error: V.invalidRequest }).max(FEATS.length, V.invalidRequest).optional(),
});

export type RaidRunInput = z.infer<typeof raidRunSchema>;
export type ChallengeRunInput = z.infer<typeof challengeRunSchema>;
export type DesertRunInput = z.infer<typeof desertRunSchema>;

export const RUN_SCHEMAS = { raid: raidRunSchema, challenge: challengeRunSchema, desert: desertRunSchema } as const;
export type RunInputOf<K extends RunKind> = z.infer<(typeof RUN_SCHEMAS)[K]>;

/** PATCH bodies: any subset of the create payload; staff may also set the status (SPEC §4). */
const statusField = z.enum(RUN_STATUSES, { error: V.invalidRequest }).optional();
export const raidRunPatchSchema = raidRunSchema.partial().extend({ status: statusField });
export const challengeRunPatchSchema = challengeRunSchema.partial().extend({ status: statusField });
export const desertRunPatchSchema = desertRunSchema.partial().extend({ status: statusField });
export const RUN_PATCH_SCHEMAS = { raid: raidRunPatchSchema, challenge: challengeRunPatchSchema, desert: desertRunPatchSchema } as const;
export type RunPatchOf<K extends RunKind> = z.infer<(typeof RUN_PATCH_SCHEMAS)[K]>;

/**
 * The form's variant when a person picks the booster (staff): 'Booster is required'.
 * In booster mode the field is fixed to the current booster and the base schema applies.
 */
export function withRequiredBooster<S extends typeof raidRunSchema | typeof challengeRunSchema | typeof desertRunSchema>(schema: S) {
  return schema.extend({ boosterId: idField(V.boosterRequired) });
}

/**
 * The schema a run form validates with: the API's, plus 'Booster is required' when the
 * person picks the booster (staff) and the status when staff edit.
 */
export function runFormSchema(kind: RunKind, opts: { pickBooster: boolean; setStatus: boolean }) {
  const base = RUN_SCHEMAS[kind] as typeof raidRunSchema;
  const withBooster = opts.pickBooster ? withRequiredBooster(base) : base;
  return opts.setStatus ? withBooster.extend({ status: z.enum(RUN_STATUSES, { error: V.invalidRequest }) }) : withBooster;
}

export { RUN_KIND_BY_SLUG, RUN_TITLES, runKindForSlug } from "../runKinds";
