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
    intro: (days: number, from: string, to: string, zone: string) => `The last ${counted(days, "day", "days")} (${from} to ${to}, days and hours in ${zone}). Offered runs are runs of this calendar scheduled that day that were not cancelled; clicks are visitors' booking-link clicks.`,
    periodLabel: "Period",
    period: (days: number) => counted(days, "day", "days"),
    loading: "Loading insights...",
    failed: "Insights could not be loaded.",
    retry: "Try again",
    empty: "No clicks yet: once visitors follow booking links of this calendar's runs, the charts appear here.",
    showTable: "Show as table",
    showChart: "Show as chart",
    dailyTitle: "Offered runs and booking clicks per day",
    dailySummary: (days: number, runs: number, clicks: number, peakDay: string | null, peak: number) =>
      `Over ${counted(days, "day", "days")}: ${counted(runs, "offered run", "offered runs")} and ${counted(clicks, "booking click", "booking clicks")}.${peakDay ? ` Most clicks on ${peakDay} (${counted(peak, "click", "clicks")}).` : ""}`,
    day: (zone: string) => `Day (${zone})`,
    runs: "Offered runs",
    clicks: "Booking clicks",
    perRun: "Clicks per offered run",
    breakdownTitle: (dimension: string) => `Clicks per offered run by ${dimension}`,
    breakdownSummary: (dimension: string, best: string | null, value: number) =>
      best ? `By ${dimension}: ${best} has the most clicks per offered run (${value}).` : `By ${dimension}: no offered runs.`,
    dimensions: {
      raid: "raid", difficulty: "difficulty", mode: "completion mode", faction: "faction",
      completionType: "completion type", hour: "start hour",
    },
    hourIn: (zone: string) => `start hour (${zone})`,
    // Sell-through (issue #28): places taken against places offered, runs with spots only.
    sellTitle: "Places taken against places offered per day",
    sellSummary: (days: number, spots: number, taken: number) =>
      spots === 0
        ? `Over ${counted(days, "day", "days")}: no offered run tracks places.`
        : `Over ${counted(days, "day", "days")}: ${counted(taken, "place", "places")} taken of ${counted(spots, "place", "places")} offered (${Math.round((taken / spots) * 100)} %), counting the runs that track places.`,
    spotsOffered: "Places offered",
    spotsTaken: "Places taken",
    sellThrough: "Sell-through",
    sellThroughCell: (spots: number, taken: number) => (spots ? `${Math.round((taken / spots) * 100)} %` : "none offered"),
    invalidZone: "Zone must be CET or EST.",
    hourLabel: (h: number) => `${String(h).padStart(2, "0")}:00`,
    notPerCalendar: "Insights are per calendar: choose one of this game's calendars.",
    invalidDays: "Days must be a whole number from 7 to 90.",
  },
} as const;
