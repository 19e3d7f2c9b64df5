// Visitor alerts (docs/decisions/34-visitor-alerts.md): the types, their timings and the
// plain form post's result flags, shared by the API, the pages, the forms and the mails.

/** spot: places open on a full run; new-runs: new matching runs on a calendar; reminder: an hour before a run. */
export const ALERT_TYPES = ["spot", "new-runs", "reminder"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

const MINUTE = 60_000;

/** A confirmation link works this long; unconfirmed alerts are pruned after it. */
export const CONFIRM_TTL_MS = 48 * 60 * MINUTE;
/** At most one confirmation mail per address in this window (an alert asked for within it gets its mail when it ends). */
export const CONFIRM_RESEND_MS = 10 * MINUTE;
/** A reminder goes out this long before the run starts. */
export const REMINDER_LEAD_MS = 60 * MINUTE;
/** A new-runs alert mails at most once in this window (a digest of what came meanwhile). */
export const DIGEST_EVERY_MS = 60 * MINUTE;
/** The unsubscribe and manage links of an alert mail work this long. */
export const MAIL_LINK_TTL_MS = 90 * 24 * 60 * MINUTE;

/**
 * What a plain form post (POST /alerts) says when it returns to its page, as `?alert=<flag>`
 * (the page shows T.alerts.result[flag] in the element with id `alert`, or the fragment
 * `back` carried). Never the address: it would sit in the URL and the request log.
 */
export const ALERT_FORM_RESULTS = ["sent", "email", "invalid", "limited", "unavailable"] as const;
export type AlertFormResult = (typeof ALERT_FORM_RESULTS)[number];
/** The query parameter of that flag. */
export const ALERT_FORM_PARAM = "alert";

/** The flag of a `?alert=` value, or null for anything else. */
export const alertFormResultOf = (v: unknown): AlertFormResult | null =>
  typeof v === "string" && (ALERT_FORM_RESULTS as readonly string[]).includes(v) ? (v as AlertFormResult) : null;
