// The run panels' search and filter dropdowns (SPEC §2 Run panels), as pure functions so
// they can be measured and tested on their own. The search text of every run is built
// once per data change; a keystroke is then one substring test per run.
import { displayTime } from "../../src/domain/time";
import {
  CHALLENGE_FACTIONS, CHALLENGE_MODES, DESERT_COMPLETION_TYPES, DIFFICULTIES, REGIONS, RUN_STATUSES,
  type RunKind, type Timezone,
} from "../../src/shared/enums";
import { runLabel, type AnyRun, type ChallengeRun, type DesertRun, type RaidRun, type RunOfKind } from "../../src/shared/runs";
import { T } from "../../src/shared/text";

export const ALL = "all";

export type FilterDef<R> = {
  id: string;
  label: string;
  value: (run: R) => string;
  optionLabel: (value: string) => string;
  /** The enum's own order for the options; values outside it come last, alphabetically. */
  order?: readonly string[];
};
export type FilterOption = { value: string; label: string };
export type FilterState = Record<string, string>;

const labelOf = <M extends Record<string, string>>(map: M) => (v: string) => (map as Record<string, string>)[v] ?? v;

const statusFilter = <R extends AnyRun>(): FilterDef<R> => ({
  id: "status", label: T.panels.filterStatus, value: (r) => r.status, optionLabel: labelOf(T.labels.runStatus), order: RUN_STATUSES,
});

const boosterText = (r: AnyRun) => [r.booster.boosterId, r.booster.user?.nickname ?? "", r.booster.user?.email ?? ""].join(" ");
const idText = (r: AnyRun) => `${runLabel(r)} #${r.id} ${r.id}`;

/** Per kind: what the search box looks through, and the filter dropdowns. */
export const PANEL_SEARCH: { [K in RunKind]: (r: RunOfKind<K>) => string } = {
  raid: (r: RaidRun) => `${idText(r)} ${r.raid.name} ${boosterText(r)}`,
  challenge: (r: ChallengeRun) => `${idText(r)} ${r.title} ${boosterText(r)}`,
  desert: (r: DesertRun) => `${idText(r)} ${T.labels.desertCompletion[r.completionType]} ${r.feats.join(" ")}`,
};

export const PANEL_FILTERS: { [K in RunKind]: FilterDef<RunOfKind<K>>[] } = {
  raid: [
    statusFilter<RaidRun>(),
    { id: "region", label: T.panels.filterRegion, value: (r) => r.region, optionLabel: (v) => v, order: REGIONS },
    { id: "difficulty", label: T.panels.filterDifficulty, value: (r) => r.difficulty, optionLabel: labelOf(T.labels.difficulty), order: DIFFICULTIES },
  ],
  challenge: [
    statusFilter<ChallengeRun>(),
    { id: "faction", label: T.panels.filterFaction, value: (r) => r.faction, optionLabel: (v) => v, order: CHALLENGE_FACTIONS },
    { id: "mode", label: T.panels.filterMode, value: (r) => r.completionMode, optionLabel: (v) => v, order: CHALLENGE_MODES },
  ],
  desert: [
    statusFilter<DesertRun>(),
    {
      id: "completionType", label: T.panels.filterCompletionType, value: (r) => r.completionType,
      optionLabel: labelOf(T.labels.desertCompletion), order: DESERT_COMPLETION_TYPES,
    },
  ],
};

/** Lower-cased search text per run, in the runs' order (rebuilt only when the runs change). */
export function searchIndex<R>(runs: readonly R[], text: (run: R) => string): string[] {
  return runs.map((r) => text(r).toLowerCase());
}

/** Options of one dropdown: 'All' plus the values present in the data. */
export function filterOptions<R>(runs: readonly R[], def: FilterDef<R>): FilterOption[] {
  const present = new Set<string>();
  for (const r of runs) present.add(def.value(r));
  const rank = (v: string) => {
    const i = def.order?.indexOf(v) ?? -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  const values = [...present].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [{ value: ALL, label: T.calendar.all }, ...values.map((v) => ({ value: v, label: def.optionLabel(v) }))];
}

/**
 * The rows a panel shows: every run whose search text holds the query (case-insensitive,
 * trimmed) and whose value matches each dropdown that is not 'All'.
 */
export function filterRuns<R>(
  runs: readonly R[], index: readonly string[], query: string, defs: readonly FilterDef<R>[], selected: FilterState,
): R[] {
  const q = query.trim().toLowerCase();
  const active = defs.filter((d) => selected[d.id] && selected[d.id] !== ALL);
  if (!q && !active.length) return runs as R[];
  const out: R[] = [];
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (q && !index[i]!.includes(q)) continue;
    if (active.some((d) => d.value(r) !== selected[d.id])) continue;
    out.push(r);
  }
  return out;
}

export type SortValue = string | number | null | undefined;

/**
 * The order of `runs` by one column's value (text case-insensitively, numbers as numbers),
 * as indexes into `runs`; ties keep the given order. Computed once per sort or data change.
 */
export function sortOrder<R>(runs: readonly R[], key: ((run: R) => SortValue) | null, desc: boolean): number[] {
  const order = runs.map((_, i) => i);
  if (!key) return order;
  const keys = runs.map((r) => {
    const v = key(r);
    return typeof v === "string" ? v.toLowerCase() : v ?? "";
  });
  const dir = desc ? -1 : 1;
  return order.sort((a, b) => {
    const ka = keys[a]!, kb = keys[b]!;
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir || a - b;
  });
}

/** The Run Date cell: 'Sat 2026-11-21 · 18:00 CET' in the panel's chosen zone. */
export function runDateText(startsAt: string, zone: Timezone): string {
  const d = displayTime(new Date(startsAt), zone);
  return `${d.weekday} ${d.date} · ${d.time} ${d.zone}`;
}
