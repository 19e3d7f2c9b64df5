// Russian: ../en/panels.ts
import type { panelsText } from "../en/panels";
import type { Translation } from "../../i18n/translation";

export default {
  panels: {
    raid: {
      title: "Рейды MoP",
      search: "Поиск по ID, рейду или бустеру",
      empty: "Ранов по рейдам WoW пока нет. Создайте первый!",
      loading: "Загрузка ранов по рейдам WoW...",
      deleteTitle: "Удалить рейд-ран",
    },
    challenge: {
      title: "Раны Challenge Modes",
      search: "Поиск по ID, названию или бустеру",
      empty: "Ранов Challenge Modes пока нет. Создайте первый!",
      loading: "Загрузка ранов Challenge Modes...",
      deleteTitle: "Удалить ран Challenge Modes",
    },
    desert: {
      title: "Раны Desert Perpetual",
      search: "Поиск по ID, типу прохождения или фитам",
      empty: "Ранов Desert Perpetual пока нет. Создайте первый!",
      loading: "Загрузка ранов Desert Perpetual...",
      name: "The Desert Perpetual",
      noFeats: "Без фитов",
      deleteTitle: "Удалить ран {id}",
    },
    noMatch: "Нет ранов по текущим фильтрам.",
    createRun: "Создать ран",
    edit: "Изменить",
    duplicate: "Копировать",
    delete: "Удалить",
    columns: {
      id: "ID", raidDifficulty: "Рейд и сложность", region: "Регион", status: "Статус", booster: "Бустер",
      faction: "Фракция", modes: "Режим и тип игры", runDate: "Дата рана", classes: "Доступные классы",
      title: "Название", completionMode: "Режим прохождения", name: "Название", completionType: "Тип прохождения",
      feats: "Фиты", date: "Дата", actions: "Действия", start: "Начало", run: "Ран",
    },
    classesCount: "{n, plural, one {# класс} few {# класса} many {# классов} other {# класса}}",
    searchLabel: "Поиск ранов",
    timezone: "Часовой пояс",
    filterStatus: "Статус",
    filterRegion: "Регион",
    filterDifficulty: "Сложность",
    filterFaction: "Фракция",
    filterMode: "Режим",
    filterCompletionType: "Тип прохождения",
    allClassesCell: "Все классы",
    actionLabel: "{action}: ран {id}",
    previous: "Назад",
    next: "Вперёд",
    retry: "Повторить",
    pageOf: "Страница {page} из {pages}",
    showing: "Раны {from}–{to} из {total}",
  },
} satisfies Translation<typeof panelsText>;
