// The Insights view of the Runs tab and the panels' clicks column.
import { counted } from "./plural";

export const insightsText = {
  // Demand insights: the clicks column and the Insights view (docs/decisions/17-demand-insights.md).
  insights: {
    clicksColumn: "Clicks (all time)",
    clicksCell: (n: number) => counted(n, "booking click", "booking clicks"),
    viewsLabel: "Runs area view",
    runsView: "Runs",
    insightsView: "Insights",
    heading: (game: string) => `Insights: ${game}`,
    intro: (days: number, from: string, to: string) => `The last ${days} days (${from} to ${to}, UTC days). Offered runs are runs of this calendar scheduled that day that were not cancelled; clicks are visitors' booking-link clicks.`,
    loading: "Loading insights...",
    failed: "Insights could not be loaded.",
    retry: "Try again",
    empty: "No clicks yet: once visitors follow booking links of this calendar's runs, the charts appear here.",
    showTable: "Show as table",
    showChart: "Show as chart",
    dailyTitle: "Offered runs and booking clicks per day",
    dailySummary: (days: number, runs: number, clicks: number, peakDay: string | null, peak: number) =>
      `Over ${counted(days, "day", "days")}: ${counted(runs, "offered run", "offered runs")} and ${counted(clicks, "booking click", "booking clicks")}.${peakDay ? ` Most clicks on ${peakDay} (${peak}).` : ""}`,
    day: "Day (UTC)",
    runs: "Offered runs",
    clicks: "Booking clicks",
    perRun: "Clicks per offered run",
    breakdownTitle: (dimension: string) => `Clicks per offered run by ${dimension}`,
    breakdownSummary: (dimension: string, best: string | null, value: number) =>
      best ? `By ${dimension}: ${best} has the most clicks per offered run (${value}).` : `By ${dimension}: no offered runs.`,
    dimensions: {
      raid: "raid", difficulty: "difficulty", mode: "completion mode", faction: "faction",
      completionType: "completion type", hour: "start hour (UTC)",
    },
    hourLabel: (h: number) => `${String(h).padStart(2, "0")}:00`,
    notPerCalendar: "Insights are per calendar: choose one of this game's calendars.",
    invalidDays: "Days must be a whole number from 7 to 90.",
  },
} as const;
