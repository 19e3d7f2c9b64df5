// Russian: ../en/toast.ts
import type { toastText } from "../en/toast";
import type { Translation } from "../../i18n/translation";

export default {
  deleteRun: {
    text: "Вы уверены, что хотите удалить ран {id}? Отменить можно в течение 10 секунд.",
    cancel: "Отмена",
    confirm: "Удалить ран",
  },
  toast: {
    region: "Уведомления (F8)",
    error: "Ошибка",
    success: "Готово",
    unauthorized: "Нет доступа",
    loggedOutRelogin: "Вы вышли из системы. Выполняется повторный вход...",
    created: "Ран создан: {kind}",
    updated: "Ран обновлён: {kind}",
    duplicated: "Ран скопирован: {kind}",
    repeated: "Создано ранов: {n} ({kind})",
    nextWeek: "Ран {id} создан на следующую неделю",
    nextWeekUndone: "Ран {id} снова удалён",
    deleted: "Ран удалён: {kind}",
    createFailed: "Не удалось создать ран: {kind}",
    updateFailed: "Не удалось обновить ран: {kind}",
    duplicateFailed: "Не удалось скопировать ран: {kind}",
    deleteFailed: "Не удалось удалить ран",
    noRunToUpdate: "Нет рана для обновления",
    fetchRuns: "Не удалось загрузить раны",
    fetchChallengeRuns: "Не удалось загрузить раны Challenge Modes",
    fetchDesertRuns: "Не удалось загрузить раны Desert Perpetual",
    fetchRaids: "Не удалось загрузить рейды",
    fetchFactions: "Не удалось загрузить фракции",
    dismiss: "Закрыть уведомление",
  },
  runKinds: { raid: "Рейд WoW", challenge: "Challenge Mode", desert: "Desert Perpetual" },
} satisfies Translation<typeof toastText>;
