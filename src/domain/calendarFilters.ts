// What the three calendars' filters share: the run base shape, 'all', sorting and the
// query-string helpers.
import { TIMEZONES, type Region, type Timezone } from "../shared/enums";

export const ALL = "all";
export type All = typeof ALL;

/** A calendar run: the public view, trimmed to what cards, filters and the dialog use. */
export type CalendarRunBase = {
  id: number;
  /** The card's label: display id, else the kind's '{prefix}-{id}', else '#id' (runLabel). */
  label: string;
  /** Start instant, epoch milliseconds. */
  startsAt: number;
  /** The booster's public id (BB-1001). */
  booster: string;
};

/** Runs by start time, earliest first (ties by id, so the order is stable). */
export function sortByStart<R extends { startsAt: number; id: number }>(runs: readonly R[]): R[] {
  return [...runs].sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
}

// Unknown, repeated or malformed query values fall back to the default.
export type Query = Pick<URLSearchParams, "get" | "getAll">;

export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * `tz=local`: the viewer's own zone. Only the browser knows it, so the server renders such a
 * URL in the view's default zone (its canonical form drops `tz`) and the island switches
 * after hydration.
 */
export const LOCAL_ZONE = "local";
/** What the zone switch can show: CET, EST or the viewer's own zone. */
export type ZoneChoice = Timezone | typeof LOCAL_ZONE;

/** The zone a view shows with no `tz` in the URL: EST for a US view, CET otherwise. */
export const regionZone = (region: Region): Timezone => (region === "US" ? "EST" : "CET");

/** The chosen time zone (`tz`), else the view's default. */
export function parseZone(q: Query, fallback: Timezone = "CET"): Timezone {
  return oneOf(q.get("tz"), TIMEZONES) ?? fallback;
}

/**
 * A page's query string (with '?', or '' when everything is default); the zone goes last
 * and only when it is not the view's default.
 */
export function toSearch(entries: readonly (readonly [string, string])[], zone: ZoneChoice = "CET", defaultZone: Timezone = "CET"): string {
  const params = new URLSearchParams();
  for (const [k, v] of entries) params.append(k, v);
  if (zone !== defaultZone) params.set("tz", zone);
  const s = params.toString();
  return s ? `?${s}` : "";
}
