// The Insights view's request and answer (docs/decisions/17-demand-insights.md).
import { z } from "./zod";
import { T } from "../text";
import { idParam } from "./params";
import { RUN_KIND_NAMES } from "../enums";

export const INSIGHT_DAYS = { min: 7, max: 90, default: 30 } as const;

/** GET /api/insights: a calendar (a game with runs of its own) and how many UTC days back. */
export const insightsQuery = z.object({
  gameId: idParam,
  days: z.coerce.number({ error: T.insights.invalidDays }).int(T.insights.invalidDays)
    .min(INSIGHT_DAYS.min, T.insights.invalidDays).max(INSIGHT_DAYS.max, T.insights.invalidDays).optional(),
});

/** The dimensions a breakdown groups by: raids have raid and difficulty, the other kinds their own. */
export const INSIGHT_DIMENSIONS = ["raid", "difficulty", "mode", "faction", "completionType", "hour"] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

const count = z.number().int().min(0);

export const insightsSchema = z.strictObject({
  gameId: z.number().int(),
  kind: z.enum(RUN_KIND_NAMES),
  days: z.number().int(),
  /** First and last UTC day of the window ('YYYY-MM-DD'), the last one today on the server's clock. */
  from: z.string(),
  to: z.string(),
  /** Every day of the window, oldest first: runs offered that day (by start) and booking clicks made that day. */
  daily: z.array(z.strictObject({ day: z.string(), runs: count, clicks: count })),
  /** The sums of `daily`. */
  totals: z.strictObject({ runs: count, clicks: count }),
  /** Per dimension, the window's offered runs grouped: how many, all their clicks (any day), clicks per run (2 decimals). */
  breakdowns: z.array(z.strictObject({
    dimension: z.enum(INSIGHT_DIMENSIONS),
    rows: z.array(z.strictObject({ key: z.string(), label: z.string(), runs: count, clicks: count, perRun: z.number() })),
  })),
});
export type Insights = z.infer<typeof insightsSchema>;
