// Russian: ../en/runCalendar.ts
import type { runCalendarText } from "../en/runCalendar";
import type { Translation } from "../../i18n/translation";

export default {
  runCalendar: {
    title: "Добавить в календарь",
    ics: "Скачать .ics",
    google: "Добавить в Google Calendar",
    reminder: "Скоро начало: {summary}",
    runPage: "Страница рана:",
    book: "Забронировать:",
    invalidAlarm: "alarm должен быть 0, 15, 30, 60 или 120: минуты до начала, 0 — без напоминания.",
    notFound: "Ран не найден",
    gone: "Этот ран больше недоступен",
  },
  clickSources: {
    names: { calendar: "Календарь", run: "Страница рана", embed: "Встроенный календарь", feed: "Приложения-календари", discord: "Discord", other: "Другое или неизвестно" },
    title: "Клики по записи по источникам",
    summary: "{clicks, plural, one {# клик по записи} few {# клика по записи} many {# кликов по записи} other {# клика по записи}} за период.{best, select, null {} other { Больше всего — из источника «{best}».}}",
    source: "Источник",
    share: "Доля",
    originsTitle: "Сайты со встроенным календарём",
    origin: "Сайт",
    noOrigins: "За этот период не было кликов по записи с сайтов со встроенным календарём.",
  },
} satisfies Translation<typeof runCalendarText>;
