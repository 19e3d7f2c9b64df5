// The staff console's one date family (run panels, Activity, invitations, Users): a weekday,
// an ISO date, a 24-hour time and the zone, always on the clocks of one of the product's two
// zones, so the same instant reads the same on every tab and in every browser. Visitors'
// cards keep their own look (src/domain/wallTime.ts displayTime).
import type { Timezone } from "../shared/enums";
import { fromLocal } from "./time";
import { displayTime, wallTime } from "./wallTime";

/** Tabs without a zone switch read in CET, the run panels' first zone. */
export const CONSOLE_ZONE: Timezone = "CET";

type InstantLike = Date | string | null | undefined;

function asDate(instant: InstantLike): Date | null {
  if (!instant) return null;
  const d = typeof instant === "string" ? new Date(instant) : instant;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** What a `<time datetime>` holds: the ISO instant ('2026-11-28T17:00:00.000Z'), or null. */
export function isoInstant(instant: InstantLike): string | null {
  return asDate(instant)?.toISOString() ?? null;
}

/** The two halves of consoleDateTime, for a cell that stacks them: 'Sat 2026-11-28' and '18:00 CET'. */
export function consoleParts(instant: InstantLike, zone: Timezone = CONSOLE_ZONE): { day: string; time: string } | null {
  const d = asDate(instant);
  if (!d) return null;
  const t = displayTime(d, zone);
  return { day: `${t.weekday} ${t.date}`, time: `${t.time} ${zone}` };
}

/** 'Sat 2026-11-28 · 18:00 CET', or null for a missing or unreadable instant. */
export function consoleDateTime(instant: InstantLike, zone: Timezone = CONSOLE_ZONE): string | null {
  const p = consoleParts(instant, zone);
  return p && `${p.day} · ${p.time}`;
}

/** 'Sat 2026-11-28' (the date in `zone`), or null. */
export function consoleDate(instant: InstantLike, zone: Timezone = CONSOLE_ZONE): string | null {
  return consoleParts(instant, zone)?.day ?? null;
}

const DAY_TEXT = /^(?:[\p{L}.]{2,12},?\s+)?(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/iu;

/**
 * A day as staff type it in a console date field: '2026-11-28', the field's own display
 * 'Sat 2026-11-28' (the weekday is ignored: the date decides), or with '/' or '.'. Returns
 * 'YYYY-MM-DD', or null for anything else (a day that does not exist included). Years stay
 * within 1000-9998, where every zone's day has an instant PostgreSQL holds.
 */
export function readConsoleDay(text: string): string | null {
  const m = DAY_TEXT.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || year > 9998 || month < 1 || month > 12) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${m[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A calendar day ('2026-11-28') as the console shows days: 'Sat 2026-11-28'; null if it is not a day. */
export function consoleDayLabel(ymd: string): string | null {
  const day = readConsoleDay(ymd);
  return day && `${wallTime(new Date(`${day}T12:00:00Z`), "UTC").weekday} ${day}`;
}

/** Today's date on the console zone's clocks, 'YYYY-MM-DD'. */
export const consoleToday = (now: Date = new Date(), zone: Timezone = CONSOLE_ZONE): string => displayTime(now, zone).date;

/**
 * A console day as instants: its first and its last millisecond on `zone`'s clocks, so a
 * day of 23 or 25 hours (daylight saving) is whole. Null if `ymd` is not a day.
 */
export function consoleDayBounds(ymd: string, zone: Timezone = CONSOLE_ZONE): { start: Date; end: Date } | null {
  const day = readConsoleDay(ymd);
  if (!day) return null;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = fromLocal({ year, month, day: date, hour: 0, minute: 0 }, zone);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const end = fromLocal({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, zone);
  return { start, end: new Date(end.getTime() - 1) };
}
