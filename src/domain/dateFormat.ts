// The staff console's one date family (run panels, Activity, invitations, Users): a weekday,
// an ISO date, a 24-hour time and the zone, always on the clocks of one of the product's two
// zones, so the same instant reads the same on every tab and in every browser. Visitors'
// cards keep their own look (src/domain/time.ts displayTime).
import type { Timezone } from "../shared/enums";
import { displayTime } from "./wallTime";

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
