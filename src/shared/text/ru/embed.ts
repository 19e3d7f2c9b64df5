// Russian: ../en/embed.ts
import type { embedText } from "../en/embed";
import type { Translation } from "../../i18n/translation";

export default {
  embed: {
    openCalendar: "Открыть весь календарь",
    fallbackLink: "{game} на Runboard",
    control: "Встроить календарь",
    controlHint: "Вставьте этот код на страницу своего сайта. Он покажет этот календарь с выбранными здесь фильтрами и будет обновляться в реальном времени.",
    themeLabel: "Цвета",
    themes: { auto: "Как у посетителя", light: "Светлая", dark: "Тёмная" },
    snippetLabel: "Код для вставки",
    copy: "Копировать код",
    copied: "Код скопирован",
    copyFailed: "Не удалось скопировать: выделите код и скопируйте его",
  },
} satisfies Translation<typeof embedText>;
