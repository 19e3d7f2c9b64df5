// Russian: ../en/mail.ts
import type { mailText } from "../en/mail";
import type { Translation } from "../../i18n/translation";

export default {
  mail: {
    linkFallback: "Если кнопка не работает, скопируйте эту ссылку в браузер:",
    signature: "Runboard",
    unavailable: "Отправка писем на этом сайте не настроена.",
    failed: "письмо не отправлено",
    sendUnconfirmed: "результат отправки письма неизвестен (процесс остановлен во время отправки); повторно не отправляется",
  },
  mailStatus: {
    heading: "Почта",
    counts: "{waiting, plural, one {# письмо ждёт} few {# письма ждут} many {# писем ждут} other {# письма ждут}} отправки, {failed, plural, one {# письмо не отправлено} few {# письма не отправлены} many {# писем не отправлено} other {# письма не отправлено}}.",
    failedHeading: "Неотправленные письма, сначала новые",
    colAt: "Ошибка в",
    colPurpose: "Письмо",
    colError: "Ошибка",
    colAttempts: "Попытки",
    note: "Адреса не хранятся после отправки письма или ошибки. Неотправленные письма удаляются через 30 дней.",
    purposes: {
      invitation: "Приглашение",
      "password-reset": "Сброс пароля",
      "alert-confirm": "Подтверждение оповещения",
      "alert-spot": "Оповещение о месте",
      "alert-new-runs": "Подборка новых ранов",
      "alert-reminder": "Напоминание о ране",
    },
  },
} satisfies Translation<typeof mailText>;
