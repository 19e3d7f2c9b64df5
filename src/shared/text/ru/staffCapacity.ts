// Russian: ../en/staffCapacity.ts
import type { staffCapacityText } from "../en/staffCapacity";
import type { Translation } from "../../i18n/translation";

export default {
  staffCapacity: {
    column: "Места",
    cell: "{taken} / {spots}",
    full: "Мест нет",
    untracked: "—",
    cellTitle: "Занято {taken, plural, one {# место} few {# места} many {# мест} other {# места}} из {spots}; {left, plural, one {осталось # место} few {осталось # места} many {осталось # мест} other {осталось # места}}",
    fewTitle: "{left, plural, one {Осталось всего # место} few {Осталось всего # места} many {Осталось всего # мест} other {Осталось всего # места}}",
    untrackedTitle: "Этот ран не учитывает места",
    spots: "Места",
    spotsHelp: "Сколько мест могут забронировать покупатели (от 1 до 50). Оставьте пустым, если ран не учитывает места.",
    taken: "Занято",
    takenHelp: "Уже проданные места. Заказы из магазина тоже меняют это число.",
    cutoff: "Запись закрывается",
    cutoffFor: "для {name}, за сколько минут до начала рана",
    cutoffUnit: "мин до начала",
    cutoffHelp: "За столько минут до начала рана посетители больше не смогут его забронировать (от 0 до 1440).",
    cutoffSave: "Сохранить",
    cutoffSaveFor: "Сохранить закрытие записи для {name}",
    cutoffSaved: "Закрытие записи обновлено",
    cutoffFailed: "Не удалось обновить закрытие записи.",
    sellThrough: "Заполняемость",
    sellThroughFigure: "Занято {taken} из {offered, plural, one {# места} few {# мест} many {# мест} other {# места}}",
    sellThroughRuns: "в {runs, plural, one {# вашем ближайшем ране} few {# ваших ближайших ранах} many {# ваших ближайших ранах} other {# ваших ближайших ранах}} с учётом мест",
    sellThroughNone: "Ни один из ваших ближайших ранов пока не учитывает места.",
  },
} satisfies Translation<typeof staffCapacityText>;
