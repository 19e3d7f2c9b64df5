import { displayTime } from "../../src/domain/time";
import type { Timezone } from "../../src/shared/enums";

export type CardTime = { time: string; date: string; iso: string };

/** What a run card and the contact dialog show: '20:00 CET' and 'Sat, Nov 21' in `zone`. */
export function cardTime(startsAt: number, zone: Timezone): CardTime {
  const at = new Date(startsAt);
  const d = displayTime(at, zone);
  return { time: `${d.time} ${zone}`, date: `${d.weekday}, ${d.month} ${d.day}`, iso: at.toISOString() };
}
