// Spanish: ../en/staffMail.ts
import type { staffMailText } from "../en/staffMail";
import type { Translation } from "../../i18n/translation";

export default {
  staffMail: {
    whatIsRunboard: "Runboard es donde Blazing Boost programa sus runs de boosting: el staff y los boosters planifican ahí las runs, y los clientes las encuentran en sus calendarios públicos y las reservan en la tienda.",
    until: "{day} · {time} UTC",

    inviteSubject: "Te han invitado a unirte a Runboard como {type, select, owner {propietario} administrator {administrador} other {booster}}",
    inviteIntro: "{sender, select, owner {El propietario} administrator {Un administrador} other {Un booster}} de Runboard te ha invitado a unirte como {type, select, owner {propietario} administrator {administrador} other {booster}}.",
    inviteMessage: "Su mensaje: “{message}”",
    inviteAction: "Aceptar la invitación",
    inviteExpires: "El enlace funciona hasta el {until}. Después, pide uno nuevo.",
    inviteFooter: "Recibes este correo porque el staff de Runboard introdujo tu dirección. Si no lo esperabas, ignóralo: no se crea ninguna cuenta a menos que abras el enlace.",

    resetSubject: "Elige una nueva contraseña de Runboard",
    resetByStaff: "{sender, select, owner {El propietario} administrator {Un administrador} other {Un booster}} de Runboard ha creado un enlace para que elijas una nueva contraseña para tu cuenta ({email}).",
    resetByRequest: "Alguien, probablemente tú, pidió restablecer la contraseña de la cuenta de Runboard {email}.",
    resetAction: "Elegir una nueva contraseña",
    resetExpires: "El enlace funciona una sola vez, hasta el {until}. Al usarlo se cierra tu sesión en todas partes.",
    resetIgnore: "Si no lo pediste, ignora este correo: tu contraseña sigue igual.",

    inviteEmailed: "Invitación enviada por correo a {email}. También puedes copiar el enlace de abajo.",
    resetEmailed: "Enlace de restablecimiento enviado por correo a {email}. También puedes copiar el enlace de abajo.",
    notEmailed: "El correo no está configurado en este sitio, así que este enlace no se envió. Cópialo y envíalo tú.",

    forgotLink: "¿Olvidaste tu contraseña?",
    forgotByStaff: "¿Olvidaste tu contraseña? Pide a un administrador un enlace de restablecimiento: el correo no está configurado en este sitio.",
    forgotTitle: "Contraseña olvidada",
    forgotIntro: "Introduce el correo de tu cuenta. Si pertenece a una cuenta activa, le enviaremos un enlace para elegir una nueva contraseña.",
    forgotSubmit: "Enviarme un enlace",
    forgotSentTitle: "Revisa tu correo",
    forgotSent: "Si esa dirección pertenece a una cuenta activa, te llegará un enlace para elegir una nueva contraseña. Funciona durante 1 hora. ¿No ha llegado nada? Mira en la carpeta de spam o pregunta a un administrador.",
    forgotUnavailable: "El correo no está configurado en este sitio, así que no se puede enviar un enlace de restablecimiento. Pide uno a un administrador.",
    backToSignIn: "Volver a iniciar sesión",
  },
} satisfies Translation<typeof staffMailText>;
