import { displayTime, wallTime } from "./wallTime";
import type { ZoneChoice } from "./calendarFilters";
import { cityOf } from "./whenRules";

export type CardTime = { time: string; date: string; iso: string };

/**
 * What a run card and the contact dialog show: '20:00 CET' and 'Sat, Nov 21' in `zone`;
 * for the viewer's own zone (browser only) '02:00 (Tokyo)' in `viewerIana`.
 */
export function cardTime(startsAt: number, zone: ZoneChoice, viewerIana = "UTC"): CardTime {
  const at = new Date(startsAt);
  const d = zone === "local" ? wallTime(at, viewerIana) : displayTime(at, zone);
  const label = zone === "local" ? `(${cityOf(viewerIana)})` : zone;
  return { time: `${d.time} ${label}`, date: `${d.weekday}, ${d.month} ${d.day}`, iso: at.toISOString() };
}
