// The run form's Repeat choice: the form's own date and time is the
// first run; "Pick dates" adds the days chosen on a calendar, "Weekly" the same weekday
// for N weeks in all. The list is validated with the API's own schema before sending.
import { createContext, useContext } from "react";
import { addDays, scheduledDatesField } from "../../../src/shared/schemas/repeat";
import { T } from "../../../src/shared/text";

export type RepeatState = { on: boolean; how: "dates" | "weekly"; dates: string[]; weeks: number };
export const NO_REPEAT: RepeatState = { on: false, how: "dates", dates: [], weeks: 4 };

/** Every start a repeat makes ('YYYY-MM-DD HH:MM'), in date order; the form's own first. */
export function repeatDates(date: string, time: string, r: RepeatState): string[] {
  if (!date) return [];
  const first = `${date} ${time}`;
  if (r.how === "weekly") return Array.from({ length: Math.max(0, r.weeks) }, (_, i) => addDays(first, 7 * i));
  return [...new Set([date, ...r.dates])].sort().map((d) => `${d} ${time}`);
}

type CreateBody = Record<string, unknown> & { scheduledDate?: string };

/**
 * The create body of a repeat: `scheduledDates` instead of `scheduledDate`, or the
 * message to show (fewer than 2 dates, more than 26...). Null when not repeating.
 */
export function repeatBody(body: CreateBody, r: RepeatState | null): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } | null {
  if (!r?.on || !body.scheduledDate) return null;
  const [date = "", time = ""] = body.scheduledDate.split(" ");
  const list = scheduledDatesField.safeParse(repeatDates(date, time, r));
  if (!list.success) return { ok: false, message: list.error.issues[0]?.message ?? T.validation.repeatCount };
  const { scheduledDate: _, ...rest } = body;
  return { ok: true, body: { ...rest, scheduledDates: list.data } };
}

/** The open form's repeat choice, shared by its Repeat field and its submit. */
export const RepeatContext = createContext<{ repeat: RepeatState; setRepeat: (r: RepeatState) => void } | null>(null);
export const useRepeat = () => useContext(RepeatContext);
