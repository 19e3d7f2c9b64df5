// A run of any kind as the API and islands see them (each kind's own type is beside its
// schemas, e.g. RaidRun in src/kinds/raid/schemas.ts). `scheduledDate` is the
// text 'YYYY-MM-DD HH:MM' on the clocks of the run's own `timezone`; `startsAt` is
// the same moment as an ISO instant, for converting to the viewer's zone.
import type { z } from "zod";
import type { RunKind } from "../shared/enums";
import type { revisedSchema, runBoosterSchema } from "../shared/schemas/runFields";
import type { RUN_REPEAT_RESPONSE_SCHEMAS, RUN_WRITE_RESPONSE_SCHEMAS, VIEW_SCHEMAS } from "./schemas";

// The shapes are defined once, as the API's response schemas; these are their types.
export type RunBooster = z.infer<typeof runBoosterSchema>;
export type AnyRun = { [K in RunKind]: z.infer<(typeof VIEW_SCHEMAS)[K]> }[RunKind];

/** When a stored run last changed (every run answer carries it; calendar feeds publish it). */
export type Revised = z.infer<typeof revisedSchema>;
export type RunOfKind<K extends RunKind> = Extract<AnyRun, { kind: K }>;


/** A write's non-blocking warnings: `overlap` names the booster's other runs at that time. */
export type { RunWarning } from "../shared/schemas/warnings";
/** A created, changed or duplicated run with its warnings. */
export type WarnedRun<K extends RunKind> = z.infer<(typeof RUN_WRITE_RESPONSE_SCHEMAS)[K]>;
/** A create with `scheduledDates`: every run made, and the warnings of all of them. */
export type RepeatedRuns<K extends RunKind> = z.infer<(typeof RUN_REPEAT_RESPONSE_SCHEMAS)[K]>;
