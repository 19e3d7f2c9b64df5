// French: ../en/toast.ts
import type { toastText } from "../en/toast";
import type { Translation } from "../../i18n/translation";

export default {
  deleteRun: {
    text: "Voulez-vous vraiment supprimer le run {id} ? Vous pouvez annuler pendant 10 secondes.",
    cancel: "Annuler",
    confirm: "Supprimer le run",
  },
  toast: {
    region: "Notifications (F8)",
    error: "Erreur",
    success: "Succès",
    unauthorized: "Non autorisé",
    loggedOutRelogin: "Vous êtes déconnecté. Reconnexion en cours…",
    created: "Run {kind} créé",
    updated: "Run {kind} mis à jour",
    duplicated: "Run {kind} dupliqué",
    repeated: "{n} runs {kind} créés",
    nextWeek: "Run {id} créé pour la semaine suivante",
    nextWeekUndone: "Run {id} retiré",
    deleted: "Run {kind} supprimé",
    createFailed: "Échec de la création du run {kind}",
    updateFailed: "Échec de la mise à jour du run {kind}",
    duplicateFailed: "Échec de la duplication du run {kind}",
    deleteFailed: "Échec de la suppression du run",
    noRunToUpdate: "Aucun run à mettre à jour",
    fetchRuns: "Impossible de récupérer les runs",
    fetchChallengeRuns: "Impossible de récupérer les runs Challenge Modes",
    fetchDesertRuns: "Impossible de récupérer les runs The Desert Perpetual",
    fetchRaids: "Impossible de récupérer les raids",
    fetchFactions: "Impossible de récupérer les factions",
    dismiss: "Fermer la notification",
  },
  runKinds: { raid: "Raid WoW", challenge: "Challenge Modes", desert: "The Desert Perpetual" },
} satisfies Translation<typeof toastText>;
