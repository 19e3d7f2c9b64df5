// The raid calendar's filters (game 1): choices, defaults and match rules.
import { DIFFICULTIES, GAMEPLAY_TYPES, REGIONS, SERVICE_TYPES, type Difficulty, type GameplayType, type Region, type ServiceType } from "../../shared/enums";
import type { ClassRestriction } from "./schemas";
import type { Timezone } from "../../shared/enums";
import {
  ALL, oneOf, openOnlyEntries, parseOpenOnly, passesOpenOnly, regionZone, sortByStart, type All, type CalendarRunBase, type OpenOnly, type Query,
} from "../../domain/calendarFilters";

/** The raid class filter's choices, in the calendar's order. */
export const FILTER_CLASSES = ["Paladin", "Warrior", "Druid", "Death Knight", "Priest", "Mage", "Warlock", "Hunter", "Rogue"] as const;
export type FilterClass = (typeof FILTER_CLASSES)[number];

/** The default raid tab (else the first raid). */
export const DEFAULT_RAID_NAME = "Mogu'shan Vaults";

export type RaidCalendarRun = CalendarRunBase & {
  region: Region;
  raidId: number;
  difficulty: Difficulty;
  faction: string;
  /** Completion mode name; null shows as 'Standard'. */
  mode: string | null;
  gameplay: GameplayType | null;
  /** Empty: all classes and service types. */
  classes: ClassRestriction[];
};

export type RaidRef = { id: number; name: string; slug: string };
export type FactionRef = { name: string; region: Region };
export type RaidRefs = { raids: readonly RaidRef[]; factions: readonly FactionRef[] };

export type RaidFilters = {
  region: Region;
  /** The raid tab; null only when the game has no raids. */
  raidId: number | null;
  difficulty: Difficulty | All;
  /** A faction name of the chosen region. */
  faction: string;
  wowClass: FilterClass | All;
  serviceType: ServiceType | All;
  gameplay: GameplayType | All;
} & OpenOnly;

/** Mogu'shan Vaults when the game has it, else the first raid. */
export function defaultRaidId(raids: readonly RaidRef[]): number | null {
  return (raids.find((r) => r.name === DEFAULT_RAID_NAME) ?? raids[0])?.id ?? null;
}

export function factionsOf(refs: RaidRefs, region: Region): string[] {
  return refs.factions.filter((f) => f.region === region).map((f) => f.name);
}

export function defaultRaidFilters(refs: RaidRefs): RaidFilters {
  return {
    region: "EU", raidId: defaultRaidId(refs.raids), difficulty: ALL, faction: ALL, wowClass: ALL, serviceType: ALL, gameplay: ALL,
  };
}

export function parseRaidFilters(q: Query, refs: RaidRefs): RaidFilters {
  const d = defaultRaidFilters(refs);
  const region = oneOf(q.get("region"), REGIONS) ?? d.region;
  const raid = refs.raids.find((r) => r.slug === q.get("raid"));
  return {
    region,
    raidId: raid?.id ?? d.raidId,
    difficulty: oneOf(q.get("difficulty"), DIFFICULTIES) ?? ALL,
    // A faction of the other region (or none at all) means all factions.
    faction: oneOf(q.get("faction"), factionsOf(refs, region)) ?? ALL,
    wowClass: oneOf(q.get("class"), FILTER_CLASSES) ?? ALL,
    serviceType: oneOf(q.get("service"), SERVICE_TYPES) ?? ALL,
    gameplay: oneOf(q.get("gameplay"), GAMEPLAY_TYPES) ?? ALL,
    ...parseOpenOnly(q),
  };
}

/** URL parameter of each select filter. */
const PARAMS = [["difficulty", "difficulty"], ["faction", "faction"], ["class", "wowClass"], ["service", "serviceType"], ["gameplay", "gameplay"]] as const;

/** Query entries for `f`, leaving out every default (so the default view has a bare URL). */
export function serializeRaidFilters(f: RaidFilters, refs: RaidRefs): [string, string][] {
  const out: [string, string][] = [];
  if (f.region !== "EU") out.push(["region", f.region]);
  const raid = refs.raids.find((r) => r.id === f.raidId);
  if (raid && raid.id !== defaultRaidId(refs.raids)) out.push(["raid", raid.slug]);
  for (const [param, key] of PARAMS) if (f[key] !== ALL) out.push([param, f[key]]);
  out.push(...openOnlyEntries(f));
  return out;
}

/** The zone a raid view shows without `tz`: the region's. */
export const raidZone = (f: RaidFilters): Timezone => regionZone(f.region);

/**
 * How many runs each raid tab holds for the other filters (one pass over the runs).
 * Tabs without runs are absent.
 */
export function raidTabCounts(runs: readonly RaidCalendarRun[], f: RaidFilters): Map<number, number> {
  const counts = new Map<number, number>();
  for (const run of runs) if (matchesRaid(run, { ...f, raidId: run.raidId })) counts.set(run.raidId, (counts.get(run.raidId) ?? 0) + 1);
  return counts;
}

/** The form's filters that differ from their default (the 'Filters (n active)' count). */
export const activeRaidFilters = (f: RaidFilters): number => PARAMS.filter(([, key]) => f[key] !== ALL).length + (f.open ? 1 : 0);

/** Changing the region resets the faction filter to all. */
export function withRegion(f: RaidFilters, region: Region): RaidFilters {
  return region === f.region ? f : { ...f, region, faction: ALL };
}

/**
 * Region and raid must equal the selection; difficulty, faction and gameplay type
 * match or are 'all'. A run without class restrictions passes the class and service-type
 * filters; otherwise each active one needs at least one restriction that matches it.
 */
export function matchesRaid(run: RaidCalendarRun, f: RaidFilters): boolean {
  if (run.region !== f.region || run.raidId !== f.raidId || !passesOpenOnly(run, f)) return false;
  if (f.difficulty !== ALL && run.difficulty !== f.difficulty) return false;
  if (f.faction !== ALL && run.faction !== f.faction) return false;
  if (f.gameplay !== ALL && run.gameplay !== f.gameplay) return false;
  if (run.classes.length) {
    if (f.wowClass !== ALL && !run.classes.some((c) => c.wowClass === f.wowClass)) return false;
    if (f.serviceType !== ALL && !run.classes.some((c) => c.serviceType === f.serviceType)) return false;
  }
  return true;
}

export function filterRaidRuns(runs: readonly RaidCalendarRun[], f: RaidFilters): RaidCalendarRun[] {
  return sortByStart(runs.filter((r) => matchesRaid(r, f)));
}
