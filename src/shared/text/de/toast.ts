// German: ../en/toast.ts
import type { toastText } from "../en/toast";
import type { Translation } from "../../i18n/translation";

export default {
  deleteRun: {
    text: "Möchtest du den Run {id} wirklich löschen? Du kannst das 10 Sekunden lang rückgängig machen.",
    cancel: "Abbrechen",
    confirm: "Run löschen",
  },
  toast: {
    region: "Benachrichtigungen (F8)",
    error: "Fehler",
    success: "Erfolg",
    unauthorized: "Nicht autorisiert",
    loggedOutRelogin: "Du bist abgemeldet. Anmeldung läuft erneut …",
    created: "{kind}-Run erstellt",
    updated: "{kind}-Run aktualisiert",
    duplicated: "{kind}-Run dupliziert",
    repeated: "{n} {kind}-Runs erstellt",
    nextWeek: "Run {id} für nächste Woche erstellt",
    nextWeekUndone: "Run {id} wieder entfernt",
    deleted: "{kind}-Run gelöscht",
    createFailed: "{kind}-Run konnte nicht erstellt werden",
    updateFailed: "{kind}-Run konnte nicht aktualisiert werden",
    duplicateFailed: "{kind}-Run konnte nicht dupliziert werden",
    deleteFailed: "Run konnte nicht gelöscht werden",
    noRunToUpdate: "Kein Run zum Aktualisieren",
    fetchRuns: "Runs konnten nicht geladen werden",
    fetchChallengeRuns: "Challenge-Mode-Runs konnten nicht geladen werden",
    fetchDesertRuns: "Desert-Perpetual-Runs konnten nicht geladen werden",
    fetchRaids: "Raids konnten nicht geladen werden",
    fetchFactions: "Fraktionen konnten nicht geladen werden",
    dismiss: "Benachrichtigung schließen",
  },
  runKinds: { raid: "WoW-Raid", challenge: "Challenge-Mode", desert: "Desert-Perpetual" },
} satisfies Translation<typeof toastText>;
