// French: ../en/embed.ts
import type { embedText } from "../en/embed";
import type { Translation } from "../../i18n/translation";

export default {
  embed: {
    openCalendar: "Ouvrir le calendrier complet",
    fallbackLink: "{game} sur Runboard",
    control: "Intégrer ce calendrier",
    controlHint: "Collez ce code dans une page de votre site. Il affiche ce calendrier avec les filtres choisis ici et se met à jour en direct.",
    themeLabel: "Couleurs",
    themes: { auto: "Suivre le réglage du visiteur", light: "Clair", dark: "Sombre" },
    snippetLabel: "Code d’intégration",
    copy: "Copier le code",
    copied: "Code copié",
    copyFailed: "Échec de la copie : sélectionnez le code et copiez-le",
  },
} satisfies Translation<typeof embedText>;
