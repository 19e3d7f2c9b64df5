// French: ../en/staffMail.ts
import type { staffMailText } from "../en/staffMail";
import type { Translation } from "../../i18n/translation";

export default {
  staffMail: {
    whatIsRunboard: "Runboard est l’outil où Blazing Boost planifie ses runs de boost : le staff et les boosters y organisent les runs, et les clients les trouvent sur ses calendriers publics puis réservent via la boutique.",
    until: "{day} · {time} UTC",
    inviteSubject: "Vous êtes invité à rejoindre Runboard en tant que {type, select, owner {propriétaire} administrator {administrateur} other {booster}}",
    inviteIntro: "{sender, select, owner {Le propriétaire} administrator {Un administrateur} other {Un booster}} de Runboard vous invite à rejoindre l’équipe en tant que {type, select, owner {propriétaire} administrator {administrateur} other {booster}}.",
    inviteMessage: "Son message : « {message} »",
    inviteAction: "Accepter l’invitation",
    inviteExpires: "Le lien est valable jusqu’au {until}. Passé ce délai, demandez-en un nouveau.",
    inviteFooter: "Vous recevez ce message car un membre du staff de Runboard a saisi votre adresse. Si vous ne l’attendiez pas, ignorez-le : aucun compte n’est créé tant que vous n’ouvrez pas le lien.",
    resetSubject: "Définissez un nouveau mot de passe Runboard",
    resetByStaff: "{sender, select, owner {Le propriétaire} administrator {Un administrateur} other {Un booster}} de Runboard a créé pour vous un lien permettant de définir un nouveau mot de passe pour votre compte ({email}).",
    resetByRequest: "Quelqu’un, probablement vous, a demandé la réinitialisation du mot de passe du compte Runboard {email}.",
    resetAction: "Définir un nouveau mot de passe",
    resetExpires: "Le lien ne fonctionne qu’une fois, jusqu’au {until}. L’utiliser vous déconnecte partout.",
    resetIgnore: "Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
    inviteEmailed: "Invitation envoyée par e-mail à {email}. Vous pouvez aussi copier le lien ci-dessous.",
    resetEmailed: "Lien de réinitialisation envoyé par e-mail à {email}. Vous pouvez aussi copier le lien ci-dessous.",
    notEmailed: "L’envoi d’e-mails n’est pas configuré sur ce site : ce lien n’a pas été envoyé. Copiez-le et envoyez-le vous-même.",
    forgotLink: "Mot de passe oublié ?",
    forgotByStaff: "Mot de passe oublié ? Demandez un lien de réinitialisation à un administrateur : l’envoi d’e-mails n’est pas configuré sur ce site.",
    forgotTitle: "Mot de passe oublié",
    forgotIntro: "Saisissez l’adresse e-mail de votre compte. Si elle correspond à un compte actif, nous y enverrons un lien pour définir un nouveau mot de passe.",
    forgotSubmit: "M’envoyer un lien",
    forgotSentTitle: "Vérifiez vos e-mails",
    forgotSent: "Si cette adresse correspond à un compte actif, un lien pour définir un nouveau mot de passe est en route. Il est valable 1 heure. Rien reçu ? Regardez dans vos spams ou demandez à un administrateur.",
    forgotUnavailable: "L’envoi d’e-mails n’est pas configuré sur ce site : impossible d’envoyer un lien de réinitialisation. Demandez-en un à un administrateur.",
    backToSignIn: "Retour à la connexion",
  },
} satisfies Translation<typeof staffMailText>;
