// Spanish: ../en/toast.ts
import type { toastText } from "../en/toast";
import type { Translation } from "../../i18n/translation";

export default {
  deleteRun: {
    text: "¿Seguro que quieres eliminar la run {id}? Puedes deshacerlo durante 10 segundos.",
    cancel: "Cancelar",
    confirm: "Eliminar run",
  },
  toast: {
    region: "Notificaciones (F8)",
    error: "Error",
    success: "Hecho",
    unauthorized: "No autorizado",
    loggedOutRelogin: "Se cerró tu sesión. Volviendo a iniciar sesión...",
    created: "Run de {kind} creada",
    updated: "Run de {kind} actualizada",
    duplicated: "Run de {kind} duplicada",
    repeated: "{n} runs de {kind} creadas",
    nextWeek: "Run {id} creada para la semana siguiente",
    nextWeekUndone: "Run {id} quitada de nuevo",
    deleted: "Run de {kind} eliminada",
    createFailed: "No se pudo crear la run de {kind}",
    updateFailed: "No se pudo actualizar la run de {kind}",
    duplicateFailed: "No se pudo duplicar la run de {kind}",
    deleteFailed: "No se pudo eliminar la run",
    noRunToUpdate: "No hay ninguna run que actualizar",
    fetchRuns: "No se pudieron cargar las runs",
    fetchChallengeRuns: "No se pudieron cargar las runs de Challenge Modes",
    fetchDesertRuns: "No se pudieron cargar las runs de Desert Perpetual",
    fetchRaids: "No se pudieron cargar las bandas",
    fetchFactions: "No se pudieron cargar las facciones",
    dismiss: "Cerrar notificación",
  },
  runKinds: { raid: "banda de WoW", challenge: "Challenge Modes", desert: "Desert Perpetual" },
} satisfies Translation<typeof toastText>;
