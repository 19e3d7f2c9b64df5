// Which view of the admin's Runs area is open: the run panel or the Insights charts
// of demand, and the Insights period. Kept in the URL beside the game selection
// (?tab=runs&game=&tool=&view=insights[&days=7|90]), so a reload or a shared link opens the
// same view. Read by the server loader and the island.
import { INSIGHT_DAYS, INSIGHT_PERIODS } from "../shared/schemas/insights";

export const RUNS_VIEWS = ["runs", "insights"] as const;
export type RunsView = (typeof RUNS_VIEWS)[number];

/** The view a query asks for; anything but 'insights' is the run panel. */
export const runsViewOf = (value: string | null | undefined): RunsView => (value === "insights" ? "insights" : "runs");

export const runsViewFromSearch = (search: string): RunsView => runsViewOf(new URLSearchParams(search).get("view"));

/**
 * A Runs-area link (selectionHref's, which has a query already) opening this view; the
 * Insights view keeps its period (`days`), left out when it is the default 30.
 */
export const withRunsView = (href: string, view: RunsView, days: number = INSIGHT_DAYS.default): string =>
  view === "insights" ? `${href}&view=insights${days === INSIGHT_DAYS.default ? "" : `&days=${days}`}` : href;

/** The Insights period a query asks for (?days=7|30|90); anything else is the default. */
export function insightDaysOf(value: string | null | undefined): number {
  const n = Number(value);
  return (INSIGHT_PERIODS as readonly number[]).includes(n) ? n : INSIGHT_DAYS.default;
}

export const insightDaysFromSearch = (search: string): number => insightDaysOf(new URLSearchParams(search).get("days"));
