// German: ../en/bulk.ts
import type { bulkText } from "../en/bulk";
import type { Translation } from "../../i18n/translation";

export default {
  bulk: {
    selectAll: "Alle Runs auf dieser Seite auswählen",
    selectColumn: "Auswahl",
    selectRun: "Run {id} auswählen",
    selected: "{n, plural, one {# Run ausgewählt} other {# Runs ausgewählt}}",
    actions: "Sammelaktionen",
    expire: "Ablaufen lassen",
    delete: "Löschen",
    shift: "Verschieben",
    setSpots: "Plätze setzen",
    clear: "Auswahl aufheben",
    nextWeek: "In nächste Woche duplizieren",
    days: "Tage",
    hours: "Stunden",
    shiftHelp: "Ganze Zahlen; negativ verschiebt nach vorne",
    spots: "Plätze",
    spotsHelp: "1 bis 50 Plätze pro Run; leer lassen, um keine Plätze mehr zu zählen. Bereits belegte Plätze bleiben.",
    confirmTitle: { expire: "Runs ablaufen lassen", delete: "Runs löschen", shift: "Runs verschieben", spots: "Plätze setzen" },
    confirmText: {
      expire: "{n, plural, one {# Run} other {# Runs}} als abgelaufen markieren?",
      delete: "{n, plural, one {# Run} other {# Runs}} löschen? Du kannst das 10 Sekunden lang rückgängig machen.",
      shift: "{n, plural, one {# Run} other {# Runs}} um die unten angegebenen Tage und Stunden verschieben.",
      spots: "Lege fest, wie viele Plätze {n, plural, one {# Run anbietet} other {# Runs anbieten}}.",
    },
    confirm: { expire: "Runs ablaufen lassen", delete: "Runs löschen", shift: "Runs verschieben", spots: "Plätze setzen" },
    cancel: "Abbrechen",
    done: {
      expire: "{n, plural, one {# Run} other {# Runs}} abgelaufen",
      delete: "{n, plural, one {# Run} other {# Runs}} gelöscht",
      shift: "{n, plural, one {# Run} other {# Runs}} verschoben",
      spots: "Plätze für {n, plural, one {# Run} other {# Runs}} gesetzt",
    },
    undo: "Rückgängig",
    undone: "{n, plural, one {# Run} other {# Runs}} wiederhergestellt",
    failed: "Die Sammelaktion ist fehlgeschlagen",
    undoFailed: "Rückgängig machen fehlgeschlagen",
  },
} satisfies Translation<typeof bulkText>;
