// Spanish: ../en/staffCapacity.ts
import type { staffCapacityText } from "../en/staffCapacity";
import type { Translation } from "../../i18n/translation";

export default {
  staffCapacity: {
    column: "Plazas",
    cell: "{taken} / {spots}",
    full: "Llena",
    untracked: "—",
    cellTitle: "{taken, plural, one {# plaza ocupada} other {# plazas ocupadas}} de {spots}; {left, plural, one {queda # plaza} other {quedan # plazas}}",
    fewTitle: "{left, plural, one {Solo queda # plaza} other {Solo quedan # plazas}}",
    untrackedTitle: "Esta run no controla plazas",
    spots: "Plazas",
    spotsHelp: "Plazas que los compradores pueden reservar (de 1 a 50). Déjalo vacío si la run no controla plazas.",
    taken: "Ocupadas",
    takenHelp: "Plazas ya vendidas. Los pedidos de la tienda también cambian este número.",
    cutoff: "Cierre de reservas",
    cutoffFor: "de {name}, en minutos antes del inicio de una run",
    cutoffUnit: "min antes del inicio",
    cutoffHelp: "Los visitantes ya no pueden reservar una run estos minutos antes de que empiece (de 0 a 1440).",
    cutoffSave: "Guardar",
    cutoffSaveFor: "Guardar el cierre de reservas de {name}",
    cutoffSaved: "Cierre de reservas actualizado",
    cutoffFailed: "No se pudo actualizar el cierre de reservas.",
    sellThrough: "Tasa de venta",
    sellThroughFigure: "{taken} de {offered, plural, one {# plaza ocupada} other {# plazas ocupadas}}",
    sellThroughRuns: "en tus {runs, plural, one {# próxima run} other {# próximas runs}} que controlan plazas",
    sellThroughNone: "Ninguna de tus próximas runs controla plazas todavía.",
  },
} satisfies Translation<typeof staffCapacityText>;
