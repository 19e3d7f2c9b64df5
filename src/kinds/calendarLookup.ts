// A public calendar from the read model: which game (visible, under the right parent), its
// kind, its public runs trimmed to the calendar's shape and the filter state of the URL.
import { parseZone, toSearch, type Query } from "../domain/calendarFilters";
import { calendarOf, type CalendarData, type CalendarRuns } from "./calendars";
import type { RunKind, Timezone } from "../shared/enums";
import { kindOfGame } from "./registry";
import type { GameRow } from "../shared/types";

/** Which calendar a game has (by its fixed id or slug), or null for a game without runs. */
export const calendarKind = (game: Pick<GameRow, "id" | "slug">): RunKind | null => kindOfGame(game);

export type CalendarGame = { game: GameRow; parent: GameRow | null };

/**
 * The publicly visible game with this slug and its parent; with `parentSlug`, only when
 * the game is a child of that (visible) parent. `visible` is the read model's list, which
 * already hides the children of hidden parents.
 */
export function findCalendarGame(visible: readonly GameRow[], slug: string, parentSlug?: string): CalendarGame | null {
  const game = visible.find((g) => g.slug === slug);
  if (!game) return null;
  const parent = game.parentGameId === null ? null : visible.find((g) => g.id === game.parentGameId) ?? null;
  if (parentSlug !== undefined && parent?.slug !== parentSlug) return null;
  return { game, parent };
}

/** The canonical path of a calendar: under its category when reached that way. */
export function calendarPath(found: CalendarGame, viaCategory: boolean): string {
  return viaCategory && found.parent ? `/category/${found.parent.slug}/${found.game.slug}` : `/game/${found.game.slug}`;
}

/**
 * A calendar's view for a query: the read model's runs and the filters the query asks for,
 * and the query as the domain re-serializes it (the canonical form: unknown, repeated or
 * default values drop out, so `?junk=1` and the bare path are one page). With no `tz` the
 * zone is the view's default: EST for a US region or faction, else CET (and `tz` equal to
 * that default drops out too).
 */
export function calendarView(cal: CalendarRuns, query: Query): { data: CalendarData; search: string; zone: Timezone } {
  const { data, entries, zone: fallback } = calendarOf(cal.kind).view(cal, query);
  const zone = parseZone(query, fallback);
  return { data: data as CalendarData, zone, search: toSearch(entries, zone, fallback) };
}
