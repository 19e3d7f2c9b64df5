// What a live view (src/readModel/liveHub.ts) holds at one moment: the runs a calendar view
// or a run page shows, each as the stream's `run` event data. Pure functions of a snapshot.
import { availabilityOf, spotsLeftOf } from "../domain/availability";
import type { Query } from "../domain/calendarFilters";
import { calendarOf } from "../kinds/calendars";
import { findCalendarGame } from "../kinds/calendarLookup";
import type { Availability, RunStatus } from "../shared/enums";
import { capacityOf } from "./capacity";
import { cutoffOf } from "./runIndex";
import type { PublicSnapshot } from "./model";
import { publicRuns } from "./runPages";

/** The data of a `run` event. `displayId` is the card's label (display id, else its fallback label). */
export type LiveRun = { displayId: string; status: RunStatus; availability: Availability; spotsLeft: number | null; startsAt: string };

/** A calendar by game slug and its filter query, or one run page. */
export type LiveView = { kind: "calendar"; slug: string; query: string } | { kind: "run"; displayId: string };

/** The calendar's game and its canonical filter query (without the zone: it changes no run), or null when the calendar is not public. */
export function canonicalCalendar(snap: PublicSnapshot, slug: string, query: Query): { gameId: number; query: string } | null {
  const found = findCalendarGame(snap.games, slug);
  const cal = found && snap.calendars.get(found.game.id);
  if (!found || !cal) return null;
  const { entries } = calendarOf(cal.kind).view(cal, query);
  return { gameId: found.game.id, query: new URLSearchParams(entries).toString() };
}

/** The runs the view shows now, in its order (empty when it is not public any more: all of them left it). */
export function liveRuns(snap: PublicSnapshot, view: LiveView, now: number): LiveRun[] {
  const { capacity } = snap;
  if (view.kind === "run") {
    const page = publicRuns(snap).get(view.displayId);
    if (!page) return [];
    const run = page.run;
    const startsAt = Date.parse(run.startsAt);
    const c = capacityOf(capacity, run.kind, run.id);
    return [{
      displayId: view.displayId, status: run.status, startsAt: run.startsAt,
      availability: availabilityOf({ ...c, status: run.status, startsAt }, cutoffOf(snap.runIndex, run.gameId), now), spotsLeft: spotsLeftOf(c),
    }];
  }
  const found = findCalendarGame(snap.games, view.slug);
  const cal = found && snap.calendars.get(found.game.id);
  if (!found || !cal) return [];
  const adapter = calendarOf(cal.kind);
  const { data } = adapter.view(cal, new URLSearchParams(view.query));
  const cutoff = cutoffOf(snap.runIndex, found.game.id);
  // Every run of a calendar is public, so available.
  return adapter.shown(data).map(({ run }) => {
    const r = run as { id: number; label: string; startsAt: number };
    const c = capacityOf(capacity, cal.kind, r.id);
    return {
      displayId: r.label, status: "available", startsAt: new Date(r.startsAt).toISOString(),
      availability: availabilityOf({ ...c, status: "available", startsAt: r.startsAt }, cutoff, now), spotsLeft: spotsLeftOf(c),
    };
  });
}
