// German: ../en/embed.ts
import type { embedText } from "../en/embed";
import type { Translation } from "../../i18n/translation";

export default {
  embed: {
    openCalendar: "Ganzen Kalender öffnen",
    fallbackLink: "{game} auf Runboard",
    control: "Diesen Kalender einbetten",
    controlHint: "Füge diesen Code in eine Seite deiner Website ein. Er zeigt diesen Kalender mit den hier gewählten Filtern und bleibt live.",
    themeLabel: "Farben",
    themes: { auto: "Einstellung des Besuchers übernehmen", light: "Hell", dark: "Dunkel" },
    snippetLabel: "Einbettungscode",
    copy: "Code kopieren",
    copied: "Code kopiert",
    copyFailed: "Kopieren fehlgeschlagen: Markiere den Code und kopiere ihn",
  },
} satisfies Translation<typeof embedText>;
