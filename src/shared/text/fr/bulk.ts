// French: ../en/bulk.ts
import type { bulkText } from "../en/bulk";
import type { Translation } from "../../i18n/translation";

export default {
  bulk: {
    selectAll: "Sélectionner tous les runs de cette page",
    selectColumn: "Sélection",
    selectRun: "Sélectionner le run {id}",
    selected: "{n, plural, one {# run sélectionné} other {# runs sélectionnés}}",
    actions: "Actions groupées",
    expire: "Expirer",
    delete: "Supprimer",
    shift: "Décaler",
    setSpots: "Fixer les places",
    clear: "Désélectionner",
    nextWeek: "Dupliquer à la semaine suivante",
    days: "Jours",
    hours: "Heures",
    shiftHelp: "Nombres entiers ; négatif pour avancer",
    spots: "Places",
    spotsHelp: "De 1 à 50 places par run ; laissez vide pour ne plus suivre les places. Les places déjà prises restent.",
    confirmTitle: { expire: "Faire expirer les runs", delete: "Supprimer les runs", shift: "Décaler les runs", spots: "Fixer les places" },
    confirmText: {
      expire: "Marquer {n, plural, one {# run comme expiré} other {# runs comme expirés}} ?",
      delete: "Supprimer {n, plural, one {# run} other {# runs}} ? Vous pouvez annuler pendant 10 secondes.",
      shift: "Décaler {n, plural, one {# run} other {# runs}} des jours et heures ci-dessous.",
      spots: "Fixer le nombre de places {n, plural, one {du run} other {des # runs}}.",
    },
    confirm: { expire: "Faire expirer", delete: "Supprimer", shift: "Décaler", spots: "Fixer les places" },
    cancel: "Annuler",
    done: {
      expire: "{n, plural, one {# run expiré} other {# runs expirés}}",
      delete: "{n, plural, one {# run supprimé} other {# runs supprimés}}",
      shift: "{n, plural, one {# run décalé} other {# runs décalés}}",
      spots: "Places fixées sur {n, plural, one {# run} other {# runs}}",
    },
    undo: "Annuler",
    undone: "{n, plural, one {# run restauré} other {# runs restaurés}}",
    failed: "L’action groupée a échoué",
    undoFailed: "Échec de l’annulation",
  },
} satisfies Translation<typeof bulkText>;
