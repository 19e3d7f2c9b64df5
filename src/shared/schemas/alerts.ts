// Visitor alerts (docs/decisions/34-visitor-alerts.md): POST /api/alerts and the plain form
// post POST /alerts share this schema, so the API and the forms show the same messages.
import { z } from "./zod";
import { T } from "../text";
import { textOf } from "./text";
import { emailSchema } from "./auth";
import { ALERT_TYPES } from "../alerts";

const A = T.alerts.validation;

/** A run's display id ('MOP-57'), as the run page and the cards show it. */
const runField = textOf(A.run).trim().regex(/^[A-Za-z0-9]{1,10}-[1-9]\d{0,9}$/, A.run).transform((s) => s.toUpperCase());
/** A calendar's game slug ('mists-of-pandaria'). */
const calendarField = textOf(A.calendar).trim().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, A.calendar);
/** The calendar's query string as the page shows it (with or without '?'); re-read by the calendar's own filter rules. */
const filtersField = textOf(A.filters).max(500, A.filters).transform((s) => s.replace(/^\?/, ""));

// A form post sends every field, empty ones as "": those count as absent.
const optional = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());

/**
 * POST /api/alerts: `{ email, type, run?, calendar?, filters? }`. A spot or reminder alert
 * names its run; a new-runs alert names its calendar and, optionally, the calendar's filters.
 */
export const alertRequestSchema = z.object({
  email: emailSchema,
  type: z.enum(ALERT_TYPES, { error: A.type }),
  run: optional(runField),
  calendar: optional(calendarField),
  filters: optional(filtersField),
}, { error: T.validation.invalidRequest }).superRefine((d, ctx) => {
  if (d.type === "new-runs" && !d.calendar) ctx.addIssue({ code: "custom", message: A.calendarNeeded, path: ["calendar"] });
  if (d.type !== "new-runs" && !d.run) ctx.addIssue({ code: "custom", message: A.runNeeded, path: ["run"] });
});
export type AlertRequest = z.output<typeof alertRequestSchema>;

/**
 * Where a plain form post returns: a path on this site (never another origin, never
 * `//host`), with its query and fragment. Anything else returns to the home page.
 */
export const backPathSchema = z.preprocess((v) => (Array.isArray(v) ? v[0] : v),
  z.string().max(1000).regex(/^\/(?![/\\])[^\s\p{Cc}]*$/u).catch("/"));

/** POST /alerts: the same fields as a form post, plus `back`. */
export const alertFormSchema = z.object({ back: backPathSchema.optional() }).passthrough();

/** Tokens as they appear in alert links (32 random bytes, base64url: 43 characters). */
export const alertTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** The answer of POST /api/alerts, the same whether the address is known. */
export const alertAcceptedSchema = z.object({ message: z.string() });
