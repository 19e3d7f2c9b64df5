// The run form (create, edit, duplicate), its repeat section and the overlap warning, and the
// question every form dialog asks before unsaved input is thrown away.

export const runFormText = {
  // Our own wording.
  dialog: {
    discardTitle: "Discard changes?",
    discardBody: "What you entered in this form has not been saved and will be lost.",
    keepEditing: "Keep editing",
    discard: "Discard",
  },
  runForm: {
    /** One announcement for a submit with errors (the fields show their own messages). */
    errorSummary: "{n, plural, one {1 field needs attention.} other {# fields need attention.}}",
    creating: "Creating...",
    updating: "Updating...",
    duplicating: "Duplicating...",
    saving: "Saving...",
    allClasses: "All classes available",
    specificClasses: "Add specific classes",
    addClass: "Add Class",
    requiredForDuplication: "Required for duplication",
    cancel: "Cancel",
    add: "Add",
    scheduled: "Scheduled date and time",
    status: "Status",
    // Titles, buttons and field labels from here on: our own wording.
    title: {
      create: "Create {kind} Run",
      edit: "Edit {kind} Run",
      duplicate: "Duplicate {kind} Run",
    },
    submit: { create: "Create Run", edit: "Update Run", duplicate: "Duplicate Run" },
    region: "Region",
    raid: "Raid",
    difficulty: "Difficulty",
    booster: "Booster",
    faction: "Faction",
    completionMode: "Completion Mode",
    gameplayType: "Gameplay Type",
    classes: "Class restriction",
    completionType: "Completion Type",
    feats: "Feats (optional)",
    runTitle: "Title",
    date: "Date",
    time: "Time",
    /** The time field reads a clock time or a day and time, on the Timezone toggle's clock. */
    timeHelp: "A time like 19:45, 7:45 PM or 21h30, or a day and time like fri 20:00 or tomorrow 9pm, on the Timezone's clock.",
    timePlaceholder: "e.g. 19:45 or fri 20:00",
    /** What the field could not read, with the field's name and an example. */
    timeUnreadable: "Time: \"{typed}\" is not a time we can read. Type it like 19:45, 7:45 PM or tomorrow 9pm.",
    /** The resolved date and time before saving, e.g. 'Saves as Sat 28 Nov, 19:45 CET'. */
    savesAs: "Saves as {weekday} {day} {month}, {time} {zone}",
    timezone: "Timezone",
    select: "Select...",
    selectRaidFirst: "Select a raid first",
    noDate: "No date selected",
    /** A calendar day button's name: its visible number first. */
    dayLabel: "{day}, {rest}{today, select, true {, today} other {}}{selected, select, true {, selected} other {}}",
    regionRequired: "Region is required",
    scheduledInvalid: "Enter a valid date and time",
    unknownClass: "Unknown class or spec",
    class: "Class",
    specs: "Specs",
    serviceType: "Service Type",
    addClassTitle: "Add Class",
    removeClass: "Remove {wowClass}",
    noClassesYet: "No classes added yet.",
  },
  // Repeating a new run (picked dates or weekly), and the warning when its booster already has a run then.
  repeat: {
    toggle: "Repeat",
    how: "Repeat",
    pickDates: "Pick dates",
    weekly: "Weekly",
    calendar: "Also on these dates",
    calendarNav: "Months of the repeat calendar",
    weeks: "Number of weeks",
    weeksHelp: "Including the first date, 2 to 26",
    summary: "Creates {n} runs: {dates}",
    pickDateFirst: "Pick the first date above",
  },
  overlap: {
    warning: "This booster already has an available run at that time: {ids}. You can still save.",
    saved: "Overlaps with {ids}",
  },
} as const;
