// Russian: ../en/storefront.ts
import type { storefrontText } from "../en/storefront";
import type { Translation } from "../../i18n/translation";

export default {
  storefront: {
    badSignature: "Заголовок Runboard-Signature отсутствует или неверен",
    staleSignature: "Метка времени Runboard-Signature отличается от текущего времени больше чем на 5 минут",
    badJson: "Тело запроса должно быть в формате JSON",
    orderId: "orderId должен содержать от 1 до 100 символов без управляющих символов",
    run: "run должен быть ID рана, например MOP-57",
    quantity: "quantity должно быть целым числом от 1 до 50",
    status: "status должен быть paid, refunded или cancelled",
    unknownRun: "Рана {run} нет",
    otherRun: "Заказ {orderId} оплачен за ран {run}",
    refused: {
      started: "Ран уже начался: заказ записан, места не изменены",
      cancelled: "Ран отменён: заказ записан, места не изменены",
      deleted: "Ран удалён: заказ записан, места не изменены",
    },
    overbooked: "Перебор: {n, plural, one {# место} few {# места} many {# мест} other {# места}}",
    actor: "Магазин",
  },
} satisfies Translation<typeof storefrontText>;
