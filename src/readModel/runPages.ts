// Run pages from the read model: the public run behind a display id, or whether the id
// was ever issued (a run that started, expired, was deleted or whose game is hidden is
// Gone, an id never handed out is Not Found).
import { calendarKind, calendarPath, findCalendarGame, type CalendarGame } from "../kinds/calendarLookup";
import { KINDS } from "../kinds/registry";
import type { AnyRun, Revised } from "../kinds/runs";
import type { PublicSnapshot } from "./model";
import type { Bookable } from "../domain/bookable";

/** A public run with what its page shows around it; `updatedAt` (epoch ms) is the sitemap's lastmod. */
export type PublicRun = CalendarGame & { run: AnyRun & Revised & Bookable; calendar: string; updatedAt: number };

export type RunLookup =
  | { state: "public"; page: PublicRun }
  /** Issued once, not offered now; `calendar` is its game's calendar when that is visible. */
  | { state: "gone"; calendar: (CalendarGame & { path: string }) | null }
  | { state: "unknown" };

const DISPLAY_ID = /^([A-Z0-9]{1,10})-([1-9][0-9]{0,9})$/;
const byDisplayId = new WeakMap<PublicSnapshot, Map<string, PublicRun>>();

/** The snapshot's public runs by display id (made once per snapshot, on first use). */
export function publicRuns(snap: PublicSnapshot): Map<string, PublicRun> {
  let map = byDisplayId.get(snap);
  if (map) return map;
  map = new Map();
  for (const run of KINDS.flatMap((k): (AnyRun & Revised & Bookable)[] => snap.runs[k])) {
    if (!run.displayId) continue;
    const game = snap.games.find((g) => g.id === run.gameId);
    const found = game && findCalendarGame(snap.games, game.slug);
    if (!found) continue;
    const calendar = calendarPath(found, true);
    map.set(run.displayId, { ...found, run, calendar, updatedAt: Date.parse(run.updatedAt) });
  }
  byDisplayId.set(snap, map);
  return map;
}

/**
 * What `/runs/{displayId}` shows. Display ids are the game's prefix and the row number its
 * kind's table issued (MOP-57), so an id with a known prefix and a number the table has
 * already handed out existed once: if it is not public now, it is gone (docs/decisions/04-run-pages-and-booking-links.md).
 */
export function lookupRun(snap: PublicSnapshot, displayId: string): RunLookup {
  const page = publicRuns(snap).get(displayId);
  if (page) return { state: "public", page };
  const m = DISPLAY_ID.exec(displayId);
  const kind = m && snap.runIndex.prefixes.get(m[1]!);
  if (!m || !kind || Number(m[2]) > snap.runIndex.issued[kind]) return { state: "unknown" };
  const game = snap.games.find((g) => calendarKind(g) === kind);
  const found = game ? findCalendarGame(snap.games, game.slug) : null;
  return { state: "gone", calendar: found ? { ...found, path: calendarPath(found, true) } : null };
}
