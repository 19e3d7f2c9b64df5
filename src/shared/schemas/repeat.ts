// Repeat creation: one create body with `scheduledDates` instead of
// `scheduledDate` creates that run on every date. The list is checked here, for the form
// and the API alike; "in the future" needs the server's clock (src/api/runs/repeat.ts).
import { z } from "./zod";
import { parseScheduled } from "../../domain/time";
import { T } from "../text";
import { capacityIssue, REPEAT_MAX, REPEAT_MIN, scheduledDateField } from "./runFields";

const V = T.validation;

/** 'YYYY-MM-DD HH:MM' texts, compared by their wall-clock value ('T' or seconds do not make a date new). */
const sameMoment = (s: string) => JSON.stringify(parseScheduled(s));

export const scheduledDatesField = z.array(scheduledDateField, { error: V.repeatCount })
  .min(REPEAT_MIN, V.repeatCount).max(REPEAT_MAX, V.repeatCount)
  .refine((list) => new Set(list.map(sameMoment)).size === list.length, V.repeatDistinct);

/** A create body: a run kind's fields with either one `scheduledDate` or 2-26 `scheduledDates`. */
export function createSchemaOf<S extends z.ZodObject>(input: S) {
  return input
    .extend({ scheduledDate: scheduledDateField.optional(), scheduledDates: scheduledDatesField.optional() })
    .superRefine((body, ctx) => {
      const many = body.scheduledDates !== undefined;
      if (many && body.scheduledDate !== undefined) ctx.addIssue({ code: "custom", path: ["scheduledDates"], message: V.repeatOrSingle });
      if (!many && body.scheduledDate === undefined) ctx.addIssue({ code: "custom", path: ["scheduledDate"], message: V.scheduledRequired });
      const capacity = capacityIssue(body as { spots?: number | null; spotsTaken?: number });
      if (capacity) ctx.addIssue({ code: "custom", path: ["spotsTaken"], message: capacity });
    });
}


/** `scheduledDate` 'YYYY-MM-DD HH:MM' moved by whole days on its own clock (daylight saving keeps the hour). */
export function addDays(scheduled: string, days: number): string {
  const p = parseScheduled(scheduled);
  if (!p) return scheduled;
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(p.hour)}:${pad(p.minute)}`;
}
