// The Desert Perpetual run kind: the part pages, islands and the API share.
import type { DesertCalendarRun } from "./filters";
import { GAME_IDS, GAME_SLUGS, RUN_STATUSES } from "../../shared/enums";
import { DESERT_COMPLETION_TYPES } from "../../shared/desertEnums";
import { T } from "../../shared/text";
import { baseCalendarRun, baseInput, defineKind } from "../define";
import { labelWith } from "../label";

/** Display-id prefix of a run without one: its card shows 'TDP-{id}'. */
const PREFIX = "TDP";

export const desertKind = defineKind({
  kind: "desert",
  slug: GAME_SLUGS.desert,
  gameId: GAME_IDS.desert,
  title: T.calendar.desertTitle,
  label: T.runKinds.desert,
  fallbackPrefix: PREFIX,
  durationMinutes: 120,
  storefront: { env: "STOREFRONT_DESERT_URL", url: "https://www.blazingboost.com/destiny-2-desert-perpetual" },
  apiPath: "/desert-perpetual-runs",
  sorts: ["id", "completionType", "status", "feats", "booster", "date", "spots"],
  filters: { status: RUN_STATUSES, completionType: DESERT_COMPLETION_TYPES },
  // Completion types are searched by the label the panel shows ('Sherpa Only').
  // A getter: read when the panel renders, so the server renders it in the request's language.
  filterLabels: { completionType: { get label() { return T.panels.filterCompletionType; }, option: (v) => T.labels.desertCompletion[v] } },
  fetchFailed: T.toast.fetchDesertRuns,
  searchText: (r) => `${r.displayId ?? ""} ${T.labels.desertCompletion[r.completionType]} ${r.feats.join(" ")}`,
  filterValue: { completionType: (r) => r.completionType },
  sortValue: { completionType: (r) => [r.completionType], feats: (r) => [r.feats.join(", ")] },
  asInput: (r) => ({ ...baseInput(r), completionType: r.completionType, feats: r.feats }),
  toCalendarRun: (r): DesertCalendarRun => ({ ...baseCalendarRun(r, labelWith(r, PREFIX)), completion: r.completionType, feats: r.feats }),
  contactRows: (c: { run: DesertCalendarRun }) => [
    [T.calendar.raid, T.calendar.desertTitle],
    [T.calendar.completionType, T.labels.desertCompletion[c.run.completion]],
    [T.calendar.feats, c.run.feats.length ? c.run.feats.join(", ") : T.calendar.noFeatsRun],
  ],
  eventTitle: () => T.calendar.desertTitle,
  name: () => T.calendar.desertTitle,
  what: (r) => T.run.what.desert({ completion: T.labels.desertCompletion[r.completionType] }),
  details: (r) => [
    [T.calendar.raid, T.calendar.desertTitle],
    [T.calendar.completionType, T.labels.desertCompletion[r.completionType]],
    [T.calendar.feats, r.feats.length ? r.feats.join(", ") : T.calendar.noFeatsRun],
  ],
  deleteTitle: (label) => T.panels.desert.deleteTitle({ id: label }),
});
