// The run panels of the Runs tab: per-kind titles, table columns, filters and paging.

export const panelsText = {
  panels: {
    raid: {
      title: "MoP Raid Runs",
      search: "Search by ID, raid name, or booster",
      empty: "No WoW Raid runs created yet. Create your first run!",
      loading: "Loading WoW Raid runs...",
      deleteTitle: "Delete Raid Run",
    },
    challenge: {
      title: "Challenge Mode Runs",
      search: "Search by ID, title, or booster",
      empty: "No Challenge Mode runs created yet. Create your first run!",
      loading: "Loading Challenge Mode runs...",
      deleteTitle: "Delete Challenge Mode Run",
    },
    desert: {
      title: "Desert Perpetual Runs",
      search: "Search by ID, completion type, or feats",
      empty: "No Desert Perpetual runs created yet. Create your first run!",
      loading: "Loading Desert Perpetual runs...",
      name: "The Desert Perpetual",
      noFeats: "No feats",
      deleteTitle: "Delete Run {id}",
    },
    noMatch: "No runs match your current filters.",
    createRun: "Create Run",
    edit: "Edit",
    duplicate: "Duplicate",
    delete: "Delete",
    // Columns, filters and paging from here on: our own wording.
    columns: {
      id: "ID", raidDifficulty: "Raid & Difficulty", region: "Region", status: "Status", booster: "Booster",
      faction: "Faction", modes: "Completion & Gameplay Modes", runDate: "Run Date", classes: "Available Classes",
      title: "Title", completionMode: "Completion Mode", name: "Name", completionType: "Completion Type",
      feats: "Feats", date: "Date", actions: "Actions", start: "Start", run: "Run",
    },
    /** The run cell's disclosure of a raid's class restrictions. */
    classesCount: "{n, plural, one {1 class} other {# classes}}",
    searchLabel: "Search runs",
    timezone: "Timezone",
    filterStatus: "Status",
    filterRegion: "Region",
    filterDifficulty: "Difficulty",
    filterFaction: "Faction",
    filterMode: "Mode",
    filterCompletionType: "Completion Type",
    allClassesCell: "All classes",
    actionLabel: "{action} run {id}",
    previous: "Previous",
    next: "Next",
    retry: "Try again",
    pageOf: "Page {page} of {pages}",
    showing: "Showing {from}–{to} of {total} runs",
  },
} as const;
