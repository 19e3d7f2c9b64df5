// The Desert Perpetual calendar's view and feed (src/kinds/calendarAdapter.ts).
import { type DesertFilters, filterDesertRuns, parseDesertFilters, serializeDesertFilters } from "./filters";
import { T } from "../../shared/text";
import type { CalendarAdapter } from "../calendarAdapter";

export const desertCalendar: CalendarAdapter<"desert", DesertFilters> = {
  island: (data, common) => ({ name: "DesertCalendar", props: { ...common, runs: data.runs, filters: data.filters } }),
  view(cal, query) {
    const filters = parseDesertFilters(query);
    // Desert runs have no region: CET unless another zone is chosen.
    return { data: { kind: "desert", runs: cal.runs, filters }, entries: serializeDesertFilters(filters), zone: "CET" };
  },
  shown: (data) => filterDesertRuns(data.runs, data.filters).map((run) => ({ kind: "desert", run })),
  filterNames(data) {
    const { completion, feats } = data.filters;
    const featNames = feats === "all" ? [T.calendar.allFeatsRun] : feats === "none" ? [T.calendar.noFeatsRun] : feats;
    return [T.labels.desertCompletion[completion], ...featNames];
  },
  eventTitle: () => T.calendar.desertTitle,
};
