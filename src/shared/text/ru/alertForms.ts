// Russian: ../en/alertForms.ts
import type { alertFormsText } from "../en/alertForms";
import type { Translation } from "../../i18n/translation";

export default {
  alertForm: {
    notifyOnRunPage: "Сообщить на почту, когда освободится место",
    sending: "Отправка…",
    failed: "Не получилось. Проверьте подключение и попробуйте снова.",
  },
} satisfies Translation<typeof alertFormsText>;
