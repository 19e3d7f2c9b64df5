// Demand insights of one calendar: offered runs, places offered and taken, and booking
// clicks per day, and clicks per offered run by the kind's dimensions and start hour; days and
// hours on the clocks of a console zone (CET or EST, daylight saving included). A fixed number
// of grouped statements whatever the number of runs (the game, two per day, one per
// dimension); definitions in docs/decisions/17-demand-insights.md and 31-insights-periods-and-colours.md.
import { and, between, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, runClicks } from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import { CONSOLE_ZONE } from "../../domain/dateFormat";
import { fromLocal } from "../../domain/time";
import { toLocal, ZONE_IANA } from "../../domain/wallTime";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { InsightDimensionSql, RunTable } from "../../kinds/serverRows";
import type { RunKind, Timezone } from "../../shared/enums";
import { runKindForSlug } from "../../kinds/registry";
import { INSIGHT_DAYS, TOP_ORIGINS, type Insights } from "../../shared/schemas/insights";
import { CLICK_SOURCES } from "../../shared/enums";
import { T } from "../../shared/text";
import { utcDay } from "../clicks/bookingClicks";

/**
 * The `days` dates of `zone` ending with today there, and the instants their first midnight and
 * the midnight after their last fall on. Days are counted on the calendar, not as 24-hour
 * steps, so a daylight-saving day keeps its 23 or 25 hours.
 */
export function insightWindow(now: Date, days: number, zone: Timezone = CONSOLE_ZONE): { list: string[]; start: Date; end: Date } {
  const today = toLocal(now, zone);
  const dateAt = (offset: number) => new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
  const list = Array.from({ length: days }, (_, i) => dateAt(i - days + 1).toISOString().slice(0, 10));
  const midnight = (d: Date) => fromLocal({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 }, zone);
  return { list, start: midnight(dateAt(1 - days)), end: midnight(dateAt(1)) };
}

/** A run is offered on its start's day unless it was cancelled (the only status visitors were never offered). */
const offeredIn = (t: RunTable, gameId: number, start: Date, end: Date): SQL =>
  and(eq(t.gameId, gameId), ne(t.status, "cancelled"), gte(t.startsAt, start), lt(t.startsAt, end))!;

