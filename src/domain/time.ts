// Times as people type them and as runs store them: typed clocks, the scheduledDate text, and
// the instant a zone's wall clock shows (./wallTime.ts goes the other way, and is all the
// calendars load).
import type { Timezone } from "../shared/enums";
import { pad, toLocal, type LocalDateTime } from "./wallTime";

const SCHEDULED = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A typed time of day, the same in every locale: '19:45', '2130', '930', '9.30', '21h30',
 * '7:45 PM', '7:45pm', '9pm', '12 am'. Null for anything else (e.g. '9:5', '25:00').
 */
export function readClock(raw: string): { hour: number; minute: number } | null {
  const s = raw.trim().toLowerCase();
  const h24 = /^(\d{1,2})(?:[:.h]?(\d{2}))$/.exec(s) ?? /^(\d{1,2})h$/.exec(s);
  if (h24) {
    const hour = Number(h24[1]);
    const minute = Number(h24[2] ?? 0);
    return hour <= 23 && minute <= 59 ? { hour, minute } : null;
  }
  const h12 = /^(\d{1,2})(?:[:.](\d{2}))? ?([ap])\.?m\.?$/.exec(s);
  if (h12) {
    const hour = Number(h12[1]);
    const minute = Number(h12[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return { hour: (hour % 12) + (h12[3] === "p" ? 12 : 0), minute };
  }
  return null;
}

/** A typed time as 'HH:MM' (see readClock); anything unreadable comes back as typed, and the scheduledDate schema refuses it. */
export function normalizeTime(raw: string): string {
  const c = readClock(raw);
  return c ? `${pad(c.hour)}:${pad(c.minute)}` : raw.trim();
}

/** Reads the scheduledDate text ('YYYY-MM-DD HH:MM', T separator and seconds allowed). */
export function parseScheduled(text: string): LocalDateTime | null {
  const m = SCHEDULED.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  // Date.UTC reads years 0-99 as 1900-1999, and late on 9999-12-31 New York is in year
  // 10000 in UTC, which PostgreSQL cannot read (a 500): neither is a date anyone schedules.
  if (year < 1000 || year > 9998) return null;
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  // Reject 2026-02-31 and the like: the calendar must round-trip.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute };
}

function asUtcMs(l: LocalDateTime): number {
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute);
}

/**
 * The instant at which `zone`'s clocks show `local`. In the spring-forward gap (a time
 * that does not exist) the clock is read as if DST had not started yet, i.e. one hour later;
 * in the autumn overlap the earlier instant is chosen.
 */
export function fromLocal(local: LocalDateTime, zone: Timezone): Date {
  const wanted = asUtcMs(local);
  // Offset = local wall clock minus UTC. Probing a day either side sees both offsets of a
  // transition; every offset that reproduces the wall time is a candidate.
  const offsetAt = (ms: number) => asUtcMs(toLocal(new Date(ms), zone)) - ms;
  const offsets = [offsetAt(wanted - 86_400_000), offsetAt(wanted + 86_400_000)];
  const fits = offsets.map((o) => wanted - o).filter((c) => asUtcMs(toLocal(new Date(c), zone)) === wanted);
  if (fits.length) return new Date(Math.min(...fits));
  return new Date(wanted - Math.min(...offsets));
}

/** The scheduledDate text of `instant` in `zone`: 'YYYY-MM-DD HH:MM'. */
export function formatScheduled(instant: Date, zone: Timezone): string {
  const l = toLocal(instant, zone);
  return `${l.year}-${pad(l.month)}-${pad(l.day)} ${pad(l.hour)}:${pad(l.minute)}`;
}

/** Parses scheduledDate text entered in `zone` into an instant, or null when malformed. */
export function scheduledToInstant(text: string, zone: Timezone): Date | null {
  const local = parseScheduled(text);
  return local ? fromLocal(local, zone) : null;
}

/**
 * The counters' week: Sunday 00:00 to Saturday 23:59:59 of the week holding
 * `now`, on the clocks of `zone`. Returns [start, end) as instants.
 */
export function weekBounds(now: Date, zone: Timezone = "CET"): { start: Date; end: Date } {
  const l = toLocal(now, zone);
  const dow = new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay();
  const sunday = new Date(Date.UTC(l.year, l.month - 1, l.day - dow));
  const nextSunday = new Date(Date.UTC(l.year, l.month - 1, l.day - dow + 7));
  const at = (d: Date) => fromLocal({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 }, zone);
  return { start: at(sunday), end: at(nextSunday) };
}
