// Wall clocks in the product's zones and the viewer's own, and how a run's time reads there.
// The calendars' cards need only this; reading typed or scheduled times and turning a wall
// clock back into an instant live in ./time.ts, which only the run form and the server load.
import type { Timezone } from "../shared/enums";
import { locale } from "../shared/text";

// CET and EST are the product's two zones, but as real places (docs/decisions/01-time-and-counting.md):
// conversions follow daylight saving and change the date across midnight.
export const ZONE_IANA: Record<Timezone, string> = { CET: "Europe/Berlin", EST: "America/New_York" };

export type LocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

export const pad = (n: number) => String(n).padStart(2, "0");

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(iana: string): Intl.DateTimeFormat {
  let f = formatters.get(iana);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: iana, hourCycle: "h23",
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
    });
    formatters.set(iana, f);
  }
  return f;
}

/** The wall-clock time in `zone` at `instant`. */
export function toLocal(instant: Date, zone: Timezone): LocalDateTime {
  return wallClock(instant, ZONE_IANA[zone]);
}

/** The wall-clock time at `instant` in any IANA zone (e.g. the viewer's own, 'Asia/Tokyo'). */
export function wallClock(instant: Date, iana: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(iana).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

// Day and month names in the page's language, from Intl ('Sat', 'Sa.', 'сб'); English as en-US
// writes them ('Sep', where en-GB has 'Sept').
const names = new Map<string, { weekday: Intl.DateTimeFormat; month: Intl.DateTimeFormat }>();
function namesIn(lang: string) {
  let n = names.get(lang);
  if (!n) {
    const tag = lang === "en" || lang === "en-XA" ? "en-US" : lang;
    n = { weekday: new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }), month: new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }) };
    names.set(lang, n);
  }
  return n;
}

export type WallTime = { time: string; weekday: string; month: string; day: number; date: string };
export type DisplayTime = WallTime & { zone: Timezone };

/** What a run card shows: 'HH:MM', weekday, month and day of the converted date. */
export function displayTime(instant: Date, zone: Timezone): DisplayTime {
  return { ...wallTime(instant, ZONE_IANA[zone]), zone };
}

/** displayTime in any IANA zone. */
export function wallTime(instant: Date, iana: string): WallTime {
  const l = wallClock(instant, iana);
  const day = new Date(Date.UTC(l.year, l.month - 1, l.day));
  const n = namesIn(locale());
  const weekday = n.weekday.format(day);
  const month = n.month.format(day);
  return { time: `${pad(l.hour)}:${pad(l.minute)}`, weekday, month, day: l.day, date: `${l.year}-${pad(l.month)}-${pad(l.day)}` };
}

