// The delete-run dialog, the staff screens' toasts and the run kinds' names.

export const toastText = {
  deleteRun: {
    text: (id: string) => `Are you sure you want to delete the run ${id}? This action is irreversible and cannot be undone.`,
    cancel: "Cancel",
    confirm: "Delete Run",
  },
  toast: {
    region: "Notifications (F8)",
    error: "Error",
    success: "Success",
    unauthorized: "Unauthorized",
    loggedOutRelogin: "You are logged out. Logging in again...",
    created: (kind: string) => `${kind} run created successfully`,
    updated: (kind: string) => `${kind} run updated successfully`,
    duplicated: (kind: string) => `${kind} run duplicated successfully`,
    repeated: (kind: string, n: number) => `${n} ${kind} runs created successfully`,
    nextWeek: (id: string) => `Run ${id} created for next week`,
    deleted: (kind: string) => `${kind} run deleted successfully`,
    createFailed: (kind: string) => `Failed to create ${kind} run`,
    updateFailed: (kind: string) => `Failed to update ${kind} run`,
    duplicateFailed: (kind: string) => `Failed to duplicate ${kind} run`,
    deleteFailed: "Failed to delete run",
    noRunToUpdate: "No run to update",
    fetchRuns: "Failed to fetch runs",
    fetchChallengeRuns: "Failed to fetch challenge mode runs",
    fetchDesertRuns: "Failed to fetch desert perpetual runs",
    fetchRaids: "Failed to fetch raids",
    fetchFactions: "Failed to fetch factions",
    dismiss: "Dismiss notification",
  },
  runKinds: { raid: "WoW Raid", challenge: "Challenge Mode", desert: "Desert Perpetual" },
} as const;
