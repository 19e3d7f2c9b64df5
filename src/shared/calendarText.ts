// The strings (and option lists) the calendar islands need, picked from T and the enums on
// the server and passed as an island prop. Importing T into the island would ship the whole
// catalogue (every screen's text) to public visitors and break the page's JavaScript budget.
import {
  CHALLENGE_FACTIONS, CHALLENGE_MODES, DESERT_COMPLETION_TYPES, DIFFICULTIES, FEATS, GAMEPLAY_TYPES, REGIONS, SERVICE_TYPES, TIMEZONES,
} from "./enums";
import { T } from "./text";

export function calendarText() {
  const c = T.calendar;
  return {
    timezone: c.timezone, region: c.region, raid: c.raid, difficulty: c.difficulty, faction: c.faction,
    factionsRealms: c.factionsRealms, class: c.class, serviceType: c.serviceType, gameplayType: c.gameplayType,
    completionMode: c.completionMode, completionType: c.completionType, feats: c.feats, all: c.all,
    allFeatsRun: c.allFeatsRun, noFeatsRun: c.noFeatsRun, clearAll: c.clearAll, applyFilters: c.applyFilters, filters: c.filters,
    standard: c.standard, notSpecified: c.notSpecified, classLimitation: c.classLimitation,
    availableClasses: c.availableClasses, allClasses: c.allClasses, activeFeats: c.activeFeats,
    /** 'N Feat(s) Run' by feat count. */
    featsRun: Array.from({ length: FEATS.length + 1 }, (_, n) => c.featsRun(n)),
    runsShown: c.runsShown, tabRuns: c.tabRuns, resetFilters: c.resetFilters, filtersActive: c.filtersActive,
    when: c.when, localZone: c.localZone,
    booster: c.booster, contactUs: c.contactUs, contactAbout: c.contactAbout, challengeTitle: c.challengeTitle, desertTitle: c.desertTitle,
    subscribe: T.subscribe,
    empty: { raid: c.noRuns, challenge: c.noChallengeRuns, desert: c.noDesertRuns },
    /** The filters' option lists (the enums' values; sent along so the islands need not bundle the enums). */
    choices: {
      timezones: TIMEZONES, regions: REGIONS, difficulties: DIFFICULTIES, gameplayTypes: GAMEPLAY_TYPES, serviceTypes: SERVICE_TYPES,
      challengeFactions: CHALLENGE_FACTIONS, challengeModes: CHALLENGE_MODES, desertCompletions: DESERT_COMPLETION_TYPES, feats: FEATS,
    },
    labels: {
      difficulty: T.labels.difficulty, gameplayType: T.labels.gameplayType,
      desertCompletion: T.labels.desertCompletion, feat: T.labels.feat,
    },
  };
}

export type CalendarText = ReturnType<typeof calendarText>;
