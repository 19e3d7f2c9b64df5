// One page of a run list for the staff and booster panels (issue 12 item 14): filters,
// search and sort run in the database, and only the page's rows are loaded with their
// relations. Four statements: the counts, alongside them the page's ids, then its rows and
// their booking clicks.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  boosters, challengeModeRuns, completionModes, desertPerpetualRuns, factions, raidRuns, raids, users,
} from "../../../db/schema";
import { DESERT_COMPLETION_TYPES, type RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../shared/runs";
import { DEFAULT_PAGE_SIZE, type Clicked, type RunFilters, type RunPage, type RunPageParams } from "../../shared/runList";
import { clicksByRun } from "../../public/clicks";
import { T } from "../../shared/text";
import { RUN_LISTERS, where, type RunListFilter } from "./queries";

// The columns every run table shares, typed once (the three tables have them alike).
const TABLES = { raid: raidRuns, challenge: challengeModeRuns, desert: desertPerpetualRuns } as unknown as Record<RunKind, typeof raidRuns>;

/** LIKE's special characters escaped, so a search for '50%' finds the text '50%'. */
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Booster records whose code, nickname or email holds the pattern (a small table). */
async function boostersMatching(db: Db, p: string): Promise<number[]> {
  const rows = await db.select({ id: boosters.id }).from(boosters).innerJoin(users, eq(users.id, boosters.userId))
    .where(or(ilike(boosters.boosterId, p), ilike(users.nickname, p), ilike(users.email, p)));
  return rows.map((r) => r.id);
}

async function raidsMatching(db: Db, p: string): Promise<number[]> {
  return (await db.select({ id: raids.id }).from(raids).where(ilike(raids.name, p))).map((r) => r.id);
}

/**
 * Case-insensitive substring test on a run column: matches the upper() trigram indexes of
 * db/schema/runs.ts, and where a scan is needed anyway LIKE costs a third of ILIKE.
 */
const contains = (column: Parameters<typeof ilike>[0], p: string): SQL => sql`upper(${column}) like upper(${p})`;

const anyOf = (column: Parameters<typeof inArray>[0], ids: number[]) => (ids.length ? inArray(column, ids) : undefined);

/**
 * What the search box looks through per kind (SPEC §2 Run panels' placeholders). Matches
 * in the small tables (boosters, raids) are looked up first, so the runs' condition is an
 * OR of index scans: the display id's (and title's) trigram index and the booster index.
 */
async function searchCondition(db: Db, kind: RunKind, q: string): Promise<SQL> {
  const p = `%${likeEscape(q)}%`;
  switch (kind) {
    case "raid": {
      const [raidIds, boosterIds] = await Promise.all([raidsMatching(db, p), boostersMatching(db, p)]);
      return or(contains(raidRuns.displayId, p), anyOf(raidRuns.raidId, raidIds), anyOf(raidRuns.boosterId, boosterIds))!;
    }
    case "challenge": {
      const boosterIds = await boostersMatching(db, p);
      return or(contains(challengeModeRuns.displayId, p), contains(challengeModeRuns.title, p), anyOf(challengeModeRuns.boosterId, boosterIds))!;
    }
    case "desert": {
      // Completion types are searched by the label the panel shows ('Sherpa Only').
      const needle = q.toLowerCase();
      const types = DESERT_COMPLETION_TYPES.filter((c) => T.labels.desertCompletion[c].toLowerCase().includes(needle));
      return or(
        contains(desertPerpetualRuns.displayId, p),
        types.length ? inArray(desertPerpetualRuns.completionType, types) : undefined,
        sql`array_to_string(${desertPerpetualRuns.feats}, ' ') ilike ${p}`,
      )!;
    }
  }
}

function filterConditions<K extends RunKind>(kind: K, f: RunFilters<K>): (SQL | undefined)[] {
  const all = f as RunFilters<"raid"> & RunFilters<"challenge"> & RunFilters<"desert">;
  const t: typeof raidRuns = TABLES[kind];
  const parts: (SQL | undefined)[] = [all.status ? eq(t.status, all.status) : undefined];
  if (kind === "raid") {
    parts.push(all.region ? eq(raidRuns.region, all.region) : undefined, all.difficulty ? eq(raidRuns.difficulty, all.difficulty) : undefined);
  } else if (kind === "challenge") {
    parts.push(all.faction ? eq(challengeModeRuns.faction, all.faction) : undefined, all.mode ? eq(challengeModeRuns.completionMode, all.mode) : undefined);
  } else if (all.completionType) {
    parts.push(eq(desertPerpetualRuns.completionType, all.completionType));
  }
  return parts;
}

/**
 * A sort column as SQL values (compared as text, as the panel shows them) and the joins it
 * needs. Ties fall back to the run id, so pages never overlap.
 */
function sortBy(kind: RunKind, column: string): { values: SQL[]; join?: "booster" | "raid" | "faction" | "mode" } {
  const t: typeof raidRuns = TABLES[kind];
  switch (column) {
    case "id": return { values: [sql`${t.id}`] };
    case "date": return { values: [sql`${t.startsAt}`] };
    case "status": return { values: [sql`${t.status}::text`] };
    case "booster": return { values: [sql`${boosters.boosterId}`], join: "booster" };
    case "title": return { values: [sql`${challengeModeRuns.title}`] };
    case "mode": return { values: [sql`${challengeModeRuns.completionMode}`] };
    case "region": return { values: [sql`${raidRuns.region}::text`] };
    case "raid": return { values: [sql`${raids.name}`, sql`${raidRuns.difficulty}::text`], join: "raid" };
    case "modes": return { values: [sql`coalesce(${completionModes.name}, ${T.calendar.standard})`, sql`${raidRuns.gameplayType}::text`], join: "mode" };
    case "completionType": return { values: [sql`${desertPerpetualRuns.completionType}::text`] };
    case "feats": return { values: [sql`array_to_string(${desertPerpetualRuns.feats}, ', ')`] };
    default: // faction: a raid run's faction row, a challenge run's own text
      return kind === "raid" ? { values: [sql`${factions.name}`], join: "faction" } : { values: [sql`${challengeModeRuns.faction}`] };
  }
}

/** The ids of one page under a column sort. */
async function sortedIds(db: Db, kind: RunKind, w: SQL | undefined, column: string, dir: "asc" | "desc", limit: number, offset: number): Promise<number[]> {
  const t: typeof raidRuns = TABLES[kind];
  const { values, join } = sortBy(kind, column);
  let q = db.select({ id: t.id }).from(t).$dynamic();
  if (join === "booster") q = q.innerJoin(boosters, eq(boosters.id, t.boosterId));
  if (join === "raid") q = q.innerJoin(raids, eq(raids.id, raidRuns.raidId));
  if (join === "faction") q = q.innerJoin(factions, eq(factions.id, raidRuns.factionId));
  if (join === "mode") q = q.leftJoin(completionModes, eq(completionModes.id, raidRuns.completionModeId));
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
  const t: typeof raidRuns = TABLES[kind];
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
  const t: typeof raidRuns = TABLES[kind];
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
  // The rows and their booking clicks (all time, one grouped statement) load side by side.
  const pageRows = pageIds.then(async (ids) => {
    const [loaded, clicks] = ids.length ? await Promise.all([RUN_LISTERS[kind](db, { ids }), clicksByRun(db, kind, ids)]) : [[], new Map<number, number>()];
    const byId = new Map(loaded.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const run = byId.get(id);
      return run ? [{ ...run, clicks: clicks.get(id) ?? 0 }] : [];
    });
  });
  const [{ total }, runs] = await Promise.all([counts, pageRows]);
  return { runs, total, page: p.page, pageSize: p.pageSize };
}

/** The first page in the default order: what the admin and dashboard pages render at once. */
export const firstRunPage = <K extends RunKind>(db: Db, kind: K, scope: RunListFilter, now: Date): Promise<RunPage<RunOfKind<K> & Clicked>> =>
  listRunPage(db, kind, scope, { page: 1, pageSize: DEFAULT_PAGE_SIZE, order: "asc", filters: {} }, now);
