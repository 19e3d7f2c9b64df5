// The 9/9 Gold Challenge Mode calendar's filters: defaults ('EU Alliance', 'Selfplay & Pilot') and match rules.
import { CHALLENGE_FACTIONS, CHALLENGE_MODES, type ChallengeFaction, type ChallengeMode, type Timezone } from "../../shared/enums";
import {
  oneOf, openOnlyEntries, parseOpenOnly, passesOpenOnly, sortByStart, type CalendarRunBase, type OpenOnly, type Query,
} from "../../domain/calendarFilters";

export type ChallengeCalendarRun = CalendarRunBase & { faction: ChallengeFaction; mode: ChallengeMode };

/** `open`: only runs with free spots (src/domain/calendarFilters.ts). */
export type ChallengeFilters = { faction: ChallengeFaction; mode: ChallengeMode } & OpenOnly;
export const DEFAULT_CHALLENGE_FILTERS: ChallengeFilters = { faction: "EU Alliance", mode: "Selfplay & Pilot" };

export function parseChallengeFilters(q: Query): ChallengeFilters {
  return {
    faction: oneOf(q.get("faction"), CHALLENGE_FACTIONS) ?? DEFAULT_CHALLENGE_FILTERS.faction,
    mode: oneOf(q.get("mode"), CHALLENGE_MODES) ?? DEFAULT_CHALLENGE_FILTERS.mode,
    ...parseOpenOnly(q),
  };
}

export function serializeChallengeFilters(f: ChallengeFilters): [string, string][] {
  const out: [string, string][] = [];
  if (f.faction !== DEFAULT_CHALLENGE_FILTERS.faction) out.push(["faction", f.faction]);
  if (f.mode !== DEFAULT_CHALLENGE_FILTERS.mode) out.push(["mode", f.mode]);
  out.push(...openOnlyEntries(f));
  return out;
}

/** The zone a challenge view shows without `tz`: EST for a US faction, else CET. */
export const challengeZone = (f: ChallengeFilters): Timezone => (f.faction.startsWith("US") ? "EST" : "CET");

/**
 * The faction must equal the selection. 'Selfplay & Pilot' shows every mode;
 * 'Selfplay Only' and 'Pilot Only' also include runs offering 'Selfplay & Pilot'.
 */
export function matchesChallenge(run: ChallengeCalendarRun, f: ChallengeFilters): boolean {
  if (run.faction !== f.faction || !passesOpenOnly(run, f)) return false;
  return f.mode === "Selfplay & Pilot" || run.mode === f.mode || run.mode === "Selfplay & Pilot";
}

export function filterChallengeRuns(runs: readonly ChallengeCalendarRun[], f: ChallengeFilters): ChallengeCalendarRun[] {
  return sortByStart(runs.filter((r) => matchesChallenge(r, f)));
}
