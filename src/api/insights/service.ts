// Demand insights of one calendar: offered runs against booking clicks per
// UTC day, and clicks per offered run by the kind's dimensions and start hour. A fixed number
// of grouped statements whatever the number of runs (the game, two per day, one per
// dimension); definitions in docs/decisions/17-demand-insights.md.
import { and, between, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, runClicks } from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { InsightDimensionSql, RunTable } from "../../kinds/serverRows";
import type { RunKind } from "../../shared/enums";
import { runKindForSlug } from "../../kinds/registry";
import { INSIGHT_DAYS, type Insights } from "../../shared/schemas/insights";
import { T } from "../../shared/text";
import { utcDay } from "../clicks/bookingClicks";

const DAY_MS = 86_400_000;

/** The UTC days `from` to `to` (both included), today being the last: `days` of them. */
export function insightWindow(now: Date, days: number): { from: string; to: string; list: string[] } {
  const last = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const list = Array.from({ length: days }, (_, i) => new Date(last - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { from: list[0]!, to: list[list.length - 1]!, list };
}

/** A run is offered on its start's UTC day unless it was cancelled (the only status visitors were never offered). */
const offeredIn = (t: RunTable, gameId: number, from: string, to: string): SQL =>
  and(
    eq(t.gameId, gameId), ne(t.status, "cancelled"),
    gte(t.startsAt, new Date(`${from}T00:00:00Z`)), lt(t.startsAt, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)),
  )!;

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

export async function insightsFor(db: Db, gameId: number, now: Date, days: number = INSIGHT_DAYS.default): Promise<Insights> {
  const kind = await calendarKind(db, gameId);
  const { table: t, insights } = SERVER_KINDS[kind];
  const { from, to, list } = insightWindow(now, days);
  const offered = offeredIn(t, gameId, from, to);
  const startDay = sql<string>`to_char(${t.startsAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  // Offered runs per start day: a range of the (game, start) index.
  const runsPerDay = db.select({ day: startDay, n: sql<number>`count(*)::int` }).from(t).where(offered).groupBy(startDay);
  // Clicks made per day on any run of the calendar: the counters' (kind, day) index.
  const clicksPerDay = db.select({ day: runClicks.day, n: sql<number>`sum(${runClicks.clicks})::int` })
    .from(runClicks).innerJoin(t, eq(t.id, runClicks.runId))
    .where(and(eq(runClicks.runKind, kind), between(runClicks.day, from, to), eq(t.gameId, gameId)))
    .groupBy(runClicks.day);

  // The window's offered runs, each with every click it ever had (the counters' primary key
  // per run), grouped by each dimension: one small grouped statement per dimension.
  const hour: InsightDimensionSql = {
    name: "hour", value: sql`extract(hour from ${t.startsAt} at time zone 'UTC')::int::text`,
    label: (key) => T.insights.hourLabel(Number(key)), rank: Number,
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

  const [runRows, clickRows, groupRows] = await Promise.all([runsPerDay, clicksPerDay, grouped]);
  const runsOn = new Map(runRows.map((r) => [r.day, Number(r.n)]));
  const clicksOn = new Map(clickRows.map((r) => [r.day, Number(r.n)]));
  const daily = list.map((day) => ({ day, runs: runsOn.get(day) ?? 0, clicks: clicksOn.get(day) ?? 0 }));
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
  return {
    gameId, kind, days, from, to, daily,
    totals: { runs: daily.reduce((s, d) => s + d.runs, 0), clicks: daily.reduce((s, d) => s + d.clicks, 0) },
    breakdowns,
  };
}
