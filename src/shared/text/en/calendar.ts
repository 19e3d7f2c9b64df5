// The public run calendars and their booking dialog.

export const calendarText = {
  calendar: {
    gameNotFound: "Game not found",
    backToGames: "Back to Games",
    backToCategory: "Back to Game Category",
    timezone: "Timezone",
    wow: "WoW",
    d2: "D2",
    footer: "All runs are posted by verified raid leaders. For support, reach us on the Blazing Boost site.",
    contactUs: "CONTACT US",
    noRuns: "No runs available",
    noChallengeRuns: "No challenge mode runs available",
    noDesertRuns: "No desert perpetual runs available",
    lookingElse: "Looking for something else?",
    lookingElseText: "Can't find the run you need? Tell us what you are after and we will set it up.",
    contactLink: "Contact us",
    standard: "Standard",
    notSpecified: "Not specified",
    classLimitation: "Class Limitation",
    availableClasses: "Available Classes:",
    allClasses: "All Classes & Service Types Available",
    featsRun: "{n} {n, plural, one {Feat} other {Feats}} Run",
    activeFeats: "Active Feats:",
    noFeatsRun: "No Feats Run",
    allFeatsRun: "All Feats Run",
    clearAll: "Clear All",
    challengeTitle: "9/9 Gold Challenge Modes",
    desertTitle: "The Desert Perpetual",
    booster: "Booster",
    region: "Region",
    raid: "Raid",
    difficulty: "Difficulty",
    faction: "Faction",
    factionsRealms: "Faction & Realm",
    class: "Class",
    serviceType: "Service Type",
    gameplayType: "Gameplay Type",
    completionMode: "Completion Mode",
    completionType: "Completion Type",
    feats: "Feats",
    all: "All",
    applyFilters: "Apply filters",
    // Landmarks, counts and filter state from here on: our own wording.
    breadcrumb: "Breadcrumb",
    filters: "Filters",
    // A template (not a function) so it can travel to the calendar islands as a prop.
    runsShown: "{n, plural, one {1 run shown} other {# runs shown}}",
    // Templates ({id}) so they travel to the calendar islands as props: short, unique accessible names.
    contactAbout: "Contact us about {id}",
    /** The raid tab's run count, for screen readers ('Heart of Fear 3 runs'). */
    tabRuns: "{n, plural, one {1 run} other {# runs}}",
    resetFilters: "Reset filters",
    /** The filters' disclosure on narrow screens. */
    filtersActive: "Filters ({n} active)",
    // Browser-only lines under a run's time (templates: they travel to the islands as props).
    when: {
      yourTime: "Your time: {time} ({zone})",
      startsIn: "Starts in {t}",
      soon: "Starting soon",
      started: "Started",
      hours: "{h} h",
      minutes: "{m} min",
      day: "1 day",
      days: "{n} days",
      announce: "{id} is starting soon",
    },
    /** The zone switch's third choice: the viewer's own zone (with JavaScript only). */
    localZone: "Your time",
    /**
     * A run's places and booking state (src/shared/availabilityText.ts): the count with the
     * catalogue's plural rule ('1 spot left', '3 spots left'), 'Full', 'Booking closed'.
     */
    availability: { spotsLeft: "{n, plural, one {# spot left} other {# spots left}}", full: "Full", closed: "Booking closed" },
    /** The filter every calendar has (?open=1). */
    openOnly: "Only runs with free spots",
  },
  contact: {
    title: "Interested in Run {id}?",
    readyToBook: "Ready to Book?",
    readyText: "Contact us on the Blazing Boost site and mention run {id} so we can book your spot.",
    openStore: "Book on Blazing Boost",
    close: "Close",
    date: "Date",
    time: "Time",
    supportTime: "Time to quote to support",
    classes: "Classes",
    allClasses: "All classes and service types",
    newTab: "The store opens in a new tab.",
    /** The dialog's and run page's row of places left. */
    spots: "Spots",
  },
} as const;
