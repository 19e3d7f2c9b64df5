// Places per run on the staff side (issue #28): the run tables' Spots column, the run forms'
// Spots and Taken fields, the Games tab's booking cutoff and the booster dashboard's sell-through.
// Our own wording.

export const staffCapacityText = {
  staffCapacity: {
    column: "Spots",
    /** A run that tracks places: taken over offered ("3 / 10"). */
    cell: "{taken} / {spots}",
    full: "Full",
    /** A run that does not track places. */
    untracked: "—",
    cellTitle: "{taken, plural, one {# place} other {# places}} taken of {spots}; {left, plural, one {# place} other {# places}} left",
    fewTitle: "Only {left, plural, one {# place} other {# places}} left",
    untrackedTitle: "This run does not track places",
    spots: "Spots",
    spotsHelp: "Places buyers can book (1 to 50). Leave empty if the run does not track places.",
    taken: "Taken",
    takenHelp: "Places already sold. The storefront's orders move this too.",
    // The Games tab.
    cutoff: "Booking closes",
    /** Read after "Booking closes" in the field's accessible name. */
    cutoffFor: "for {name}, in minutes before a run starts",
    cutoffUnit: "min before start",
    cutoffHelp: "Visitors can no longer book a run this many minutes before it starts (0 to 1440).",
    cutoffSave: "Save",
    cutoffSaveFor: "Save booking cutoff of {name}",
    cutoffSaved: "Booking cutoff updated",
    cutoffFailed: "Failed to update the booking cutoff.",
    // The booster dashboard.
    sellThrough: "Sell-through",
    sellThroughFigure: "{taken} of {offered, plural, one {# place} other {# places}} taken",
    sellThroughRuns: "over your {runs, plural, one {# upcoming run} other {# upcoming runs}} that track places",
    sellThroughNone: "None of your upcoming runs track places yet.",
  },
} as const;
