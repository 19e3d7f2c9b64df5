// The Challenge Mode run kind: the part pages, islands and the API share.
import type { ChallengeCalendarRun } from "./filters";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES, GAME_IDS, GAME_SLUGS, RUN_STATUSES } from "../../shared/enums";
import { T } from "../../shared/text";
import { baseCalendarRun, baseInput, defineKind } from "../define";
import { boosterText, labelWith } from "../label";

/** Display-id prefix of a run without one: none, so its card shows '#id'. */
const PREFIX = null;

export const challengeKind = defineKind({
  kind: "challenge",
  slug: GAME_SLUGS.challenge,
  gameId: GAME_IDS.challenge,
  title: T.calendar.challengeTitle,
  label: T.runKinds.challenge,
  fallbackPrefix: PREFIX,
  durationMinutes: 120,
  storefront: { env: "STOREFRONT_CHALLENGE_URL", url: "https://www.blazingboost.com/wow-mop-challenge-modes" },
  apiPath: "/challenge-mode-runs",
  sorts: ["id", "title", "mode", "status", "faction", "booster", "date", "spots"],
  filters: { status: RUN_STATUSES, faction: CHALLENGE_FACTIONS, mode: CHALLENGE_MODES },
  // Getters: read when the panel renders, so the server renders them in the request's language.
  filterLabels: { faction: { get label() { return T.panels.filterFaction; } }, mode: { get label() { return T.panels.filterMode; } } },
  fetchFailed: T.toast.fetchChallengeRuns,
  searchText: (r) => `${r.displayId ?? ""} ${r.title} ${boosterText(r)}`,
  filterValue: { faction: (r) => r.faction, mode: (r) => r.completionMode },
  sortValue: { title: (r) => [r.title], mode: (r) => [r.completionMode], faction: (r) => [r.faction] },
  asInput: (r) => ({ ...baseInput(r), faction: r.faction, completionMode: r.completionMode }),
  toCalendarRun: (r): ChallengeCalendarRun => ({ ...baseCalendarRun(r, labelWith(r, PREFIX)), faction: r.faction, mode: r.completionMode }),
  contactRows: (c: { run: ChallengeCalendarRun }) => [
    [T.calendar.raid, T.calendar.challengeTitle],
    [T.calendar.faction, c.run.faction],
    [T.calendar.completionMode, c.run.mode],
  ],
  eventTitle: () => T.calendar.challengeTitle,
  name: () => T.calendar.challengeTitle,
  what: (r) => T.run.what.challenge({ faction: r.faction, mode: r.completionMode }),
  details: (r) => [[T.calendar.raid, T.calendar.challengeTitle], [T.calendar.faction, r.faction], [T.calendar.completionMode, r.completionMode]],
  deleteTitle: () => T.panels.challenge.deleteTitle,
});
