// French: ../en/alertForms.ts
import type { alertFormsText } from "../en/alertForms";
import type { Translation } from "../../i18n/translation";

export default {
  alertForm: {
    notifyOnRunPage: "Recevoir un e-mail quand une place se libère",
    sending: "Envoi…",
    failed: "L’envoi n’a pas abouti. Vérifiez votre connexion et réessayez.",
  },
} satisfies Translation<typeof alertFormsText>;
