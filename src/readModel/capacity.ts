// The places of a snapshot's public runs by kind and id, so the live stream
// (src/readModel/liveViews.ts) computes availability at its own instant from memory. Taken
// from the runs the snapshot already loaded: no statement of its own.
import type { Capacity } from "../domain/availability";
import { KINDS } from "../kinds/registry";
import type { RunKind } from "../shared/enums";

export type CapacityData = {
  /** Runs that track places, by `${kind}:${id}`; a run absent here does not track places. */
  runs: Map<string, Capacity>;
};

export const capacityKey = (kind: RunKind, id: number) => `${kind}:${id}`;
const UNTRACKED: Capacity = { spots: null, spotsTaken: 0 };

export const capacityOf = (c: CapacityData, kind: RunKind, id: number): Capacity => c.runs.get(capacityKey(kind, id)) ?? UNTRACKED;

/** Nothing tracked (a snapshot made by hand in tests). */
export const emptyCapacity = (): CapacityData => ({ runs: new Map() });

export function capacityOfRuns(runs: Record<RunKind, readonly ({ id: number } & Capacity)[]>): CapacityData {
  const out = new Map<string, Capacity>();
  for (const k of KINDS) {
    for (const r of runs[k]) if (r.spots !== null) out.set(capacityKey(k, r.id), { spots: r.spots, spotsTaken: r.spotsTaken });
  }
  return { runs: out };
}
