// German: ../en/staffMail.ts
import type { staffMailText } from "../en/staffMail";
import type { Translation } from "../../i18n/translation";

export default {
  staffMail: {
    whatIsRunboard: "Runboard ist das Tool, in dem Blazing Boost seine Boost-Runs plant: Staff und Booster planen dort Runs, und Kunden finden sie in den öffentlichen Kalendern und buchen über den Shop.",
    until: "{day} · {time} UTC",

    inviteSubject: "Du bist eingeladen, Runboard als {type, select, owner {Inhaber} administrator {Administrator} other {Booster}} beizutreten",
    inviteIntro: "{sender, select, owner {Der Inhaber} administrator {Ein Administrator} other {Ein Booster}} von Runboard hat dich eingeladen, als {type, select, owner {Inhaber} administrator {Administrator} other {Booster}} beizutreten.",
    inviteMessage: "Die Nachricht dazu: „{message}“",
    inviteAction: "Einladung annehmen",
    inviteExpires: "Der Link gilt bis {until}. Danach frag nach einem neuen.",
    inviteFooter: "Du bekommst diese E-Mail, weil jemand vom Runboard-Staff deine Adresse eingegeben hat. Wenn du sie nicht erwartet hast, ignoriere sie: Ohne Klick auf den Link wird kein Konto erstellt.",

    resetSubject: "Neues Runboard-Passwort festlegen",
    resetByStaff: "{sender, select, owner {Der Inhaber} administrator {Ein Administrator} other {Ein Booster}} von Runboard hat dir einen Link erstellt, mit dem du ein neues Passwort für dein Konto ({email}) festlegen kannst.",
    resetByRequest: "Jemand, wahrscheinlich du, hat das Zurücksetzen des Passworts für das Runboard-Konto {email} angefordert.",
    resetAction: "Neues Passwort festlegen",
    resetExpires: "Der Link funktioniert einmal, bis {until}. Wenn du ihn benutzt, wirst du überall abgemeldet.",
    resetIgnore: "Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.",

    inviteEmailed: "Einladung an {email} gesendet. Du kannst den Link unten auch kopieren.",
    resetEmailed: "Reset-Link an {email} gesendet. Du kannst den Link unten auch kopieren.",
    notEmailed: "E-Mail ist auf dieser Seite nicht eingerichtet, daher wurde dieser Link nicht verschickt. Kopiere ihn und schick ihn selbst.",

    forgotLink: "Passwort vergessen?",
    forgotByStaff: "Passwort vergessen? Bitte einen Administrator um einen Reset-Link: E-Mail ist auf dieser Seite nicht eingerichtet.",
    forgotTitle: "Passwort vergessen",
    forgotIntro: "Gib die E-Mail-Adresse deines Kontos ein. Gehört sie zu einem aktiven Konto, schicken wir dir einen Link, um ein neues Passwort festzulegen.",
    forgotSubmit: "Reset-Link schicken",
    forgotSentTitle: "Schau in dein Postfach",
    forgotSent: "Wenn die Adresse zu einem aktiven Konto gehört, ist ein Link zum Festlegen eines neuen Passworts unterwegs. Er gilt 1 Stunde. Nichts angekommen? Prüfe deinen Spam-Ordner oder frag einen Administrator.",
    forgotUnavailable: "E-Mail ist auf dieser Seite nicht eingerichtet, daher kann kein Reset-Link verschickt werden. Bitte einen Administrator darum.",
    backToSignIn: "Zurück zur Anmeldung",
  },
} satisfies Translation<typeof staffMailText>;
