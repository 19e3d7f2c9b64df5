// The WoW raid kind's schemas: the form and API input, its class
// restrictions, and the API's view.
import { z } from "../../shared/schemas/zod";
import { DIFFICULTIES, GAMEPLAY_TYPES, REGIONS } from "../../shared/enums";
import { T } from "../../shared/text";
import { textOf } from "../../shared/schemas/text";
import { idField } from "../../shared/schemas/ids";
import { commonInput, commonView, textField, viewId } from "../../shared/schemas/runFields";

const V = T.validation;

/** One class restriction of a raid run; also the Add Class dialog's schema. */
export const classRestrictionInputSchema = z.object({
  wowClass: textField(V.classRequired, 50),
  specs: z.array(textField(V.specRequired, 50), { error: V.specRequired }).min(1, V.specRequired).max(20, V.specRequired),
  serviceType: textField(V.serviceTypeRequired, 100),
});
export type ClassRestrictionInput = z.infer<typeof classRestrictionInputSchema>;

export const raidRunInputSchema = z.object({
  ...commonInput,
  /** Always 'WoW Raid Run'; accepted for compatibility, the server stores the fixed title. */
  title: textOf(V.invalidRequest).max(200, V.invalidRequest).optional(),
  region: z.enum(REGIONS, { error: T.runForm.regionRequired }),
  raidId: idField(V.raidRequired),
  difficulty: z.enum(DIFFICULTIES, { error: V.difficultyRequired }),
  factionId: idField(V.factionRequired),
  completionModeId: idField(V.completionModeRequired),
  gameplayType: z.enum(GAMEPLAY_TYPES, { error: V.gameplayTypeRequired }),
  /** null (or absent) = all classes available; a list = only these classes ('Add specific classes'). */
  classRestrictions: z.array(classRestrictionInputSchema, { error: V.classRequired }).min(1, V.classRequired).max(20, V.classRequired).nullish(),
  crossRealmAvailable: z.boolean({ error: V.invalidRequest }).optional(),
});
export type RaidRunInput = z.infer<typeof raidRunInputSchema>;

export const classRestrictionViewSchema = z.strictObject({ wowClass: z.string(), specs: z.array(z.string()), serviceType: z.string() });

export const raidRunViewSchema = z.strictObject({
  ...commonView,
  kind: z.literal("raid"),
  difficulty: z.enum(DIFFICULTIES),
  crossRealmAvailable: z.boolean(),
  region: z.enum(REGIONS),
  raidId: viewId,
  raid: z.strictObject({ name: z.string() }),
  factionId: viewId,
  faction: z.strictObject({ name: z.string() }),
  completionModeId: viewId.nullable(),
  completionMode: z.strictObject({ name: z.string() }).nullable(),
  gameplayType: z.enum(GAMEPLAY_TYPES).nullable(),
  classRestrictions: z.array(classRestrictionViewSchema),
});

export type ClassRestriction = z.infer<typeof classRestrictionViewSchema>;
/** A raid run as the API answers it. */
export type RaidRun = z.infer<typeof raidRunViewSchema>;
