// Server helpers every kind's server part shares: the run-list conditions, the API view's
// common fields, and the panels' search building blocks. Server only (drizzle).
import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { boosters, type raidRuns, users } from "../../db/schema";
import { publiclyAvailable } from "../api/runs/available";
import { formatScheduled } from "../domain/time";
import { bookableOf } from "../domain/bookable";
import type { RunKind } from "../shared/enums";
import type { Revised, RunBooster, RunOfKind } from "./runs";
import type { RaidRun } from "./raid/schemas";
import type { RunFilters, RunSort } from "./runList";
import type { CommonSort } from "./define";
import type { InsightDimension } from "../shared/schemas/insights";

/** A database transaction (what a write's extra statements run in). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// Every run table has the columns of db/schema/runs.ts `runColumns`; typed once through one of them.
export type RunTable = typeof raidRuns;

export type RunListFilter = {
  gameId?: number;
  /** Booster record id (boosters.id). */
  boosterRecordId?: number;
  /** Only these games (e.g. the publicly visible ones). */
  gameIds?: readonly number[];
  /** Public view: available runs starting after `now`, without private booster fields. */
  publicAt?: Date;
  /** A single run. */
  id?: number;
  /** These runs (a page of a paged list). */
  ids?: readonly number[];
};

export function where(t: RunTable, f: RunListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.id !== undefined ? eq(t.id, f.id) : undefined,
    f.ids ? inArray(t.id, [...f.ids]) : undefined,
    f.gameId !== undefined ? eq(t.gameId, f.gameId) : undefined,
    f.boosterRecordId !== undefined ? eq(t.boosterId, f.boosterRecordId) : undefined,
    f.gameIds ? inArray(t.gameId, f.gameIds.length ? [...f.gameIds] : [-1]) : undefined,
    f.publicAt ? publiclyAvailable(t, f.publicAt) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

export const boosterWith = { columns: { boosterId: true }, with: { user: { columns: { nickname: true, email: true } } } } as const;

export function booster(b: { boosterId: string; user: { nickname: string | null; email: string } }, isPublic: boolean): RunBooster {
  return isPublic ? { boosterId: b.boosterId } : { boosterId: b.boosterId, user: { nickname: b.user.nickname, email: b.user.email } };
}

/** The run's game as every kind's list loads it with the run (its booking cutoff decides `availability`). */
export const gameWith = { columns: { bookingCutoffMinutes: true } } as const;

/**
 * The fields every kind's API view shares. Places left and the booking state are as at
 * `now` (the caller's clock) under the game's cutoff: the one rule, src/domain/availability.ts.
 */
export function base(r: {
  id: number; displayId: string | null; gameId: number; boosterId: number; title: string; startsAt: Date; timezone: "CET" | "EST";
  status: RaidRun["status"]; revision: number; updatedAt: Date; spots: number | null; spotsTaken: number;
  game: { bookingCutoffMinutes: number };
}, now: Date) {
  const capacity = { spots: r.spots, spotsTaken: r.spotsTaken };
  return {
    id: r.id, displayId: r.displayId, gameId: r.gameId, boosterId: r.boosterId, title: r.title,
    scheduledDate: formatScheduled(r.startsAt, r.timezone), startsAt: r.startsAt.toISOString(),
    timezone: r.timezone, status: r.status, revision: r.revision, updatedAt: r.updatedAt.toISOString(),
    ...capacity, ...bookableOf({ ...capacity, status: r.status, startsAt: r.startsAt.getTime() }, r.game.bookingCutoffMinutes, now.getTime()),
  };
}

/** Booster records whose code, nickname or email holds the pattern (a small table). */
export async function boostersMatching(db: Db, p: string): Promise<number[]> {
  const rows = await db.select({ id: boosters.id }).from(boosters).innerJoin(users, eq(users.id, boosters.userId))
    .where(or(ilike(boosters.boosterId, p), ilike(users.nickname, p), ilike(users.email, p)));
  return rows.map((r) => r.id);
}

/**
 * Case-insensitive substring test on a run column: matches the upper() trigram indexes of
 * db/schema/runs.ts, and where a scan is needed anyway LIKE costs a third of ILIKE.
 */
export const contains = (column: Parameters<typeof ilike>[0], p: string): SQL => sql`upper(${column}) like upper(${p})`;

export const anyOf = (column: Parameters<typeof inArray>[0], ids: number[]) => (ids.length ? inArray(column, ids) : undefined);

/** A table a sort column needs joined to the run table. */
export type SortJoin = { table: PgTable; on: SQL; left?: boolean };

/** One dimension a calendar's demand insights group clicks by (src/api/insights/service.ts). */
export type InsightDimensionSql = {
  name: InsightDimension;
  value: SQL;
  /** How a key reads (the key itself when absent). */
  label?: (key: string) => string;
  /** Where a key sorts (by its label when absent). */
  rank?: (key: string) => number;
};

/**
 * Rows of another table that belong to each run of a kind (a raid run's class restrictions;
 * deleted with the run by its foreign key). Repeat creation inserts them for every new run; a
 * bulk delete saves them with the runs, and its undo puts them back.
 */
export type ChildRows<Input> = {
  table: PgTable;
  /** The column naming the run. */
  runId: AnyPgColumn;
  /** Inserts the rows of each of these runs from the input they were made from (none when it names none). */
  insert: (tx: Tx, runIds: readonly number[], input: Input) => Promise<void>;
};

/** What the database does for one kind. */
export type ServerKind<K extends RunKind, Input> = {
  /** The kind's table (typed by the columns every run table shares). */
  table: RunTable;
  /** The kind's runs as the API answers them at `now` (their booking state), relations loaded in the same statement. */
  list: (db: Db, f: RunListFilter, now: Date) => Promise<(RunOfKind<K> & Revised)[]>;
  /** The kind's own column values from a validated input (the common ones are the service's). */
  rowValues: (input: Input) => Record<string, unknown>;
  /** Checks the input's references fit together (e.g. a raid of the game); throws a DomainError. */
  checkReferences?: (db: Db, input: Input) => Promise<void>;
  /** Writes the kind's other rows in the write's transaction; `changes` is null on create. */
  afterWrite?: (tx: Tx, runId: number, input: Input, changes: Record<string, unknown> | null) => Promise<void>;
  /** The kind's rows in other tables, when it has any (only raid: its class restrictions). */
  children?: ChildRows<Input>;
  /** What the public calendar needs besides the runs (the raid calendar's raids and factions), or nothing. */
  calendarRefs?: (db: Db, gameId: number) => Promise<object>;
  /** The demand insights' dimensions besides the start hour, and the joins they need. */
  insights: { dimensions: InsightDimensionSql[]; joins?: SortJoin[] };
  /** What the panel's search box looks through (as its placeholder says, e.g. ID, raid name or booster); `p` is the LIKE pattern. */
  search: (db: Db, p: string, q: string) => Promise<SQL>;
  /** The kind's panel filters as conditions (status is common to all kinds). */
  filters: { [F in Exclude<keyof RunFilters<K>, "status">]-?: (value: NonNullable<RunFilters<K>[F]>) => SQL };
  /** The kind's sort columns as SQL values compared as text, and the joins they need (id, date, status, booster, spots are common). */
  sorts: { [S in Exclude<RunSort<K>, CommonSort>]: () => { values: SQL[]; joins?: SortJoin[] } };
};
