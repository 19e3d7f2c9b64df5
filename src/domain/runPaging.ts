// The paged run list over runs already in memory: the anonymous variant of the list API,
// answered from the public read model (src/public) instead of the database. Same
// parameters and meaning as the SQL version (src/api/runs/paging.ts).
import type { RunKind } from "../shared/enums";
import type { AnyRun, RunOfKind } from "../shared/runs";
import type { RunPage, RunPageParams } from "../shared/runList";
import { T } from "../shared/text";

type Key = string | number;

const boosterText = (r: AnyRun) => `${r.booster.boosterId} ${r.booster.user?.nickname ?? ""} ${r.booster.user?.email ?? ""}`;

/** What the search box looks through per kind (the SQL version searches the same fields). */
const SEARCH: { [K in RunKind]: (r: RunOfKind<K>) => string } = {
  raid: (r) => `${r.displayId ?? ""} ${r.raid.name} ${boosterText(r)}`,
  challenge: (r) => `${r.displayId ?? ""} ${r.title} ${boosterText(r)}`,
  desert: (r) => `${r.displayId ?? ""} ${T.labels.desertCompletion[r.completionType]} ${r.feats.join(" ")}`,
};

const FILTER_VALUE: Record<string, (r: AnyRun) => string | undefined> = {
  status: (r) => r.status,
  region: (r) => (r.kind === "raid" ? r.region : undefined),
  difficulty: (r) => (r.kind === "raid" ? r.difficulty : undefined),
  faction: (r) => (r.kind === "challenge" ? r.faction : undefined),
  mode: (r) => (r.kind === "challenge" ? r.completionMode : undefined),
  completionType: (r) => (r.kind === "desert" ? r.completionType : undefined),
};

const SORT_VALUE: Record<string, (r: AnyRun) => Key[]> = {
  id: (r) => [r.id],
  date: (r) => [r.startsAt],
  status: (r) => [r.status],
  booster: (r) => [r.booster.boosterId],
  title: (r) => [r.title],
  mode: (r) => [r.kind === "challenge" ? r.completionMode : ""],
  region: (r) => [r.kind === "raid" ? r.region : ""],
  raid: (r) => (r.kind === "raid" ? [r.raid.name, r.difficulty] : []),
  modes: (r) => (r.kind === "raid" ? [r.completionMode?.name ?? T.calendar.standard, r.gameplayType ?? ""] : []),
  completionType: (r) => [r.kind === "desert" ? r.completionType : ""],
  feats: (r) => [r.kind === "desert" ? r.feats.join(", ") : ""],
  faction: (r) => [r.kind === "raid" ? r.faction.name : r.kind === "challenge" ? r.faction : ""],
};

function compareKeys(a: Key[], b: Key[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? "", y = b[i] ?? "";
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Default order: upcoming runs soonest first, then past runs latest first; ties by id. */
function defaultOrder(now: Date) {
  const at = now.toISOString();
  return (a: AnyRun, b: AnyRun): number => {
    const pa = new Date(a.startsAt).toISOString() >= at, pb = new Date(b.startsAt).toISOString() >= at;
    if (pa !== pb) return pa ? -1 : 1;
    const dir = pa ? 1 : -1;
    return (compareKeys([a.startsAt], [b.startsAt]) || a.id - b.id) * dir;
  };
}

/** One page of `runs` (one kind) under the list parameters. */
export function pageRuns<K extends RunKind>(kind: K, runs: readonly RunOfKind<K>[], p: RunPageParams<K>, now: Date): RunPage<RunOfKind<K>> {
  const needle = p.q?.trim().toLowerCase();
  const filters = Object.entries(p.filters).filter(([, v]) => v !== undefined) as [string, string][];
  const search = SEARCH[kind] as (r: RunOfKind<K>) => string;
  const matched = runs.filter((r) =>
    (!needle || search(r).toLowerCase().includes(needle)) && filters.every(([name, v]) => FILTER_VALUE[name]?.(r) === v));
  const key = p.sort ? SORT_VALUE[p.sort]! : null;
  const dir = p.order === "desc" ? -1 : 1;
  const sorted = key
    ? matched.toSorted((a, b) => (compareKeys(key(a), key(b)) || a.id - b.id) * dir)
    : matched.toSorted(defaultOrder(now));
  const start = (p.page - 1) * p.pageSize;
  return { runs: sorted.slice(start, start + p.pageSize), total: matched.length, page: p.page, pageSize: p.pageSize };
}
