// The three run kinds as the API and islands see them. `scheduledDate` is the
// text 'YYYY-MM-DD HH:MM' on the clocks of the run's own `timezone`; `startsAt` is
// the same moment as an ISO instant, for converting to the viewer's zone.
import type { z } from "zod";
import type { RunKind } from "../shared/enums";
import type { RUN_REPEAT_RESPONSE_SCHEMAS, RUN_WRITE_RESPONSE_SCHEMAS } from "./runResponses";
import type { revisedSchema, runBoosterSchema } from "../shared/schemas/runFields";
import type { VIEW_SCHEMAS } from "./schemas";
import type { classRestrictionViewSchema } from "./raid/schemas";

// The shapes are defined once, as the API's response schemas; these are their types.
export type RunBooster = z.infer<typeof runBoosterSchema>;
export type ClassRestriction = z.infer<typeof classRestrictionViewSchema>;
export type RaidRun = z.infer<typeof VIEW_SCHEMAS.raid>;
export type ChallengeRun = z.infer<typeof VIEW_SCHEMAS.challenge>;
export type DesertRun = z.infer<typeof VIEW_SCHEMAS.desert>;

export type AnyRun = RaidRun | ChallengeRun | DesertRun;

/** When a stored run last changed (every run answer carries it; calendar feeds publish it). */
export type Revised = z.infer<typeof revisedSchema>;
export type RunOfKind<K extends RunKind> = Extract<AnyRun, { kind: K }>;

export type { PanelMode } from "../shared/types";

/** A write's non-blocking warnings: `overlap` names the booster's other runs at that time. */
export type { RunWarning } from "../shared/schemas/warnings";
/** A created, changed or duplicated run with its warnings. */
export type WarnedRun<K extends RunKind> = z.infer<(typeof RUN_WRITE_RESPONSE_SCHEMAS)[K]>;
/** A create with `scheduledDates`: every run made, and the warnings of all of them. */
export type RepeatedRuns<K extends RunKind> = z.infer<(typeof RUN_REPEAT_RESPONSE_SCHEMAS)[K]>;
