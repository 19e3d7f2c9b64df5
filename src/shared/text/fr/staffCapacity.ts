// French: ../en/staffCapacity.ts
import type { staffCapacityText } from "../en/staffCapacity";
import type { Translation } from "../../i18n/translation";

export default {
  staffCapacity: {
    column: "Places",
    cell: "{taken} / {spots}",
    full: "Complet",
    untracked: "—",
    cellTitle: "{taken, plural, one {# place prise} other {# places prises}} sur {spots} ; {left, plural, one {# place restante} other {# places restantes}}",
    fewTitle: "Plus que {left, plural, one {# place} other {# places}}",
    untrackedTitle: "Ce run ne suit pas les places",
    spots: "Places",
    spotsHelp: "Places que les acheteurs peuvent réserver (1 à 50). Laissez vide si le run ne suit pas les places.",
    taken: "Prises",
    takenHelp: "Places déjà vendues. Les commandes de la boutique modifient aussi ce nombre.",
    cutoff: "Clôture des réservations",
    cutoffFor: "pour {name}, en minutes avant le début d’un run",
    cutoffUnit: "min avant le début",
    cutoffHelp: "Les visiteurs ne peuvent plus réserver un run ce nombre de minutes avant son début (0 à 1440).",
    cutoffSave: "Enregistrer",
    cutoffSaveFor: "Enregistrer la clôture des réservations de {name}",
    cutoffSaved: "Clôture des réservations mise à jour",
    cutoffFailed: "Impossible de mettre à jour la clôture des réservations.",
    sellThrough: "Taux de vente",
    sellThroughFigure: "{taken} sur {offered, plural, one {# place prise} other {# places prises}}",
    sellThroughRuns: "sur vos {runs, plural, one {# run à venir} other {# runs à venir}} qui suivent les places",
    sellThroughNone: "Aucun de vos runs à venir ne suit encore les places.",
  },
} satisfies Translation<typeof staffCapacityText>;
