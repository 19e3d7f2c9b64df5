// What every react-day-picker calendar in the console shares (the run form's, Repeat's and
// the Activity tab's date fields): local-date conversions, the day cell and day names.
// Kept apart from fields.tsx so a calendar does not bring the run form's time parser along.
import type { ComponentProps } from "react";
import type { Day as DayCell } from "react-day-picker";
import { T } from "../../../src/shared/text";

const pad = (n: number) => String(n).padStart(2, "0");
export const toYmd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The calendar works on local dates; only the year, month and day are read back. */
export function fromYmd(ymd: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/**
 * A day cell without the `role="gridcell"` react-day-picker puts on it: inside its
 * `<table role="grid">` a `<td>` already is a grid cell, and the explicit role is invalid HTML.
 */
export const DAY_COMPONENTS = {
  Day: ({ day: _day, modifiers: _modifiers, role: _role, ...td }: ComponentProps<typeof DayCell>) => <td {...td} />,
};

/**
 * Day buttons are named by their visible number first ('21, Saturday, November 2026'),
 * so speech input and screen readers agree with what is shown (WCAG 2.5.3).
 */
export const DAY_LABELS = {
  labelDayButton: (d: Date, m: { today?: boolean; selected?: boolean }, _o?: unknown, lib?: { format: (d: Date, f: string) => string }) =>
    T.runForm.dayLabel({ day: d.getDate(), rest: lib ? lib.format(d, "EEEE, MMMM yyyy") : d.toDateString(), today: !!m.today, selected: !!m.selected }),
};
