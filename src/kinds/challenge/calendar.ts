// The Challenge Mode calendar's view and feed (src/kinds/calendarAdapter.ts).
import {
  type ChallengeFilters, challengeZone, DEFAULT_CHALLENGE_FILTERS, filterChallengeRuns, parseChallengeFilters, serializeChallengeFilters,
} from "./filters";
import { T } from "../../shared/text";
import { openOnlyName, withKindText, type CalendarAdapter } from "../calendarAdapter";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES } from "../../shared/enums";

/** What only this kind's calendar island shows, beside the common texts. */
export function challengeCalendarText() {
  const c = T.calendar;
  return {
    faction: c.faction, completionMode: c.completionMode, challengeTitle: c.challengeTitle, empty: c.noChallengeRuns,
    choices: { challengeFactions: CHALLENGE_FACTIONS, challengeModes: CHALLENGE_MODES },
  };
}
export type ChallengeCalendarText = ReturnType<typeof challengeCalendarText>;

export const challengeCalendar: CalendarAdapter<"challenge", ChallengeFilters> = {
  island: (data, common) => ({ name: "ChallengeCalendar", props: { ...common, text: withKindText(common.text, challengeCalendarText()), runs: data.runs, filters: data.filters } }),
  view(cal, query) {
    const filters = parseChallengeFilters(query);
    return { data: { kind: "challenge", runs: cal.runs, filters }, entries: serializeChallengeFilters(filters), zone: challengeZone(filters) };
  },
  runView: (run) => serializeChallengeFilters({ ...DEFAULT_CHALLENGE_FILTERS, faction: run.faction }),
  shown: (data) => filterChallengeRuns(data.runs, data.filters).map((run) => ({ kind: "challenge", run })),
  filterNames: (data) => [data.filters.faction, data.filters.mode, ...openOnlyName(data.filters)],
};
