// Bulk actions on the run panels (expire, delete, shift, duplicate to next week) and their undo.

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
    clear: "Clear selection",
    nextWeek: "Duplicate to next week",
    days: "Days",
    hours: "Hours",
    shiftHelp: "Whole numbers; negative moves earlier",
    confirmTitle: { expire: "Expire runs", delete: "Delete runs", shift: "Shift runs" },
    confirmText: {
      expire: (n: number) => `Mark ${n === 1 ? "1 run" : `${n} runs`} as expired?`,
      delete: (n: number) => `Delete ${n === 1 ? "1 run" : `${n} runs`}? You can undo this for 10 seconds.`,
      shift: (n: number) => `Move ${n === 1 ? "1 run" : `${n} runs`} by the days and hours below.`,
    },
    confirm: { expire: "Expire runs", delete: "Delete runs", shift: "Shift runs" },
    cancel: "Cancel",
    done: {
      expire: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} expired`,
      delete: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} deleted`,
      shift: (n: number) => `${n === 1 ? "1 run" : `${n} runs`} shifted`,
    },
    undo: "Undo",
    undone: (n: number) => `Restored ${n === 1 ? "1 run" : `${n} runs`}`,
    failed: "The bulk action failed",
    undoFailed: "Undo failed",
  },
} as const;
