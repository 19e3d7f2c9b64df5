// One page of a run list for the staff and booster panels: filters,
// search and sort run in the database, and only the page's rows are loaded with their
// relations. Four statements: the counts, alongside them the page's ids, then its rows and
// their booking clicks.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { boosters } from "../../../db/schema";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../kinds/runs";
import { DEFAULT_PAGE_SIZE, type Clicked, type RunFilters, type RunPage, type RunPageParams } from "../../kinds/runList";
import { clicksByRun } from "../clicks/bookingClicks";
import { overbookedByRun } from "../storefront/orders";
import { where, type RunListFilter, type SortJoin } from "../../kinds/serverRows";

/** LIKE's special characters escaped, so a search for '50%' finds the text '50%'. */
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the search box looks through per kind (as each panel's placeholder says). Matches
 * in the small tables (boosters, raids) are looked up first, so the runs' condition is an
 * OR of index scans: the display id's (and title's) trigram index and the booster index.
 */
async function searchCondition(db: Db, kind: RunKind, q: string): Promise<SQL> {
  return SERVER_KINDS[kind].search(db, `%${likeEscape(q)}%`, q);
}

function filterConditions<K extends RunKind>(kind: K, f: RunFilters<K>): (SQL | undefined)[] {
  const t = SERVER_KINDS[kind].table;
  const own = SERVER_KINDS[kind].filters as unknown as Record<string, (v: string) => SQL>;
  return Object.entries(f as Record<string, string | undefined>).map(([name, v]) =>
    v === undefined ? undefined : name === "status" ? eq(t.status, v as typeof t.status._.data) : own[name]?.(v));
}

/**
 * A sort column as SQL values (compared as text, as the panel shows them) and the joins it
 * needs. Ties fall back to the run id, so pages never overlap.
 */
function sortBy(kind: RunKind, column: string): { values: SQL[]; joins?: SortJoin[] } {
  const t = SERVER_KINDS[kind].table;
  switch (column) {
    case "id": return { values: [sql`${t.id}`] };
    case "date": return { values: [sql`${t.startsAt}`] };
    case "status": return { values: [sql`${t.status}::text`] };
    case "booster": return { values: [sql`${boosters.boosterId}`], joins: [{ table: boosters, on: eq(boosters.id, t.boosterId) }] };
    // Places left, then offered; NULL (not tracked) sorts last ascending, first descending (src/kinds/runPaging.ts `spotsKey`).
    case "spots": return { values: [sql`${t.spots} - ${t.spotsTaken}`, sql`${t.spots}`] };
    default: return (SERVER_KINDS[kind].sorts as Record<string, () => { values: SQL[]; joins?: SortJoin[] }>)[column]!();
  }
}

/** The ids of one page under a column sort. */
async function sortedIds(db: Db, kind: RunKind, w: SQL | undefined, column: string, dir: "asc" | "desc", limit: number, offset: number): Promise<number[]> {
  const t = SERVER_KINDS[kind].table;
  const { values, joins = [] } = sortBy(kind, column);
  let q = db.select({ id: t.id }).from(t).$dynamic();
  for (const j of joins) q = j.left ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on);
  const by = dir === "asc" ? asc : desc;
  const rows = await q.where(w).orderBy(...values.map((v) => by(v)), by(t.id)).limit(limit).offset(offset);
  return rows.map((r) => r.id);
}

/**
 * The ids of one page in the default order: upcoming runs soonest first, then past runs
 * latest first. Each half is a range of the (game, start) index read in one direction, so
 * the first pages cost a few index entries however many runs there are.
 */
async function defaultIds(db: Db, kind: RunKind, w: SQL | undefined, now: Date, upcoming: number, limit: number, offset: number): Promise<number[]> {
  const t = SERVER_KINDS[kind].table;
  const ids: number[] = [];
  if (offset < upcoming) {
    const rows = await db.select({ id: t.id }).from(t).where(and(w, gte(t.startsAt, now)))
      .orderBy(asc(t.startsAt), asc(t.id)).limit(limit).offset(offset);
    ids.push(...rows.map((r) => r.id));
  }
  if (ids.length < limit) {
    const rows = await db.select({ id: t.id }).from(t).where(and(w, lt(t.startsAt, now)))
      .orderBy(desc(t.startsAt), desc(t.id)).limit(limit - ids.length).offset(Math.max(0, offset - upcoming));
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** One page of the runs `scope` allows (a game, a booster's own), filtered, searched and sorted. */
export async function listRunPage<K extends RunKind>(
  db: Db, kind: K, scope: RunListFilter, p: RunPageParams<K>, now: Date,
): Promise<RunPage<RunOfKind<K> & Clicked>> {
  const t = SERVER_KINDS[kind].table;
  const w = and(where(t, scope), ...filterConditions(kind, p.filters), p.q ? await searchCondition(db, kind, p.q) : undefined);
  const counts = db.select({
    total: sql<number>`count(*)::int`,
    upcoming: sql<number>`(count(*) filter (where ${t.startsAt} >= ${now.toISOString()}::timestamptz))::int`,
  }).from(t).where(w).then((rows) => rows[0]!);
  const offset = (p.page - 1) * p.pageSize;
  // The ids need the counts only for a later page in the default order (where the upcoming
  // runs end); otherwise both are asked at once (PostgreSQL answers them in parallel).
  const pageIds = p.sort ? sortedIds(db, kind, w, p.sort, p.order, p.pageSize, offset)
    : offset === 0 ? defaultIds(db, kind, w, now, Number.POSITIVE_INFINITY, p.pageSize, 0)
    : counts.then((c) => (offset >= c.total ? [] : defaultIds(db, kind, w, now, c.upcoming, p.pageSize, offset)));
  // The rows, their booking clicks (all time) and their overbooked places (storefront
  // orders) load side by side, one grouped statement each.
  const pageRows = pageIds.then(async (ids) => {
    const none = new Map<number, number>();
    const [loaded, clicks, overbooked] = ids.length
      ? await Promise.all([SERVER_KINDS[kind].list(db, { ids }, now), clicksByRun(db, kind, ids), overbookedByRun(db, kind, ids)]) : [[], none, none];
    const byId = new Map(loaded.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const run = byId.get(id);
      const over = overbooked.get(id);
      return run ? [{ ...run, clicks: clicks.get(id) ?? 0, ...(over ? { overbooked: over } : {}) }] : [];
    });
  });
  const [{ total }, runs] = await Promise.all([counts, pageRows]);
  return { runs, total, page: p.page, pageSize: p.pageSize };
}

/** The first page in the default order: what the admin and dashboard pages render at once. */
export const firstRunPage = <K extends RunKind>(db: Db, kind: K, scope: RunListFilter, now: Date): Promise<RunPage<RunOfKind<K> & Clicked>> =>
  listRunPage(db, kind, scope, { page: 1, pageSize: DEFAULT_PAGE_SIZE, order: "asc", filters: {} }, now);
