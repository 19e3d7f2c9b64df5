// Visitor alerts (docs/decisions/34-visitor-alerts.md): the sign-up answers, the forms'
// result messages, the confirm, unsubscribe and manage pages, and the alert mails. Our own wording.
import type { AlertFormResult, AlertType } from "../../alerts";

export const alertsText = {
  alerts: {
    /** The 202 of every accepted sign-up, whether or not the address is known or confirmed. */
    accepted: "Check your inbox: we sent a link to confirm this alert. If it does not arrive, check your spam folder.",
    /** Both sign-up limits have a 60-minute window (RATE_LIMITS.alertSignUpIp, alertSignUpEmail). */
    rateLimited: "Too many requests. Please wait 60 minutes and try again.",
    /** The log line of an alert job that failed (retried with backoff). */
    jobFailed: "alert job failed; retrying",
    validation: {
      type: "type must be spot, new-runs or reminder",
      run: "run must be a run id such as MOP-57",
      calendar: "calendar must be a calendar's slug",
      filters: "filters must be a calendar's query string of at most 500 characters",
      runNeeded: "This alert needs a run",
      calendarNeeded: "This alert needs a calendar",
      unknownRun: "No such run",
      unknownCalendar: "No such calendar",
      notFull: "This run is not full: it can be booked now",
      closed: "This run can no longer be booked",
      tooLate: "This run starts too soon for a reminder",
    },
    /** What a plain form post says back on its page (`?alert=<flag>`). */
    result: {
      sent: "Check your inbox: we sent a link to confirm this alert.",
      email: "Please enter a valid email address.",
      invalid: "This alert cannot be set up. Please reload the page and try again.",
      limited: "Too many requests. Please wait 60 minutes and try again.",
      unavailable: "Email is not set up on this site.",
    } satisfies Record<AlertFormResult, string>,
    /** The forms' labels (the forms helper's islands and plain forms). */
    form: {
      email: "Email address",
      notifyMe: "Notify me",
      notifyMeHint: "Get one email when a place opens on this run.",
      newRuns: "Email me new runs like these",
      newRunsHint: "At most one email an hour with new runs matching these filters.",
      remindMe: "Remind me 1 hour before",
      remindMeHint: "One email an hour before the run starts.",
      submit: "Send me the link",
      consent: "We store only your address and this alert. Every email has a link to stop it.",
    },
    /** How an alert is named on the pages and in the mails. */
    describe: {
      spot: "A place opens on {run}",
      "new-runs": "{filtered, select, true {New runs on {calendar} matching your filters} other {New runs on {calendar}}}",
      reminder: "Reminder 1 hour before {run}",
    },
    typeName: { spot: "Place opens", "new-runs": "New runs", reminder: "Reminder" } satisfies Record<AlertType, string>,
    confirm: {
      title: "Confirm your alerts",
      intro: "Confirm that you want these emails. Nothing is sent until you do.",
      button: "Confirm",
      doneTitle: "Alerts confirmed",
      done: "{n, plural, one {# alert is} other {# alerts are}} on. Every email has a link to stop it.",
      nothing: "There is nothing left to confirm: these alerts are on already, or were removed.",
      invalidTitle: "Link expired",
      invalid: "This confirmation link is invalid or has expired (links work for 48 hours). Sign up again from the run or calendar.",
    },
    unsubscribe: {
      title: "Stop this alert",
      intro: "Stop emails for: {alert}",
      button: "Unsubscribe",
      doneTitle: "Unsubscribed",
      done: "You will get no more emails for this alert.",
      goneTitle: "Already stopped",
      gone: "This alert has ended already: you will get no more emails for it.",
      invalid: "This link is invalid or has expired.",
      manage: "Manage my alerts",
    },
    manage: {
      title: "My alerts",
      intro: "Every alert of this address. Removing the last one deletes the address.",
      remove: "Remove",
      removeLabel: "Remove: {alert}",
      pending: "waiting for confirmation",
      empty: "No alerts left. Your address has been deleted.",
      removed: "Alert removed.",
      invalid: "This link is invalid or has expired.",
    },
    mail: {
      confirmSubject: "Confirm your alert",
      confirmIntro: "Someone, hopefully you, asked for these emails:",
      confirmAction: "Confirm",
      confirmIgnore: "If it was not you, ignore this mail: nothing will be sent, and the request is forgotten after 48 hours.",
      spotSubject: "A place opened on {run}",
      spotBody: "{left, select, null {Places are open again} other {{left, plural, one {# place is} other {# places are}} open}} on {run} ({when}). Everyone waiting was told at once.",
      spotAction: "Book now",
      newRunsSubject: "{n, plural, one {# new run} other {# new runs}} on {calendar}",
      newRunsIntro: "New runs on {calendar} matching your alert:",
      newRunsAction: "See the calendar",
      reminderSubject: "{run} starts in 1 hour",
      reminderBody: "{run} starts at {when}.",
      reminderAction: "See the run",
      why: "You get this email because you asked for this alert.",
      unsubscribe: "Stop this alert: {url}",
      manage: "Manage my alerts: {url}",
    },
  },
} as const;
