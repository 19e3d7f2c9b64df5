// Russian: ../en/site.ts
import type { siteText } from "../en/site";
import type { Translation } from "../../i18n/translation";

export default {
  app: {
    name: "Runboard",
    tagline: "Календари ранов Blazing Boost",
    user: "Пользователь",
    welcome: "Добро пожаловать, {name}",
    boosterIdLine: "ID бустера: {id}",
    adminLogin: "Вход для админов и продавцов",
    adminDashboard: "Панель администратора",
    manageRuns: "Управление ранами",
    logout: "Выйти",
    loggingOut: "Выход...",
    backToHome: "На главную",
    noScript: "Для этой страницы нужен JavaScript: создание, изменение и удаление ранов, управление пользователями и играми работают только с ним. Включите JavaScript и перезагрузите страницу.",
    loading: "Загрузка...",
    skipToContent: "Перейти к содержимому",
    language: "Язык",
  },
  landing: {
    heading: "Дополнительные инструменты Blazing",
    subtitle: "Дополнительные инструменты для удобства клиентов: календари ранов в реальном времени, фильтры и бронирование напрямую через наш магазин.",
    browseTools: "Инструменты",
    viewRuns: "Смотреть раны",
    availableRuns: "Доступные раны",
    availableRunsCount: "Доступно ранов: {n}",
    toolsBadge: "{n, plural, one {# инструмент} few {# инструмента} many {# инструментов} other {# инструмента}}",
    noGames: "Сейчас нет доступных игр.",
    noImage: "Нет изображения",
  },
  category: {
    viewAvailableRuns: "Доступные раны",
    viewCalendar: "Открыть календарь",
    viewRuns: "Смотреть раны",
  },
  notFound: {
    title: "404 — страница не найдена",
    line: "Может, страницу забыли добавить в роутер?",
    home: "На главную",
  },
  unavailable: {
    title: "Сервис временно недоступен",
    line: "Runboard сейчас не может получить доступ к данным. Попробуйте чуть позже.",
  },
} satisfies Translation<typeof siteText>;
