// Live pages (docs/decisions/29-live-pages.md): what the calendars and the run page say when
// the stream changes a run in place. Templates ({id}, {n}) so they travel to the islands and
// the run page's plain script as props and data attributes. Our own wording.
export const liveText = {
  live: {
    /** The control that shows runs added since the page loaded (never pushed under the reader). */
    newRuns: "{n, plural, one {1 new run, show} other {# new runs, show}}",
    /** The polite live region: only changes a visitor can act on. */
    nowFull: "{id} is now full",
    nowFew: "{n, plural, one {{id} has 1 spot left} other {{id} has # spots left}}",
    nowClosed: "Booking for {id} is now closed",
    reopened: "{id} has spots again",
    gone: "{id} is no longer offered",
    /** The run page when its run leaves the calendar (cancelled, started, deleted, hidden). */
    runGone: "This run is no longer offered. The calendar shows the runs you can book.",
    /** The stream of a calendar or run that is not public. */
    notFound: "No such calendar or run.",
    /** The process follows as many views as it may; the page stays as it is. */
    busy: "Live updates are busy; the page stays as it is.",
    /** One address holds as many streams as it may (docs/decisions/29-live-pages.md). */
    tooMany: "Too many live updates are open from your address; the page stays as it is.",
  },
} as const;
