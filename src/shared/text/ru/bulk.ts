// Russian: ../en/bulk.ts
import type { bulkText } from "../en/bulk";
import type { Translation } from "../../i18n/translation";

export default {
  bulk: {
    selectAll: "Выбрать все раны на странице",
    selectColumn: "Выбор",
    selectRun: "Выбрать ран {id}",
    selected: "{n, plural, one {Выбран # ран} few {Выбрано # рана} many {Выбрано # ранов} other {Выбрано # рана}}",
    actions: "Массовые действия",
    expire: "Снять",
    delete: "Удалить",
    shift: "Сдвинуть",
    setSpots: "Места",
    clear: "Снять выбор",
    nextWeek: "Копировать на след. неделю",
    days: "Дни",
    hours: "Часы",
    shiftHelp: "Целые числа; отрицательные — раньше",
    spots: "Места",
    spotsHelp: "От 1 до 50 мест на ран; оставьте пустым, чтобы не учитывать места. Уже занятые места сохраняются.",
    confirmTitle: { expire: "Снять раны", delete: "Удалить раны", shift: "Сдвинуть раны", spots: "Задать места" },
    confirmText: {
      expire: "Снять {n, plural, one {# ран} few {# рана} many {# ранов} other {# рана}} с календаря (статус «Истёк»)?",
      delete: "Удалить {n, plural, one {# ран} few {# рана} many {# ранов} other {# рана}}? Отменить можно в течение 10 секунд.",
      shift: "Сдвинуть {n, plural, one {# ран} few {# рана} many {# ранов} other {# рана}} на указанные ниже дни и часы.",
      spots: "Задайте число мест для {n, plural, one {# рана} few {# ранов} many {# ранов} other {# рана}}.",
    },
    confirm: { expire: "Снять раны", delete: "Удалить раны", shift: "Сдвинуть раны", spots: "Задать места" },
    cancel: "Отмена",
    done: {
      expire: "{n, plural, one {# ран снят} few {# рана сняты} many {# ранов снято} other {# рана снято}}",
      delete: "{n, plural, one {# ран удалён} few {# рана удалены} many {# ранов удалено} other {# рана удалено}}",
      shift: "{n, plural, one {# ран сдвинут} few {# рана сдвинуты} many {# ранов сдвинуто} other {# рана сдвинуто}}",
      spots: "Места заданы для {n, plural, one {# рана} few {# ранов} many {# ранов} other {# рана}}",
    },
    undo: "Отменить",
    undone: "{n, plural, one {Восстановлен # ран} few {Восстановлено # рана} many {Восстановлено # ранов} other {Восстановлено # рана}}",
    failed: "Массовое действие не выполнено",
    undoFailed: "Не удалось отменить",
  },
} satisfies Translation<typeof bulkText>;
