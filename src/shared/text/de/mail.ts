// German: ../en/mail.ts
import type { mailText } from "../en/mail";
import type { Translation } from "../../i18n/translation";

export default {
  mail: {
    linkFallback: "Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:",
    signature: "Runboard",
    unavailable: "E-Mail ist auf dieser Seite nicht eingerichtet.",
    failed: "E-Mail fehlgeschlagen",
    sendUnconfirmed: "Ergebnis des E-Mail-Versands unbekannt (Worker während des Versands gestoppt); wird nicht erneut gesendet",
  },
  mailStatus: {
    heading: "E-Mail",
    counts: "{waiting, plural, one {# E-Mail wartet} other {# E-Mails warten}} auf den Versand, {failed, plural, one {# E-Mail ist} other {# E-Mails sind}} fehlgeschlagen.",
    failedHeading: "Fehlgeschlagene E-Mails, neueste zuerst",
    colAt: "Fehlgeschlagen am",
    colPurpose: "E-Mail",
    colError: "Fehler",
    colAttempts: "Versuche",
    note: "Adressen werden nicht aufbewahrt, sobald eine E-Mail gesendet oder fehlgeschlagen ist. Fehlgeschlagene E-Mails werden nach 30 Tagen entfernt.",
    purposes: {
      invitation: "Einladung",
      "password-reset": "Passwort-Reset",
      "alert-confirm": "Bestätigung der Benachrichtigung",
      "alert-spot": "Benachrichtigung: Platz frei",
      "alert-new-runs": "Übersicht neuer Runs",
      "alert-reminder": "Run-Erinnerung",
    },
  },
} satisfies Translation<typeof mailText>;
