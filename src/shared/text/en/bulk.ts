// Bulk actions on the run panels (expire, delete, shift, set spots, duplicate to next week) and their undo.

export const bulkText = {
  bulk: {
    selectAll: "Select all runs on this page",
    /** The selection column's name on a phone, where each row is a card of labelled lines. */
    selectColumn: "Select",
    selectRun: "Select run {id}",
    selected: "{n, plural, one {1 run selected} other {# runs selected}}",
    actions: "Bulk actions",
    expire: "Expire",
    delete: "Delete",
    shift: "Shift",
    setSpots: "Set spots",
    clear: "Clear selection",
    nextWeek: "Duplicate to next week",
    days: "Days",
    hours: "Hours",
    shiftHelp: "Whole numbers; negative moves earlier",
    spots: "Spots",
    spotsHelp: "1 to 50 places per run; leave empty to stop tracking places. Places already taken stay.",
    confirmTitle: { expire: "Expire runs", delete: "Delete runs", shift: "Shift runs", spots: "Set spots" },
    confirmText: {
      expire: "Mark {n, plural, one {1 run} other {# runs}} as expired?",
      delete: "Delete {n, plural, one {1 run} other {# runs}}? You can undo this for 10 seconds.",
      shift: "Move {n, plural, one {1 run} other {# runs}} by the days and hours below.",
      spots: "Set the places {n, plural, one {1 run offers} other {# runs offer}}.",
    },
    confirm: { expire: "Expire runs", delete: "Delete runs", shift: "Shift runs", spots: "Set spots" },
    cancel: "Cancel",
    done: {
      expire: "{n, plural, one {1 run} other {# runs}} expired",
      delete: "{n, plural, one {1 run} other {# runs}} deleted",
      shift: "{n, plural, one {1 run} other {# runs}} shifted",
      spots: "Spots set on {n, plural, one {1 run} other {# runs}}",
    },
    undo: "Undo",
    undone: "Restored {n, plural, one {1 run} other {# runs}}",
    failed: "The bulk action failed",
    undoFailed: "Undo failed",
  },
} as const;
