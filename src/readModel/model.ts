// The public read model: everything the public pages and the public run API show, held in
// process memory and rebuilt only when the change feed or the clock says it went stale.
// Public requests never query the database while the model is current.
import type { Db } from "../../db/client";
import { listGames, type GameScope } from "../api/games/service";
import { toHierarchy, withCounts } from "../domain/games";
import { weekBounds } from "../domain/time";
import { KINDS, perKind, RUN_KINDS } from "../kinds/registry";
import { SERVER_KINDS } from "../kinds/server.generated";
import type { CalendarRuns } from "../kinds/calendars";
import type { RunKind } from "../shared/enums";
import type { AnyRun, Revised, RunOfKind } from "../kinds/runs";
import type { GameCard, GameRow } from "../shared/types";
import { calendarKind } from "../kinds/calendarLookup";
import type { Tracker } from "../../db/changes";
import { cutoffOf, loadRunIndex, type RunIndexData } from "./runIndex";
import { metrics } from "../ops/metrics";
import { nextBookingChange, type Bookable } from "../domain/bookable";
import { capacityOfRuns, type CapacityData } from "./capacity";

/** A public run: the API view, its revision and its booking state. */
export type PublicRunOf<K extends RunKind> = RunOfKind<K> & Revised & Bookable;

export type PublicSnapshot = {
  /** Build number: later builds started later and hold newer data. */
  id: number;
  /**
   * Epoch ms at which the snapshot stops being true: the next run start, the next booking
   * cutoff (a run turns "closed" without a write) or the next week boundary.
   */
  expiresAt: number;
  /** Publicly visible games in display order. */
  games: GameRow[];
  /** The landing page's cards with available-run counts. */
  cards: GameCard[];
  /**
   * The public run API's lists (visible games only), with each run's revision for calendar
   * feeds and its booking state as of the build (true until `expiresAt`).
   */
  runs: { [K in RunKind]: PublicRunOf<K>[] };
  /** Calendars by game id (visible games that have one). */
  calendars: Map<number, CalendarRuns>;
  /** What run pages and the sitemap need beyond the lists (src/readModel/runIndex.ts). */
  runIndex: RunIndexData;
  /** Places of the runs that track them and the games' booking cutoffs (src/readModel/capacity.ts). */
  capacity: CapacityData;
};

/** Loads a snapshot as of `now`: a handful of statements whatever the number of runs. */
export async function loadSnapshot(db: Db, scope: GameScope, now: Date, id: number): Promise<PublicSnapshot> {
  const publicAt = now;
  const [games, lists, runIndex] = await Promise.all([
    listGames(db, scope), Promise.all(KINDS.map((k) => SERVER_KINDS[k].list(db, { publicAt }, publicAt))), loadRunIndex(db),
  ]);
  const counts = new Map<number, number>();
  const at = now.getTime();
  let expiresAt = weekBounds(now).end.getTime();
  // Booking state depends on the clock: the snapshot expires at the next cutoff, so no cached
  // page or answer shows a run bookable past it (docs/decisions/27-what-visitors-see-of-places.md).
  const withBooking = <R extends AnyRun & Revised>(r: R): R & Bookable => {
    const startsAt = Date.parse(r.startsAt);
    const cutoff = cutoffOf(runIndex, r.gameId);
    counts.set(r.gameId, (counts.get(r.gameId) ?? 0) + 1);
    expiresAt = Math.min(expiresAt, startsAt, nextBookingChange(startsAt, cutoff, at) ?? Infinity);
    return r; // its spotsLeft and availability are as at `publicAt` (src/kinds/serverRows.ts base)
  };
  const visible = new Set(games.map((g) => g.id));
  const all = perKind((k) => (lists[KINDS.indexOf(k)] as (AnyRun & Revised)[]).map(withBooking)) as PublicSnapshot["runs"];
  const runs = perKind((k) => all[k].filter((r) => visible.has(r.gameId))) as PublicSnapshot["runs"];
  const calendars = new Map<number, CalendarRuns>();
  await Promise.all(games.map(async (g) => {
    const kind = calendarKind(g);
    if (!kind) return;
    // A calendar is its runs in card shape, with what its filters need besides (the raid calendar's refs).
    const toCard = RUN_KINDS[kind].toCalendarRun as (r: AnyRun & Bookable) => CalendarRuns["runs"][number];
    const refs = await SERVER_KINDS[kind].calendarRefs?.(db, g.id);
    calendars.set(g.id, { kind, runs: ofGame<AnyRun & Bookable>(runs[kind], g.id).map(toCard), ...(refs ? { refs } : {}) } as CalendarRuns);
  }));
  return { id, expiresAt, games, cards: withCounts(toHierarchy(games), counts), runs, calendars, runIndex, capacity: capacityOfRuns(runs) };
}

