// Spanish: ../en/alertForms.ts
import type { alertFormsText } from "../en/alertForms";
import type { Translation } from "../../i18n/translation";

export default {
  alertForm: {
    notifyOnRunPage: "Recibe un correo cuando se libere una plaza",
    sending: "Enviando…",
    failed: "No se pudo enviar. Revisa tu conexión y vuelve a intentarlo.",
  },
} satisfies Translation<typeof alertFormsText>;
