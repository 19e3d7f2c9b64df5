// What a person types into the run form's time field, read in the form's zone. The clock
// forms ("19:45", "7:45 PM", "21h30", "2130", "9.30") are read here; words with a day
// ("fri 20:00", "tomorrow 9pm") by chrono-node, which only the run form's chunk loads.
import { casual } from "chrono-node/en";
import type { Timezone } from "../shared/enums";
import { fromLocal, readClock } from "./time";
import { displayTime, toLocal, type DisplayTime, type LocalDateTime } from "./wallTime";

export type TypedWhen = {
  /** 'YYYY-MM-DD' on the zone's calendar. */
  date: string;
  /** 'HH:MM', 24-hour. */
  time: string;
  /** The text or the picked day named the date (a bare time took today or tomorrow). */
  dated: boolean;
};

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (l: { year: number; month: number; day: number }) => `${l.year}-${pad(l.month)}-${pad(l.day)}`;

function addDays(l: LocalDateTime, days: number): LocalDateTime {
  const d = new Date(Date.UTC(l.year, l.month - 1, l.day + days));
  return { ...l, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * Reads the time field's text. A bare time goes on `pickedDate` when one is picked;
 * otherwise on today in `zone`, or tomorrow when that time has already passed there
 * (only a text that names no day rolls forward). Null when the text cannot be read.
 */
export function readTypedWhen(text: string, { zone, now, pickedDate }: { zone: Timezone; now: Date; pickedDate?: string }): TypedWhen | null {
  const s = text.trim().replace(/\s+/g, " ");
  if (!s) return null;
  const today = toLocal(now, zone);
  const clock = readClock(s);
  if (clock) {
    const time = `${pad(clock.hour)}:${pad(clock.minute)}`;
    if (pickedDate) return { date: pickedDate, time, dated: true };
    const at = { ...today, hour: clock.hour, minute: clock.minute };
    const passed = fromLocal(at, zone).getTime() <= now.getTime();
    return { date: ymd(passed ? addDays(at, 1) : at), time, dated: false };
  }
  // chrono reckons on the reference date's own clock fields, so it gets the zone's wall
  // clock written as a local date; only the fields it answers are read back.
  const ref = new Date(today.year, today.month - 1, today.day, today.hour, today.minute);
  const [hit] = casual.parse(s, ref, { forwardDate: true });
  // The whole text must be read: '28.11 19:45' read as just '19:45' would drop the day.
  if (hit?.index !== 0 || hit.text.length !== s.length || hit.end || !hit.start.isCertain("hour")) return null;
  const c = hit.start;
  const at = { year: c.get("year")!, month: c.get("month")!, day: c.get("day")!, hour: c.get("hour")!, minute: c.get("minute") ?? 0 };
  const dayNamed = c.isCertain("day") || c.isCertain("weekday");
  if (!dayNamed && pickedDate) return { date: pickedDate, time: `${pad(at.hour)}:${pad(at.minute)}`, dated: true };
  return { date: ymd(at), time: `${pad(at.hour)}:${pad(at.minute)}`, dated: dayNamed };
}

/** How a read time will be saved, on the zone's clock: a time in the spring-forward gap shows as the hour it becomes. */
export function whenInZone(when: Pick<TypedWhen, "date" | "time">, zone: Timezone): DisplayTime {
  const [year, month, day] = when.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = when.time.split(":").map(Number) as [number, number];
  return displayTime(fromLocal({ year, month, day, hour, minute }, zone), zone);
}
