// Spanish: ../en/mail.ts
import type { mailText } from "../en/mail";
import type { Translation } from "../../i18n/translation";

export default {
  mail: {
    linkFallback: "Si el botón no funciona, copia este enlace en tu navegador:",
    signature: "Runboard",
    unavailable: "El correo no está configurado en este sitio.",
    failed: "falló el correo",
    sendUnconfirmed: "resultado del envío de correo desconocido (el worker se detuvo a mitad del envío); no se vuelve a enviar",
  },
  mailStatus: {
    heading: "Correo",
    counts: "{waiting, plural, one {# correo pendiente} other {# correos pendientes}} de envío, {failed, plural, one {# correo fallido} other {# correos fallidos}}.",
    failedHeading: "Correos fallidos, los más recientes primero",
    colAt: "Falló el",
    colPurpose: "Correo",
    colError: "Error",
    colAttempts: "Intentos",
    note: "Las direcciones no se guardan una vez enviado o fallido el correo. Los correos fallidos se borran a los 30 días.",
    purposes: {
      invitation: "Invitación",
      "password-reset": "Restablecimiento de contraseña",
      "alert-confirm": "Confirmación de alerta",
      "alert-spot": "Alerta de plaza",
      "alert-new-runs": "Resumen de runs nuevas",
      "alert-reminder": "Recordatorio de run",
    },
  },
} satisfies Translation<typeof mailText>;
