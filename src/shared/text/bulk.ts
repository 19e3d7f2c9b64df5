// Bulk actions on the run panels (expire, delete, shift, set spots, duplicate to next week) and their undo.

export const bulkText = {
  bulk: {
    selectAll: "Select all runs on this page",
    /** The selection column's name on a phone, where each row is a card of labelled lines. */
    selectColumn: "Select",
    selectRun: (id: string) => `Select run ${id}`,
    selected: (n: number) => (n === 1 ? "1 run selected" : `${n} runs selected`),
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
      expire: (n: number) => `Mark ${n === 1 ? "1 run" : `${n} runs`} as expired?`,
      delete: (n: number) => `Delete ${n === 1 ? "1 run" : `${n} runs`}? You can undo this for 10 seconds.`,
      shift: (n: number) => `Move ${n === 1 ? "1 run" : `${n} runs`} by the days and hours below.`,
      spots: (n: number) => `Set the places ${n === 1 ? "1 run offers" : `${n} runs offer`}.`,
    },
    confirm: { expire: "Expire runs", delete: "Delete runs", shift: "Shift runs", spots: "Set spots" },
    cancel: "Cancel",
    done: {
      expire: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} expired`,
      delete: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} deleted`,
      shift: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} shifted`,
      spots: (n: number) => `Spots set on ${n === 1 ? "1 run" : `${n} runs`}`,
    },
    undo: "Undo",
    undone: (n: number) => `Restored ${n === 1 ? "1 run" : `${n} runs`}`,
    failed: "The bulk action failed",
    undoFailed: "Undo failed",
  },
} as const;
