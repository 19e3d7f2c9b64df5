// The visitor alert forms on the run page and the calendars (docs/decisions/34-visitor-alerts.md,
// "The forms"): their headings, labels and the few words their plain script says itself.
// What an answer says (sent, invalid, too many) comes from the alerts API's own texts.
// Our own wording.
export const alertFormsText = {
  alertForm: {
    email: "Your email",
    /** Under every address field: double opt-in, said before anyone types. */
    emailHelp: "We send a link to confirm first. Nothing else arrives until you open it.",
    spot: {
      title: "Tell me when a spot opens",
      text: (id: string) => `Run ${id} is full. Leave your address and we email you once when places open.`,
      submit: "Notify me",
    },
    newRuns: {
      title: "Email me new runs like these",
      text: "New runs that match the filters above, gathered into at most one email an hour.",
      submit: "Email me new runs",
    },
    reminder: {
      title: "Remind me 1 hour before",
      text: (id: string) => `One email an hour before run ${id} starts. None if it is cancelled.`,
      submit: "Remind me",
    },
    /** The full run's booking bar and calendar card: a link to the Notify me form. */
    notifyLink: "Notify me",
    /** The calendar card's link, named for its run among the cards (a template: it travels to the island). */
    notifyAbout: "Notify me about {id}",
    /** The calendar's contact dialog for a full run: the form lives on the run page. */
    notifyOnRunPage: "Get an email when a spot opens",
    /** The plain script's words (sent as a data attribute, so no catalogue ships). */
    sending: "Sending…",
    /** When the request did not reach the site or the answer had no message. */
    failed: "That did not go through. Check your connection and try again.",
  },
} as const;
