// The paged run list over runs already in memory: the anonymous variant of the list API,
// answered from the public read model (src/public) instead of the database. Same
// parameters and meaning as the SQL version (src/api/runs/paging.ts).
import type { RunKind } from "../shared/enums";
import type { AnyRun, RunOfKind } from "./runs";
import type { RunPage, RunPageParams } from "./runList";
import type { SortKey } from "./define";
import { RUN_KINDS } from "./registry";

type Key = SortKey;

/**
 * The Spots column's key: places left, then places offered; runs that do not track places
 * count as more than any (last ascending, first descending, as PostgreSQL orders NULLs).
 */
export const spotsKey = (r: AnyRun): Key[] => (r.spots === null ? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] : [r.spotsLeft ?? 0, r.spots]);

/** The sort columns every kind has; each kind's descriptor adds its own. */
const COMMON_SORTS: Record<string, (r: AnyRun) => Key[]> = {
  id: (r) => [r.id],
  date: (r) => [r.startsAt],
  status: (r) => [r.status],
  booster: (r) => [r.booster.boosterId],
  spots: spotsKey,
};

/** A kind's filter value of a run (status is common to all kinds). */
function filterValue(kind: RunKind, name: string): ((r: AnyRun) => string | undefined) | undefined {
  if (name === "status") return (r) => r.status;
  return (RUN_KINDS[kind].filterValue as Record<string, (r: AnyRun) => string>)[name];
}

const sortValue = (kind: RunKind, name: string): ((r: AnyRun) => Key[]) | undefined =>
  COMMON_SORTS[name] ?? (RUN_KINDS[kind].sortValue as Record<string, (r: AnyRun) => Key[]>)[name];

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
  const search = RUN_KINDS[kind].searchText as (r: RunOfKind<K>) => string;
  const tests = filters.map(([name, v]) => [filterValue(kind, name), v] as const);
  const matched = runs.filter((r) =>
    (!needle || search(r).toLowerCase().includes(needle)) && tests.every(([value, v]) => value?.(r) === v));
  const key = p.sort ? sortValue(kind, p.sort)! : null;
  const dir = p.order === "desc" ? -1 : 1;
  const sorted = key
    ? matched.toSorted((a, b) => (compareKeys(key(a), key(b)) || a.id - b.id) * dir)
    : matched.toSorted(defaultOrder(now));
  const start = (p.page - 1) * p.pageSize;
  return { runs: sorted.slice(start, start + p.pageSize), total: matched.length, page: p.page, pageSize: p.pageSize };
}
