// The run index of the read model: how many rows each kind's table has issued and which
// display-id prefix names which kind and each game's booking cutoff, loaded with the snapshot (src/readModel/runPages.ts
// reads it), so a run page request never queries the database.
import { getTableName, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games } from "../../db/schema";
import { BOOKING_CUTOFF_DEFAULT, type RunKind } from "../shared/enums";
import { calendarKind } from "../kinds/calendarLookup";
import { KINDS, perKind } from "../kinds/registry";
import { SERVER_KINDS } from "../kinds/server.generated";

export type RunIndexData = {
  /** The highest row number each kind's table has handed out (its identity sequence). */
  issued: Record<RunKind, number>;
  /** Every game's display-id prefix, hidden games included, and its run kind. */
  prefixes: Map<string, RunKind>;
  /** Every game's booking cutoff in minutes (games.booking_cutoff_minutes), hidden games included. */
  cutoffs: Map<number, number>;
};

/** Each kind's table's identity sequence (PostgreSQL names it '{table}_id_seq'). */
const SEQUENCES = new Map<string, RunKind>(KINDS.map((k) => [`${getTableName(SERVER_KINDS[k].table)}_id_seq`, k]));

/** A game's booking cutoff in minutes (the column's default for a game the index does not know). */
export const cutoffOf = (index: RunIndexData, gameId: number): number => index.cutoffs.get(gameId) ?? BOOKING_CUTOFF_DEFAULT;

/** Nothing issued, no prefixes (a snapshot made by hand in tests). */
export const emptyRunIndex = (): RunIndexData => ({ issued: perKind(() => 0), prefixes: new Map(), cutoffs: new Map() });

/** Two small statements whatever the number of runs. */
export async function loadRunIndex(db: Db): Promise<RunIndexData> {
  const [seqs, gameRows] = await Promise.all([
    // pg_sequences.last_value is null until a sequence's first nextval: nothing issued yet.
    db.execute<{ name: string; last: string | null }>(sql`select sequencename as name, last_value::text as last from pg_sequences
      where schemaname = current_schema() and sequencename in ${[...SEQUENCES.keys()]}`),
    db.select({ id: games.id, slug: games.slug, prefix: games.prefix, cutoff: games.bookingCutoffMinutes }).from(games),
  ]);
  const issued: Record<RunKind, number> = perKind(() => 0);
  for (const s of rowsOf<{ name: string; last: string | null }>(seqs)) issued[SEQUENCES.get(s.name)!] = Number(s.last ?? 0);
  const prefixes = new Map<string, RunKind>();
  const cutoffs = new Map<number, number>();
  for (const g of gameRows) {
    cutoffs.set(g.id, g.cutoff);
    const kind = calendarKind(g);
    if (kind && g.prefix) prefixes.set(g.prefix, kind);
  }
  return { issued, prefixes, cutoffs };
}

// postgres.js answers an array of rows, PGlite an object with `rows`.
const rowsOf = <R>(res: unknown): R[] => (Array.isArray(res) ? res : (res as { rows: R[] }).rows);