const ofGame = <R extends { gameId: number }>(list: R[], gameId: number) => list.filter((r) => r.gameId === gameId);

export type ModelDeps = {
  db: Db; scope: GameScope; clock: () => Date; tracker: Tracker;
  /** The loader (tests slow it down to interleave writes with a rebuild). */
  load?: typeof loadSnapshot;
  /** Told when a stale snapshot is served because a rebuild failed (the database is down). */
  onStale?: (err: unknown, staleForMs: number) => void;
};

/** How long a stale snapshot may stand in while rebuilds fail (database outage). */
export const MAX_STALE_MS = 60_000;
/** While rebuilds fail, the next attempt waits this long (requests meanwhile get the stale snapshot). */
const RETRY_MS = 1_000;

/**
 * Holds the newest snapshot and rebuilds lazily. A snapshot is current while no committed
 * change arrived since its build started (tracker version) and the clock has not reached
 * its expiry. Concurrent requests share one rebuild per version, but never one that
 * started before the latest change: a write during a rebuild is never lost.
 */
export class PublicModel {
  private snap: PublicSnapshot | null = null;
  private snapVersion = -1;
  private builds = 0;
  private building: { version: number; promise: Promise<PublicSnapshot> } | null = null;
  /** Since when rebuilds fail (clock ms), and when to try again; null while healthy. */
  private failing: { since: number; retryAt: number } | null = null;

  constructor(private deps: ModelDeps) {}

  /** The snapshot if it is current, without waiting (the page cache's fast path). */
  current(): PublicSnapshot | null {
    const s = this.snap;
    if (!s || !this.deps.tracker.current(this.snapVersion) || this.deps.clock().getTime() >= s.expiresAt) return null;
    return s;
  }

  /**
   * A current snapshot, rebuilding when needed. When the rebuild fails (database down), the
   * last snapshot is served for up to MAX_STALE_MS; without one the error propagates.
   */
  async get(): Promise<PublicSnapshot> {
    const s = this.current();
    if (s) return s;
    const now = this.deps.clock().getTime();
    const stale = this.snap && this.failing && now - this.failing.since <= MAX_STALE_MS ? this.snap : null;
    if (stale && now < this.failing!.retryAt) return stale;
    try {
      const fresh = await this.rebuild();
      this.failing = null;
      return fresh;
    } catch (err) {
      const at = this.deps.clock().getTime();
      this.failing = { since: this.failing?.since ?? at, retryAt: at + RETRY_MS };
      if (!this.snap || at - this.failing.since > MAX_STALE_MS) throw err;
      this.deps.onStale?.(err, at - this.failing.since);
      return this.snap;
    }
  }

  private rebuild(): Promise<PublicSnapshot> {
    const { tracker } = this.deps;
    const version = tracker.version;
    if (this.building && this.building.version === version) return this.building.promise;
    const id = ++this.builds;
    const started = performance.now();
    const promise = (this.deps.load ?? loadSnapshot)(this.deps.db, this.deps.scope, this.deps.clock(), id).then((snap) => {
      metrics.readModel.rebuild(performance.now() - started);
      if (!this.snap || snap.id > this.snap.id) {
        this.snap = snap;
        this.snapVersion = version;
      }
      return snap;
    });
    const building = { version, promise };
    this.building = building;
    const done = () => {
      if (this.building === building) this.building = null;
    };
    promise.then(done, done);
    return promise;
  }
}
