// The visitor alert forms (docs/decisions/34-visitor-alerts.md, "The forms"): the links that
// lead to a form and the few words the forms' plain script says itself. The forms' labels and
// hints, and what an answer says, are the alerts' own texts (./alerts.ts, T.alerts).
// Our own wording.
export const alertFormsText = {
  alertForm: {
    /** The calendar's contact dialog for a full run: the form lives on the run page. */
    notifyOnRunPage: "Get an email when a spot opens",
    /** The plain script's busy button (sent as a data attribute, so no catalogue ships). */
    sending: "Sending…",
    /** When the request did not reach the site or the answer had no message. */
    failed: "That did not go through. Check your connection and try again.",
  },
} as const;
