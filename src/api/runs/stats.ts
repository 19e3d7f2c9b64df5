// The admin Runs tab's four counters: available runs and boosters, in all and this week (Sunday to Saturday).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RunStats, SellThrough } from "../../shared/schemas/responses";
import { games } from "../../../db/schema";
import { unionAll } from "drizzle-orm/pg-core";
import { RUN_TABLES } from "../../kinds/server.generated";
import type { RunTable } from "../../kinds/serverRows";
import { weekBounds } from "../../domain/time";
import { publiclyAvailable } from "./available";


/** A game's own id, or its children's ids when it has children (a parent's count sums its children). */
export async function statsGameIds(db: Db, gameId: number): Promise<number[]> {
  const children = await db.select({ id: games.id }).from(games).where(eq(games.parentGameId, gameId));
  return children.length ? children.map((c) => c.id) : [gameId];
}

/** The four counters over every kind's run table, in one statement. */
export async function runStats(db: Db, gameIds: readonly number[], now: Date): Promise<RunStats> {
  const ids = gameIds.length ? [...gameIds] : [-1];
  const part = (t: RunTable) =>
    db.select({ boosterId: t.boosterId, startsAt: t.startsAt }).from(t)
      .where(and(inArray(t.gameId, ids), publiclyAvailable(t, now)));
  const [first, second, ...rest] = RUN_TABLES.map(part);
  const upcoming = unionAll(first!, second!, ...rest).as("upcoming");
  const { end } = weekBounds(now, "CET");
  const thisWeek = sql`${upcoming.startsAt} < ${end.toISOString()}::timestamptz`;
  const [row] = await db.select({
    totalAvailableRuns: sql<number>`count(*)::int`,
    totalBoosters: sql<number>`count(distinct ${upcoming.boosterId})::int`,
    availableThisWeek: sql<number>`(count(*) filter (where ${thisWeek}))::int`,
    boostersThisWeek: sql<number>`(count(distinct ${upcoming.boosterId}) filter (where ${thisWeek}))::int`,
  }).from(upcoming);
  return {
    totalAvailableRuns: Number(row?.totalAvailableRuns ?? 0),
    totalBoosters: Number(row?.totalBoosters ?? 0),
    availableThisWeek: Number(row?.availableThisWeek ?? 0),
    boostersThisWeek: Number(row?.boostersThisWeek ?? 0),
  };
}

/**
 * A booster's sell-through: places taken against places offered over their upcoming
 * available runs that track places (every kind), in one statement.
 */
export async function sellThrough(db: Db, boosterRecordId: number, now: Date): Promise<SellThrough> {
  const part = (t: RunTable) =>
    db.select({ spots: t.spots, taken: t.spotsTaken }).from(t)
      .where(and(eq(t.boosterId, boosterRecordId), isNotNull(t.spots), publiclyAvailable(t, now)));
  const [first, second, ...rest] = RUN_TABLES.map(part);
  const tracked = unionAll(first!, second!, ...rest).as("tracked");
  const [row] = await db.select({
    runs: sql<number>`count(*)::int`,
    offered: sql<number>`coalesce(sum(${tracked.spots}), 0)::int`,
    taken: sql<number>`coalesce(sum(${tracked.taken}), 0)::int`,
  }).from(tracked);
  return { runs: Number(row?.runs ?? 0), offered: Number(row?.offered ?? 0), taken: Number(row?.taken ?? 0) };
}
