// ?alarm= on the calendar feeds and a run's .ics: minutes before the start a calendar app
// reminds the subscriber (a VALARM), 0 for none; 60 when absent (docs/decisions/37-one-run-calendar-and-click-sources.md).
import { z } from "./zod";
import { T } from "../text";

export const ALARM_CHOICES = ["0", "15", "30", "60", "120"] as const;
export const ALARM_DEFAULT = 60;

/** The alarm's minutes (0: no alarm); anything but the choices fails with the catalogue's message. */
export const alarmParam = z.enum(ALARM_CHOICES, { error: T.runCalendar.invalidAlarm }).optional()
  .transform((v) => (v === undefined ? ALARM_DEFAULT : Number(v)));

/** The alarm of a file's query (`?alarm=`), or the message of a 400. */
export function alarmOf(query: URLSearchParams): { ok: true; minutes: number } | { ok: false; message: string } {
  const r = alarmParam.safeParse(query.get("alarm") ?? undefined);
  return r.success ? { ok: true, minutes: r.data } : { ok: false, message: T.runCalendar.invalidAlarm };
}
