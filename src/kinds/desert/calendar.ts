// The Desert Perpetual calendar's view and feed (src/kinds/calendarAdapter.ts).
import { type DesertFilters, filterDesertRuns, parseDesertFilters, serializeDesertFilters } from "./filters";
import { T } from "../../shared/text";
import { openOnlyName, withKindText, type CalendarAdapter } from "../calendarAdapter";
import { DESERT_COMPLETION_TYPES, FEATS } from "../../shared/desertEnums";

/** What only this kind's calendar island shows, beside the common texts. */
export function desertCalendarText() {
  const c = T.calendar;
  return {
    completionType: c.completionType, feats: c.feats, allFeatsRun: c.allFeatsRun, noFeatsRun: c.noFeatsRun, activeFeats: c.activeFeats,
    /** 'N Feat(s) Run' by feat count. */
    featsRun: Array.from({ length: FEATS.length + 1 }, (_, n) => c.featsRun({ n })),
    desertTitle: c.desertTitle, empty: c.noDesertRuns,
    choices: { desertCompletions: DESERT_COMPLETION_TYPES, feats: FEATS },
    labels: { desertCompletion: T.labels.desertCompletion, feat: T.labels.feat },
  };
}
export type DesertCalendarText = ReturnType<typeof desertCalendarText>;

export const desertCalendar: CalendarAdapter<"desert", DesertFilters> = {
  island: (data, common) => ({ name: "DesertCalendar", props: { ...common, text: withKindText(common.text, desertCalendarText()), runs: data.runs, filters: data.filters } }),
  view(cal, query) {
    const filters = parseDesertFilters(query);
    // Desert runs have no region: CET unless another zone is chosen.
    return { data: { kind: "desert", runs: cal.runs, filters }, entries: serializeDesertFilters(filters), zone: "CET" };
  },
  shown: (data) => filterDesertRuns(data.runs, data.filters).map((run) => ({ kind: "desert", run })),
  filterNames(data) {
    const { completion, feats } = data.filters;
    const featNames = feats === "all" ? [T.calendar.allFeatsRun] : feats === "none" ? [T.calendar.noFeatsRun] : feats;
    return [T.labels.desertCompletion[completion], ...featNames, ...openOnlyName(data.filters)];
  },
};
