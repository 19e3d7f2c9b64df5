// German: ../en/alertForms.ts
import type { alertFormsText } from "../en/alertForms";
import type { Translation } from "../../i18n/translation";

export default {
  alertForm: {
    notifyOnRunPage: "E-Mail erhalten, wenn ein Platz frei wird",
    sending: "Wird gesendet …",
    failed: "Das hat nicht geklappt. Prüfe deine Verbindung und versuch es noch einmal.",
  },
} satisfies Translation<typeof alertFormsText>;
