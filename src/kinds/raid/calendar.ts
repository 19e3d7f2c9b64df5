// The raid calendar's view and feed (src/kinds/calendarAdapter.ts).
import {
  defaultRaidFilters, filterRaidRuns, parseRaidFilters, type RaidFilters, type RaidRefs, raidZone, serializeRaidFilters,
} from "./filters";
import { T } from "../../shared/text";
import { openOnlyName, withKindText, type CalendarAdapter } from "../calendarAdapter";
import { DIFFICULTIES, GAMEPLAY_TYPES, REGIONS, SERVICE_TYPES } from "../../shared/enums";

/** What only this kind's calendar island shows, beside the common texts. */
export function raidCalendarText() {
  const c = T.calendar;
  return {
    region: c.region, raid: c.raid, difficulty: c.difficulty, faction: c.faction, factionsRealms: c.factionsRealms, class: c.class,
    serviceType: c.serviceType, gameplayType: c.gameplayType, completionMode: c.completionMode, standard: c.standard,
    notSpecified: c.notSpecified, classLimitation: c.classLimitation, availableClasses: c.availableClasses, allClasses: c.allClasses,
    empty: c.noRuns,
    choices: { regions: REGIONS, difficulties: DIFFICULTIES, gameplayTypes: GAMEPLAY_TYPES, serviceTypes: SERVICE_TYPES },
    labels: { difficulty: T.labels.difficulty, gameplayType: T.labels.gameplayType },
  };
}
export type RaidCalendarText = ReturnType<typeof raidCalendarText>;

export const raidCalendar: CalendarAdapter<"raid", RaidFilters, { refs: RaidRefs }> = {
  island: (data, common) => ({ name: "RaidCalendar", props: { ...common, text: withKindText(common.text, raidCalendarText()), runs: data.runs, filters: data.filters, refs: data.refs } }),
  storefrontCallout: true,
  view(cal, query) {
    const filters = parseRaidFilters(query, cal.refs);
    return { data: { kind: "raid", runs: cal.runs, filters, refs: cal.refs }, entries: serializeRaidFilters(filters, cal.refs), zone: raidZone(filters) };
  },
  runView: (run, cal) => serializeRaidFilters({ ...defaultRaidFilters(cal.refs), region: run.region, raidId: run.raidId }, cal.refs),
  shown(data) {
    const raidName = (id: number) => data.refs.raids.find((r) => r.id === id)?.name ?? "";
    return filterRaidRuns(data.runs, data.filters).map((run) => ({ kind: "raid", run, raidName: raidName(run.raidId) }));
  },
  filterNames(data) {
    const f = data.filters;
    const raid = data.refs.raids.find((r) => r.id === f.raidId)?.name;
    return [
      f.region, raid, f.difficulty === "all" ? null : T.labels.difficulty[f.difficulty], f.faction === "all" ? null : f.faction,
      f.wowClass === "all" ? null : f.wowClass, f.serviceType === "all" ? null : f.serviceType,
      f.gameplay === "all" ? null : T.labels.gameplayType[f.gameplay], ...openOnlyName(f),
    ].filter((x): x is string => !!x);
  },
  /** The raid's region after its name, and its class rule at the end. */
  eventDetails: (c, rows) => [
    rows[0]!, `${T.calendar.region}: ${c.run.region}`, ...rows.slice(1),
    c.run.classes.length
      ? `${T.calendar.availableClasses} ${c.run.classes.map((k) => `${k.wowClass} (${k.specs.join(", ")}) · ${k.serviceType}`).join("; ")}`
      : T.calendar.allClasses,
  ],
};
