// French: ../en/runCalendar.ts
import type { runCalendarText } from "../en/runCalendar";
import type { Translation } from "../../i18n/translation";

export default {
  runCalendar: {
    title: "Ajouter à votre agenda",
    ics: "Télécharger le .ics",
    google: "Ajouter à Google Calendar",
    reminder: "Bientôt : {summary}",
    runPage: "Page du run :",
    book: "Réserver :",
    invalidAlarm: "alarm doit valoir 0, 15, 30, 60 ou 120 : minutes avant le début, 0 pour aucun rappel.",
    notFound: "Run introuvable",
    gone: "Ce run n’est plus disponible",
  },
  clickSources: {
    names: { calendar: "Calendrier", run: "Page du run", embed: "Calendrier intégré", feed: "Applis d’agenda", discord: "Discord", other: "Autre ou inconnue" },
    title: "Clics de réservation par source",
    summary: "{clicks, plural, one {# clic de réservation} other {# clics de réservation}} sur la période.{best, select, null {} other { Principale source : {best}.}}",
    source: "Provenance",
    share: "Part",
    originsTitle: "Sites qui intègrent le calendrier",
    origin: "Site web",
    noOrigins: "Aucun clic de réservation depuis un site intégrant le calendrier sur cette période.",
  },
} satisfies Translation<typeof runCalendarText>;
