// Spanish: ../en/panels.ts
import type { panelsText } from "../en/panels";
import type { Translation } from "../../i18n/translation";

export default {
  panels: {
    raid: {
      title: "Runs de banda de MoP",
      search: "Buscar por ID, banda o booster",
      empty: "Aún no hay runs de banda de WoW. ¡Crea la primera!",
      loading: "Cargando runs de banda de WoW...",
      deleteTitle: "Eliminar run de banda",
    },
    challenge: {
      title: "Runs de Challenge Modes",
      search: "Buscar por ID, título o booster",
      empty: "Aún no hay runs de Challenge Modes. ¡Crea la primera!",
      loading: "Cargando runs de Challenge Modes...",
      deleteTitle: "Eliminar run de Challenge Modes",
    },
    desert: {
      title: "Runs de Desert Perpetual",
      search: "Buscar por ID, tipo de completado o proezas",
      empty: "Aún no hay runs de Desert Perpetual. ¡Crea la primera!",
      loading: "Cargando runs de Desert Perpetual...",
      name: "The Desert Perpetual",
      noFeats: "Sin proezas",
      deleteTitle: "Eliminar run {id}",
    },
    noMatch: "Ninguna run coincide con los filtros actuales.",
    createRun: "Crear run",
    edit: "Editar",
    duplicate: "Duplicar",
    delete: "Eliminar",
    columns: {
      id: "ID", raidDifficulty: "Banda y dificultad", region: "Región", status: "Estado", booster: "Booster",
      faction: "Facción", modes: "Modos de completado y juego", runDate: "Fecha de la run", classes: "Clases disponibles",
      title: "Título", completionMode: "Modo de completado", name: "Nombre", completionType: "Tipo de completado",
      feats: "Proezas", date: "Fecha", actions: "Acciones", start: "Inicio", run: "Run",
    },
    classesCount: "{n, plural, one {# clase} other {# clases}}",
    searchLabel: "Buscar runs",
    timezone: "Zona horaria",
    filterStatus: "Estado",
    filterRegion: "Región",
    filterDifficulty: "Dificultad",
    filterFaction: "Facción",
    filterMode: "Modo",
    filterCompletionType: "Tipo de completado",
    allClassesCell: "Todas las clases",
    actionLabel: "{action} la run {id}",
    previous: "Anterior",
    next: "Siguiente",
    retry: "Reintentar",
    pageOf: "Página {page} de {pages}",
    showing: "Mostrando {from}–{to} de {total} runs",
  },
} satisfies Translation<typeof panelsText>;
