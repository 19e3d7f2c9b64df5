// Which view of the admin's Runs area is open: the run panel or the Insights charts
// of demand. Kept in the URL beside the game selection (?tab=runs&game=&tool=&view=insights),
// so a reload or a shared link opens the same view. Read by the server loader and the island.

export const RUNS_VIEWS = ["runs", "insights"] as const;
export type RunsView = (typeof RUNS_VIEWS)[number];

/** The view a query asks for; anything but 'insights' is the run panel. */
export const runsViewOf = (value: string | null | undefined): RunsView => (value === "insights" ? "insights" : "runs");

export const runsViewFromSearch = (search: string): RunsView => runsViewOf(new URLSearchParams(search).get("view"));

/** A Runs-area link (selectionHref's, which has a query already) opening this view. */
export const withRunsView = (href: string, view: RunsView): string => (view === "insights" ? `${href}&view=insights` : href);

/** The Insights period a query asks for (?days=7|30|90); anything else is the default. */
export function insightDaysOf(search: string, periods: readonly number[], fallback: number): number {
  const n = Number(new URLSearchParams(search).get("days"));
  return periods.includes(n) ? n : fallback;
}

/** The same Runs-area link with the Insights period set (`days` replaced, the rest kept). */
export function withInsightDays(href: string, days: number): string {
  const [path, query = ""] = href.split("?");
  const params = new URLSearchParams(query);
  params.set("days", String(days));
  return `${path}?${params.toString()}`;
}
