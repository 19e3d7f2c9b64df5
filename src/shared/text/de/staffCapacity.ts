// German: ../en/staffCapacity.ts
import type { staffCapacityText } from "../en/staffCapacity";
import type { Translation } from "../../i18n/translation";

export default {
  staffCapacity: {
    column: "Plätze",
    cell: "{taken} / {spots}",
    full: "Voll",
    untracked: "—",
    cellTitle: "{taken, plural, one {# Platz} other {# Plätze}} von {spots} belegt; {left, plural, one {# Platz} other {# Plätze}} frei",
    fewTitle: "Nur noch {left, plural, one {# Platz} other {# Plätze}} frei",
    untrackedTitle: "Dieser Run zählt keine Plätze",
    spots: "Plätze",
    spotsHelp: "Plätze, die Käufer buchen können (1 bis 50). Leer lassen, wenn der Run keine Plätze zählt.",
    taken: "Belegt",
    takenHelp: "Bereits verkaufte Plätze. Bestellungen im Shop ändern diesen Wert ebenfalls.",
    cutoff: "Buchungsschluss",
    cutoffFor: "für {name}, in Minuten vor Start eines Runs",
    cutoffUnit: "Min. vor Start",
    cutoffHelp: "So viele Minuten vor dem Start können Besucher einen Run nicht mehr buchen (0 bis 1440).",
    cutoffSave: "Speichern",
    cutoffSaveFor: "Buchungsschluss für {name} speichern",
    cutoffSaved: "Buchungsschluss geändert",
    cutoffFailed: "Buchungsschluss konnte nicht geändert werden.",
    sellThrough: "Auslastung",
    sellThroughFigure: "{taken} von {offered, plural, one {# Platz} other {# Plätzen}} belegt",
    sellThroughRuns: "in deinen {runs, plural, one {# kommenden Run} other {# kommenden Runs}}, die Plätze zählen",
    sellThroughNone: "Keiner deiner kommenden Runs zählt bisher Plätze.",
  },
} satisfies Translation<typeof staffCapacityText>;
