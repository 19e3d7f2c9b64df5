// The WoW raid run kind: the part pages, islands and the API share.
import type { RaidCalendarRun } from "./filters";
import { DIFFICULTIES, GAME_IDS, GAME_SLUGS, REGIONS, RUN_STATUSES } from "../../shared/enums";
import { T } from "../../shared/text";
import { baseCalendarRun, baseInput, defineKind } from "../define";
import { boosterText, labelWith } from "../label";

/** Display-id prefix of a run without one: none, so its card shows '#id'. */
const PREFIX = null;

export const raidKind = defineKind({
  kind: "raid",
  slug: GAME_SLUGS.raid,
  gameId: GAME_IDS.raid,
  title: "WoW Raid Run",
  label: T.runKinds.raid,
  fallbackPrefix: PREFIX,
  durationMinutes: 180,
  storefront: { env: "STOREFRONT_RAID_URL", url: "https://www.blazingboost.com/wow-mop-raids" },
  apiPath: "/runs",
  sorts: ["id", "raid", "region", "status", "booster", "faction", "modes", "date", "spots"],
  filters: { status: RUN_STATUSES, region: REGIONS, difficulty: DIFFICULTIES },
  filterLabels: {
    // Getters: read when the panel renders, so the server renders them in the request's language.
    region: { get label() { return T.panels.filterRegion; } },
    difficulty: { get label() { return T.panels.filterDifficulty; }, option: (v) => T.labels.difficulty[v] },
  },
  fetchFailed: T.toast.fetchRuns,
  searchText: (r) => `${r.displayId ?? ""} ${r.raid.name} ${boosterText(r)}`,
  filterValue: { region: (r) => r.region, difficulty: (r) => r.difficulty },
  sortValue: {
    raid: (r) => [r.raid.name, r.difficulty],
    region: (r) => [r.region],
    faction: (r) => [r.faction.name],
    modes: (r) => [r.completionMode?.name ?? T.calendar.standard, r.gameplayType ?? ""],
  },
  asInput: (r) => ({
    ...baseInput(r), region: r.region, raidId: r.raidId, difficulty: r.difficulty, factionId: r.factionId,
    completionModeId: r.completionModeId ?? undefined, gameplayType: r.gameplayType ?? undefined,
    classRestrictions: r.classRestrictions.length ? r.classRestrictions : null,
    crossRealmAvailable: r.crossRealmAvailable,
  }),
  toCalendarRun: (r): RaidCalendarRun => ({
    ...baseCalendarRun(r, labelWith(r, PREFIX)), region: r.region, raidId: r.raidId,
    difficulty: r.difficulty, faction: r.faction.name, mode: r.completionMode?.name ?? null, gameplay: r.gameplayType,
    classes: r.classRestrictions.map((c) => ({ wowClass: c.wowClass, specs: c.specs, serviceType: c.serviceType })),
  }),
  contactRows: (c: { run: RaidCalendarRun; raidName: string }) => [
    [T.calendar.raid, c.raidName],
    [T.calendar.difficulty, T.labels.difficulty[c.run.difficulty]],
    [T.calendar.faction, c.run.faction],
    [T.calendar.completionMode, c.run.mode ?? T.calendar.standard],
    [T.calendar.gameplayType, c.run.gameplay ? T.labels.gameplayType[c.run.gameplay] : T.calendar.notSpecified],
  ],
  eventTitle: (c) => `${c.raidName} ${T.labels.difficulty[c.run.difficulty]}`,
  /** 'Paladin (Healer, Tank) · Full Gear Priority', one line each. */
  contactList: (c) => ({
    term: T.contact.classes, empty: T.contact.allClasses,
    items: c.run.classes.map((k) => `${k.wowClass}${k.specs.length ? ` (${k.specs.join(", ")})` : ""} · ${k.serviceType}`),
  }),
  name: (r) => r.raid.name,
  what: (r) => T.run.what.raid({ raid: r.raid.name, difficulty: T.labels.difficulty[r.difficulty], region: T.labels.region[r.region] }),
  details: (r) => [
    [T.calendar.raid, r.raid.name],
    [T.calendar.difficulty, T.labels.difficulty[r.difficulty]],
    [T.run.region, T.labels.region[r.region]],
    [T.calendar.faction, r.faction.name],
    [T.calendar.completionMode, r.completionMode?.name ?? T.calendar.standard],
    [T.calendar.gameplayType, r.gameplayType ? T.labels.gameplayType[r.gameplayType] : T.calendar.notSpecified],
    [T.run.crossRealm, r.crossRealmAvailable ? T.run.yes : T.run.no],
  ],
  detailTable: (r) => ({
    title: T.run.restrictions, empty: T.calendar.allClasses,
    head: [T.run.restrictionClass, T.run.restrictionSpecs, T.run.restrictionService],
    rows: r.classRestrictions.map((c) => [c.wowClass, c.specs.length ? c.specs.join(", ") : T.run.anySpec, c.serviceType]),
  }),
  deleteTitle: () => T.panels.raid.deleteTitle,
});
