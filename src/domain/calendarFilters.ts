// What the three calendars' filters share: the run base shape, 'all', sorting and the
// query-string helpers.
import { TIMEZONES, type Region, type Timezone } from "../shared/enums";
import { canBook } from "./availability";
import type { Bookable } from "./bookable";

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
} & Bookable;

/** Runs by start time, earliest first (ties by id, so the order is stable). */
export function sortByStart<R extends { startsAt: number; id: number }>(runs: readonly R[]): R[] {
  return [...runs].sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
}

/**
 * "Only runs with free spots" (`?open=1`), a filter every calendar has: it hides full and
 * closed runs. Any other value is the default (off), so it drops out of the canonical URL.
 */
export const OPEN_PARAM = "open";
/** The filter in a kind's filter state: `open: true` when on, absent when off (the default stays as it was). */
export type OpenOnly = { open?: boolean };
/** The filter's state for a query, to spread into a kind's filters. */
export const parseOpenOnly = (q: Query): OpenOnly => (q.get(OPEN_PARAM) === "1" ? { open: true } : {});
/** The filter's query entry: present only when on. */
export const openOnlyEntries = (f: OpenOnly): [string, string][] => (f.open ? [[OPEN_PARAM, "1"]] : []);
/** Whether a run passes the filter: with it on, only runs a visitor can book now. */
export const passesOpenOnly = (run: Bookable, f: OpenOnly): boolean => !f.open || canBook(run.availability);

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
