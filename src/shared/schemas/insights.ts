// The Insights view's request and answer (docs/decisions/17-demand-insights.md).
import { z } from "./zod";
import { T } from "../text";
import { idParam } from "./params";
import { CLICK_SOURCES, RUN_KIND_NAMES, TIMEZONES } from "../enums";

export const INSIGHT_DAYS = { min: 7, max: 90, default: 30 } as const;
/** The periods the view offers (?days= in the Runs area's URL); the API takes any whole number in INSIGHT_DAYS. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;

/** GET /api/insights: a calendar (a game with runs of its own), how many days back, and on whose clocks (default CET). */
export const insightsQuery = z.object({
  gameId: idParam,
  days: z.coerce.number({ error: T.insights.invalidDays }).int(T.insights.invalidDays)
    .min(INSIGHT_DAYS.min, T.insights.invalidDays).max(INSIGHT_DAYS.max, T.insights.invalidDays).optional(),
  zone: z.enum(TIMEZONES, { error: T.insights.invalidZone }).optional(),
});

/** How many embedding sites the answer lists, most clicks first. */
export const TOP_ORIGINS = 10;

/** The dimensions a breakdown groups by: raids have raid and difficulty, the other kinds their own. */
export const INSIGHT_DIMENSIONS = ["raid", "difficulty", "mode", "faction", "completionType", "hour"] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

const count = z.number().int().min(0);

export const insightsSchema = z.strictObject({
  gameId: z.number().int(),
  kind: z.enum(RUN_KIND_NAMES),
  days: z.number().int(),
  /** The zone whose days and hours the numbers are counted in. */
  zone: z.enum(TIMEZONES),
  /** First and last day of the window in `zone` ('YYYY-MM-DD'), the last one today there. */
  from: z.string(),
  to: z.string(),
  /**
   * Every day of the window, oldest first: runs offered that day (by start), booking clicks made
   * that day, and the places those runs offered and had taken (runs that track places only).
   */
  daily: z.array(z.strictObject({ day: z.string(), runs: count, clicks: count, spots: count, spotsTaken: count })),
  /** The sums of `daily`. */
  totals: z.strictObject({ runs: count, clicks: count, spots: count, spotsTaken: count }),
  /** The window's booking clicks (as in `daily`) by where they came from: every source, zeros included, in CLICK_SOURCES order. */
  sources: z.array(z.strictObject({ source: z.enum(CLICK_SOURCES), clicks: count })),
  /** The embedding sites (origins) with the most `embed` clicks in the window, at most TOP_ORIGINS, most first. */
  origins: z.array(z.strictObject({ origin: z.string(), clicks: count })),
  /** Per dimension, the window's offered runs grouped: how many, all their clicks (any day), clicks per run (2 decimals). */
  breakdowns: z.array(z.strictObject({
    dimension: z.enum(INSIGHT_DIMENSIONS),
    rows: z.array(z.strictObject({ key: z.string(), label: z.string(), runs: count, clicks: count, perRun: z.number() })),
  })),
});
export type Insights = z.infer<typeof insightsSchema>;
