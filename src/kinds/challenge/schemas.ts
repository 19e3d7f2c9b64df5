// The Challenge Mode kind's schemas: the form and API input and the API's view.
import { z } from "../../shared/schemas/zod";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES } from "../../shared/enums";
import { T } from "../../shared/text";
import { textOf } from "../../shared/schemas/text";
import { commonInput, commonView } from "../../shared/schemas/runFields";

const V = T.validation;

export const challengeRunInputSchema = z.object({
  ...commonInput,
  title: textOf(V.invalidRequest).max(200, V.invalidRequest).optional(),
  faction: z.enum(CHALLENGE_FACTIONS, { error: V.factionRequired }),
  completionMode: z.enum(CHALLENGE_MODES, { error: V.completionModeRequired }),
});
export type ChallengeRunInput = z.infer<typeof challengeRunInputSchema>;

export const challengeRunViewSchema = z.strictObject({
  ...commonView,
  kind: z.literal("challenge"),
  faction: z.enum(CHALLENGE_FACTIONS),
  completionMode: z.enum(CHALLENGE_MODES),
});

/** A challenge run as the API answers it. */
export type ChallengeRun = z.infer<typeof challengeRunViewSchema>;