/** Rows in a reading order: a dimension's own (hours, difficulties), else by key. */
const byRank = (d: InsightDimensionSql) => (a: { key: string }, b: { key: string }) => {
  const [x, y] = d.rank ? [d.rank(a.key), d.rank(b.key)] : [a.key, b.key];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The calendar's run kind; a missing game is 404, a game without runs of its own (a parent) 400. */
async function calendarKind(db: Db, gameId: number): Promise<RunKind> {
  const [game] = await db.select({ slug: games.slug }).from(games).where(eq(games.id, gameId));
  if (!game) throw new DomainError("not_found", T.games.gameNotFound);
  const kind = runKindForSlug(game.slug);
  if (!kind) throw new DomainError("invalid", T.insights.notPerCalendar);
  return kind;
}

export async function insightsFor(db: Db, gameId: number, now: Date, days: number = INSIGHT_DAYS.default, zone: Timezone = CONSOLE_ZONE): Promise<Insights> {
  const kind = await calendarKind(db, gameId);
  const { table: t, insights } = SERVER_KINDS[kind];
  const { list, start, end } = insightWindow(now, days, zone);
  // Inlined, not bound: a bound zone is a new parameter in each place, and PostgreSQL would
  // not see the grouped expression as the selected one. It comes from a fixed map, never from input.
  const iana = sql.raw(`'${ZONE_IANA[zone]}'`);
  const offered = offeredIn(t, gameId, start, end);
  const startLocal = sql`(${t.startsAt} at time zone ${iana})`;
  const startDay = sql<string>`to_char(${startLocal}, 'YYYY-MM-DD')`;

  // Offered runs and their places per start day: a range of the (game, start) index. Runs
  // that do not track places (spots null) count as runs but not in the places.
  const runsPerDay = db.select({
    day: startDay, n: sql<number>`count(*)::int`,
    spots: sql<number>`coalesce(sum(${t.spots}), 0)::int`,
    spotsTaken: sql<number>`coalesce(sum(${t.spotsTaken}) filter (where ${t.spots} is not null), 0)::int`,
  }).from(t).where(offered).groupBy(startDay);
  // Clicks made per day on any run of the calendar: the counters hold UTC hours, so a zone's
  // day is the hours whose instant falls in it; the (kind, day) index bounds the UTC days.
  const clickInstant = sql`((${runClicks.day} + make_interval(hours => ${runClicks.hour}::int)) at time zone 'UTC')`;
  const clickDay = sql<string>`to_char(${clickInstant} at time zone ${iana}, 'YYYY-MM-DD')`;
  const clickedIn = and(
    eq(runClicks.runKind, kind), between(runClicks.day, utcDay(start), utcDay(new Date(end.getTime() - 1))), eq(t.gameId, gameId),
    sql`${clickInstant} >= ${start.toISOString()}::timestamptz`, sql`${clickInstant} < ${end.toISOString()}::timestamptz`,
  );
  const clickSum = sql<number>`sum(${runClicks.clicks})::int`;
  const clicksPerDay = db.select({ day: clickDay, n: clickSum })
    .from(runClicks).innerJoin(t, eq(t.id, runClicks.runId)).where(clickedIn).groupBy(clickDay);
  // The same clicks by source, and the embedding sites with the most (docs/decisions/37-one-run-calendar-and-click-sources.md).
  const clicksPerSource = db.select({ source: runClicks.source, n: clickSum })
    .from(runClicks).innerJoin(t, eq(t.id, runClicks.runId)).where(clickedIn).groupBy(runClicks.source);
  const topOrigins = db.select({ origin: runClicks.origin, n: clickSum })
    .from(runClicks).innerJoin(t, eq(t.id, runClicks.runId)).where(and(clickedIn, eq(runClicks.source, "embed"), ne(runClicks.origin, "")))
    .groupBy(runClicks.origin).orderBy(desc(clickSum), runClicks.origin).limit(TOP_ORIGINS);

  // The window's offered runs, each with every click it ever had (the counters' primary key
  // per run), grouped by each dimension: one small grouped statement per dimension.
  const hour: InsightDimensionSql = {
    name: "hour", value: sql`extract(hour from ${startLocal})::int::text`,
    label: (key) => T.insights.hourLabel({ hour: key.padStart(2, "0") }), rank: Number,
  };
  const dims = [...insights.dimensions, hour];
  let offeredRuns = db.select({
    clicks: sql<number>`(select coalesce(sum(c.clicks), 0) from ${runClicks} c where c.run_kind = ${kind} and c.run_id = ${t.id})`.as("clicks"),
    ...Object.fromEntries(dims.map((d) => [d.name, d.value.as(d.name)])),
  }).from(t).$dynamic();
  for (const j of insights.joins ?? []) offeredRuns = offeredRuns.innerJoin(j.table, j.on);
  const o = offeredRuns.where(offered).as("o");
  const fields = o as unknown as Record<string, SQL.Aliased<string>> & { clicks: SQL.Aliased<number> };
  const grouped = Promise.all(dims.map((d) => db.select({
    key: sql<string>`${fields[d.name]!}`,
    runs: sql<number>`count(*)::int`,
    clicks: sql<number>`sum(${fields.clicks})::int`,
  }).from(o).groupBy(fields[d.name]!)));

  const [runRows, clickRows, groupRows, sourceRows, originRows] = await Promise.all([runsPerDay, clicksPerDay, grouped, clicksPerSource, topOrigins]);
  const bySource = new Map(sourceRows.map((r) => [r.source, Number(r.n)]));
  const runsOn = new Map(runRows.map((r) => [r.day, r]));
  const clicksOn = new Map(clickRows.map((r) => [r.day, Number(r.n)]));
  const daily = list.map((day) => {
    const r = runsOn.get(day);
    return { day, runs: Number(r?.n ?? 0), clicks: clicksOn.get(day) ?? 0, spots: Number(r?.spots ?? 0), spotsTaken: Number(r?.spotsTaken ?? 0) };
  });
  const breakdowns = dims.map((d, i) => ({
    dimension: d.name,
    rows: groupRows[i]!
      .map((r) => {
        const runs = Number(r.runs);
        const clicks = Number(r.clicks);
        return { key: r.key, label: d.label?.(r.key) ?? r.key, runs, clicks, perRun: runs ? Math.round((clicks / runs) * 100) / 100 : 0 };
      })
      .sort(byRank(d)),
  }));
  const sum = (k: "runs" | "clicks" | "spots" | "spotsTaken") => daily.reduce((s, d) => s + d[k], 0);
  return {
    gameId, kind, days, zone, from: list[0]!, to: list[list.length - 1]!, daily,
    totals: { runs: sum("runs"), clicks: sum("clicks"), spots: sum("spots"), spotsTaken: sum("spotsTaken") },
    sources: CLICK_SOURCES.map((source) => ({ source, clicks: bySource.get(source) ?? 0 })),
    origins: originRows.map((r) => ({ origin: r.origin, clicks: Number(r.n) })),
    breakdowns,
  };
}
