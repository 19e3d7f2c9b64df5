// Russian: ../en/live.ts
import type { liveText } from "../en/live";
import type { Translation } from "../../i18n/translation";

export default {
  live: {
    newRuns: "{n, plural, one {# новый ран, показать} few {# новых рана, показать} many {# новых ранов, показать} other {# нового рана, показать}}",
    nowFull: "{id}: мест больше нет",
    nowFew: "{n, plural, one {{id}: осталось # место} few {{id}: осталось # места} many {{id}: осталось # мест} other {{id}: осталось # места}}",
    nowClosed: "Запись на {id} закрыта",
    reopened: "{id}: снова есть места",
    gone: "{id} больше не предлагается",
    runGone: "Этот ран больше не предлагается. В календаре — раны, на которые можно записаться.",
    notFound: "Такого календаря или рана нет.",
    busy: "Live-обновления перегружены; страница остаётся как есть.",
    tooMany: "С вашего адреса открыто слишком много live-обновлений; страница остаётся как есть.",
  },
} satisfies Translation<typeof liveText>;
