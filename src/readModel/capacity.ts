// The read model's places: each public run's `spots`/`spotsTaken` and each game's booking
// cutoff, loaded with the snapshot (two small statements per kind, whatever the number of
// runs), so the live stream (src/readModel/liveViews.ts) computes availability from memory.
import { and, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games } from "../../db/schema";
import type { Capacity } from "../domain/availability";
import { bookingClosesAt } from "../domain/availability";
import { BOOKING_CUTOFF_DEFAULT, type RunKind } from "../shared/enums";
import { KINDS } from "../kinds/registry";
import { SERVER_KINDS } from "../kinds/server.generated";
import { publiclyAvailable } from "../api/runs/available";

export type CapacityData = {
  /** Runs that track places, by `${kind}:${id}`; a run absent here does not track places. */
  runs: Map<string, Capacity>;
  /** Booking cutoff (minutes) by game id. */
  cutoffs: Map<number, number>;
};

export const capacityKey = (kind: RunKind, id: number) => `${kind}:${id}`;
const UNTRACKED: Capacity = { spots: null, spotsTaken: 0 };

export const capacityOf = (c: CapacityData, kind: RunKind, id: number): Capacity => c.runs.get(capacityKey(kind, id)) ?? UNTRACKED;
export const cutoffOf = (c: CapacityData, gameId: number): number => c.cutoffs.get(gameId) ?? BOOKING_CUTOFF_DEFAULT;

/** Nothing tracked (a snapshot made by hand in tests). */
export const emptyCapacity = (): CapacityData => ({ runs: new Map(), cutoffs: new Map() });

export async function loadCapacity(db: Db, now: Date): Promise<CapacityData> {
  const [cutoffRows, ...perKind] = await Promise.all([
    db.select({ id: games.id, cutoff: games.bookingCutoffMinutes }).from(games),
    ...KINDS.map((k) => {
      const t = SERVER_KINDS[k].table;
      return db.select({ id: t.id, spots: t.spots, spotsTaken: t.spotsTaken }).from(t).where(and(isNotNull(t.spots), publiclyAvailable(t, now)));
    }),
  ]);
  const runs = new Map<string, Capacity>();
  KINDS.forEach((k, i) => {
    for (const r of perKind[i]!) runs.set(capacityKey(k, r.id), { spots: r.spots, spotsTaken: r.spotsTaken });
  });
  return { runs, cutoffs: new Map(cutoffRows.map((g) => [g.id, g.cutoff])) };
}

/** The first booking close after `now` among these runs (a page's availability changes then), or Infinity. */
export function nextBookingClose(c: CapacityData, runs: Iterable<{ gameId: number; startsAt: string }>, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const r of runs) {
    const at = bookingClosesAt(Date.parse(r.startsAt), cutoffOf(c, r.gameId));
    if (at > now && at < next) next = at;
  }
  return next;
}
