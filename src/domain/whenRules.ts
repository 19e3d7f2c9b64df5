// The rules of the browser-only lines under a run's time: the viewer's own time when their
// zone reads differently, and how long until the start. Pure functions of the clock's
// `now` and zone, so tests inject both.
import { displayTime, wallTime } from "./wallTime";
import type { Timezone } from "../shared/enums";
import type { ZoneChoice } from "./calendarFilters";
import type { T } from "../shared/text";

/** The texts these lines use (T.calendar.when). */
export type WhenText = typeof T.calendar.when;

/** Under this much time to go a run is 'Starting soon'. */
export const SOON_MS = 15 * 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Browsers still report some zones under their old IANA link names (Chromium says
// 'Asia/Calcutta' for India); these are the cities' current names for the common ones.
const RENAMED_CITIES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Kolkata", "Asia/Saigon": "Ho Chi Minh", "Asia/Katmandu": "Kathmandu", "Asia/Rangoon": "Yangon",
  "Asia/Dacca": "Dhaka", "Asia/Thimbu": "Thimphu", "Asia/Ulan_Bator": "Ulaanbaatar", "Asia/Ujung_Pandang": "Makassar",
  "Europe/Kiev": "Kyiv", "America/Godthab": "Nuuk", "Atlantic/Faeroe": "Faroe", "Pacific/Truk": "Chuuk",
  "Pacific/Ponape": "Pohnpei", "Pacific/Enderbury": "Kanton",
};

/**
 * 'Tokyo' for 'Asia/Tokyo', 'Kolkata' for 'Asia/Calcutta', 'Buenos Aires' for
 * 'America/Argentina/Buenos_Aires', its words joined by no-break spaces so a label never wraps inside the city.
 */
export const cityOf = (iana: string) => (RENAMED_CITIES[iana] ?? iana.split("/").pop() ?? iana).replaceAll(/[_ ]/g, "\u00a0");

/**
 * 'Starts in 2 h 15 min' under a day, 'Starts in 3 days' beyond (rounded to whole days),
 * 'Starting soon' under 15 minutes, 'Started' once it has.
 */
export function countdown(startsAt: number, now: number, t: WhenText): string {
  const left = startsAt - now;
  if (left <= 0) return t.started;
  if (left < SOON_MS) return t.soon;
  if (left < DAY) {
    const h = Math.floor(left / HOUR);
    const m = Math.floor((left % HOUR) / 60_000);
    const parts = [h ? t.hours({ h }) : "", m ? t.minutes({ m }) : ""].filter(Boolean);
    return t.startsIn({ t: parts.join(" ") });
  }
  const d = Math.round(left / DAY);
  return t.startsIn({ t: d === 1 ? t.day : t.days({ n: d }) });
}

/**
 * 'Your time: Sat 02:00 (Tokyo)', or null when the viewer's clock reads the same as the
 * chosen zone's (a Paris viewer of CET times) or the viewer's own zone is the one shown.
 */
export function yourTime(startsAt: number, zone: ZoneChoice, viewerIana: string, t: WhenText): string | null {
  if (zone === "local") return null;
  const at = new Date(startsAt);
  const mine = wallTime(at, viewerIana);
  const shown = displayTime(at, zone as Timezone);
  if (mine.weekday === shown.weekday && mine.time === shown.time) return null;
  return t.yourTime({ time: `${mine.weekday} ${mine.time}`, zone: cityOf(viewerIana) });
}

/** Runs that went from more than 15 minutes away at `before` to under 15 minutes at `now`. */
export function crossedIntoSoon<R extends { startsAt: number }>(runs: readonly R[], before: number, now: number): R[] {
  return runs.filter((r) => r.startsAt - before >= SOON_MS && r.startsAt - now < SOON_MS && r.startsAt > now);
}
