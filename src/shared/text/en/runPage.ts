// The public page of one run, search descriptions, enum value labels, and calendar subscriptions and feeds.

export const runPageText = {
  // The page of one run, /runs/{displayId}.
  run: {
    title: "{what} · {id}",
    description: "{what}, {when}. Book on Blazing Boost and mention run {id}.",
    organizer: "Blazing Boost",
    // What the run is, for titles and descriptions.
    what: {
      raid: "{raid} {difficulty} raid run, {region}",
      challenge: "9/9 Gold Challenge Modes run, {faction}, {mode}",
      desert: "The Desert Perpetual run, {completion}",
    },
    when: "{date}, {time}",
    details: "Run details",
    startsAt: "Starts",
    region: "Region",
    cet: "Central European time",
    est: "US Eastern time",
    crossRealm: "Cross-realm",
    yes: "Yes",
    no: "No",
    restrictions: "Class restrictions",
    restrictionClass: "Class",
    restrictionSpecs: "Specs",
    restrictionService: "Service type",
    anySpec: "Any",
    booking: "Book this run",
    moreRuns: "More {name} runs",
    share: "Share this run",
    shareLink: "Link to this run",
    copyLink: "Copy link",
    copied: "Link copied.",
    copyFailed: "Copying failed: select the link and copy it.",
    shareNative: "Share…",
    goneTitle: "This run is no longer available",
    goneLine: "It has started, was taken off the calendar or was removed.",
    goneCalendar: "See the {name}",
    breadcrumb: "Run {id}",
  },
  // Search-engine descriptions of pages that have no text of their own.
  seo: {
    category: "{name} boosting run calendars: browse scheduled runs and book through Blazing Boost.",
    calendar: "Upcoming {name} runs with times, requirements and filters. Book through Blazing Boost.",
  },
  labels: {
    difficulty: { normal_10: "Normal 10", heroic_10: "Heroic 10", normal_25: "Normal 25", heroic_25: "Heroic 25" },
    region: { EU: "Europe", US: "North America" },
    gameplayType: { selfplay: "Selfplay", pilot: "Pilot", "selfplay & pilot": "Selfplay & Pilot" },
    desertCompletion: { sherpa_and_recovery: "Sherpa & Recovery", sherpa_only: "Sherpa Only", recovery_only: "Recovery Only" },
    role: { owner: "Owner", administrator: "Administrator", booster: "Booster" },
    runStatus: { available: "Available", in_progress: "In Progress", completed: "Completed", expired: "Expired", cancelled: "Cancelled" },
    feat: {
      "Phase Race": "strict time limits",
      "Cutthroat Combat": "PvP mechanics",
      Battalions: "enhanced enemies",
      "Token Limit": "restricted revive tokens",
      "Challenge Encounter": "special encounter variations",
    },
  },
  // Calendar subscriptions: the Subscribe control and the .ics feed's wording.
  subscribe: {
    title: "Subscribe",
    // No promise of a refresh rate: the feed asks for hourly, but each app (Google Calendar above all) keeps its own schedule.
    hint: "Get these runs, with the current filters, in your calendar app. Your calendar app fetches changes on its own schedule, which can take several hours.",
    webcal: "Open in calendar app",
    google: "Add to Google Calendar",
    url: "Calendar feed URL",
    copy: "Copy URL",
    copied: "Copied to clipboard",
  },
  feed: {
    /** The calendar's name in a calendar app: the game, what the filters pick, the site. */
    name: "{hasFilters, select, true {{game} ({filters})} other {{game}}} · {site}",
    summary: "{title} · {label}",
    /** A full run's event: 'Full' first, so a calendar app's one-line view shows it. */
    summaryFull: "Full · {title} · {label}",
    notFound: "Calendar not found",
  },
} as const;
