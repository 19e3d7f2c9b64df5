// The Desert Perpetual kind's schemas: the form and API input and the API's view.
import { z } from "../../shared/schemas/zod";
import { DESERT_COMPLETION_TYPES, FEATS } from "../../shared/desertEnums";
import { T } from "../../shared/text";
import { commonInput, commonView } from "../../shared/schemas/runFields";

const V = T.validation;

export const desertRunInputSchema = z.object({
  ...commonInput,
  completionType: z.enum(DESERT_COMPLETION_TYPES, { error: V.completionTypeRequired }),
  feats: z.array(z.enum(FEATS, { error: V.invalidRequest }), { error: V.invalidRequest }).max(FEATS.length, V.invalidRequest).optional(),
});
export type DesertRunInput = z.infer<typeof desertRunInputSchema>;

export const desertRunViewSchema = z.strictObject({
  ...commonView,
  kind: z.literal("desert"),
  completionType: z.enum(DESERT_COMPLETION_TYPES),
  feats: z.array(z.string()),
});

/** A desert run as the API answers it. */
export type DesertRun = z.infer<typeof desertRunViewSchema>;
