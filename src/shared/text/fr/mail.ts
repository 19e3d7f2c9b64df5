// French: ../en/mail.ts
import type { mailText } from "../en/mail";
import type { Translation } from "../../i18n/translation";

export default {
  mail: {
    linkFallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
    signature: "Runboard",
    unavailable: "L’envoi d’e-mails n’est pas configuré sur ce site.",
    failed: "échec de l’envoi de l’e-mail",
    sendUnconfirmed: "résultat de l’envoi de l’e-mail inconnu (worker arrêté pendant l’envoi) ; pas de nouvel envoi",
  },
  mailStatus: {
    heading: "E-mails",
    counts: "{waiting, plural, one {# e-mail en attente} other {# e-mails en attente}} d’envoi, {failed, plural, one {# e-mail en échec} other {# e-mails en échec}}.",
    failedHeading: "E-mails en échec, les plus récents d’abord",
    colAt: "Échec le",
    colPurpose: "E-mail",
    colError: "Erreur",
    colAttempts: "Tentatives",
    note: "Les adresses ne sont pas conservées une fois l’e-mail envoyé ou en échec. Les e-mails en échec sont supprimés après 30 jours.",
    purposes: {
      invitation: "Invitation",
      "password-reset": "Réinitialisation du mot de passe",
      "alert-confirm": "Confirmation d’alerte",
      "alert-spot": "Alerte de place",
      "alert-new-runs": "Résumé des nouveaux runs",
      "alert-reminder": "Rappel de run",
    },
  },
} satisfies Translation<typeof mailText>;
