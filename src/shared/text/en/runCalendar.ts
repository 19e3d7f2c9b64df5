// One run into a calendar (the run's .ics and the Google Calendar link), the calendar
// reminders (?alarm=), and where booking clicks came from (Insights). Our own wording.

export const runCalendarText = {
  runCalendar: {
    title: "Add to your calendar",
    ics: "Download .ics",
    google: "Add to Google Calendar",
    /** The reminder a calendar app shows (VALARM DESCRIPTION). */
    reminder: "Starts soon: {summary}",
    /** Event description lines: the run page and the booking link. */
    runPage: "Run page:",
    book: "Book:",
    invalidAlarm: "alarm must be 0, 15, 30, 60 or 120: minutes before the start, 0 for no reminder.",
    notFound: "Run not found",
    gone: "This run is no longer available",
  },
  clickSources: {
    names: { calendar: "Calendar", run: "Run page", embed: "Embedded calendar", feed: "Calendar apps", discord: "Discord", other: "Other or unknown" },
    title: "Booking clicks by source",
    summary: "{clicks, plural, one {# booking click} other {# booking clicks}} in the period.{best, select, null {} other { Most came from: {best}.}}",
    source: "Source",
    share: "Share",
    originsTitle: "Sites embedding the calendar",
    origin: "Site",
    noOrigins: "No booking clicks from a site embedding the calendar in this period.",
  },
} as const;
