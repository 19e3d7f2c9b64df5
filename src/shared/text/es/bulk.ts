// Spanish: ../en/bulk.ts
import type { bulkText } from "../en/bulk";
import type { Translation } from "../../i18n/translation";

export default {
  bulk: {
    selectAll: "Seleccionar todas las runs de esta página",
    selectColumn: "Seleccionar",
    selectRun: "Seleccionar la run {id}",
    selected: "{n, plural, one {# run seleccionada} other {# runs seleccionadas}}",
    actions: "Acciones en bloque",
    expire: "Caducar",
    delete: "Eliminar",
    shift: "Mover",
    setSpots: "Fijar plazas",
    clear: "Quitar selección",
    nextWeek: "Duplicar a la semana siguiente",
    days: "Días",
    hours: "Horas",
    shiftHelp: "Números enteros; en negativo, adelanta",
    spots: "Plazas",
    spotsHelp: "De 1 a 50 plazas por run; déjalo vacío para dejar de controlar plazas. Las plazas ya ocupadas se mantienen.",
    confirmTitle: { expire: "Caducar runs", delete: "Eliminar runs", shift: "Mover runs", spots: "Fijar plazas" },
    confirmText: {
      expire: "¿Marcar {n, plural, one {# run} other {# runs}} como {n, plural, one {caducada} other {caducadas}}?",
      delete: "¿Eliminar {n, plural, one {# run} other {# runs}}? Puedes deshacerlo durante 10 segundos.",
      shift: "Mover {n, plural, one {# run} other {# runs}} los días y horas indicados abajo.",
      spots: "Fija las plazas que {n, plural, one {ofrece # run} other {ofrecen # runs}}.",
    },
    confirm: { expire: "Caducar runs", delete: "Eliminar runs", shift: "Mover runs", spots: "Fijar plazas" },
    cancel: "Cancelar",
    done: {
      expire: "{n, plural, one {# run caducada} other {# runs caducadas}}",
      delete: "{n, plural, one {# run eliminada} other {# runs eliminadas}}",
      shift: "{n, plural, one {# run movida} other {# runs movidas}}",
      spots: "Plazas fijadas en {n, plural, one {# run} other {# runs}}",
    },
    undo: "Deshacer",
    undone: "{n, plural, one {# run restaurada} other {# runs restauradas}}",
    failed: "Falló la acción en bloque",
    undoFailed: "No se pudo deshacer",
  },
} satisfies Translation<typeof bulkText>;
