// German: ../en/runCalendar.ts
import type { runCalendarText } from "../en/runCalendar";
import type { Translation } from "../../i18n/translation";

export default {
  runCalendar: {
    title: "Zum Kalender hinzufügen",
    ics: ".ics herunterladen",
    google: "Zu Google Calendar hinzufügen",
    reminder: "Startet gleich: {summary}",
    runPage: "Run-Seite:",
    book: "Buchen:",
    invalidAlarm: "alarm muss 0, 15, 30, 60 oder 120 sein: Minuten vor dem Start, 0 für keine Erinnerung.",
    notFound: "Run nicht gefunden",
    gone: "Dieser Run ist nicht mehr verfügbar",
  },
  clickSources: {
    names: { calendar: "Kalender", run: "Run-Seite", embed: "Eingebetteter Kalender", feed: "Kalender-Apps", discord: "Discord", other: "Sonstige oder unbekannt" },
    title: "Buchungsklicks nach Quelle",
    summary: "{clicks, plural, one {# Buchungsklick} other {# Buchungsklicks}} im Zeitraum.{best, select, null {} other { Die meisten kamen von: {best}.}}",
    source: "Quelle",
    share: "Anteil",
    originsTitle: "Websites, die den Kalender einbetten",
    origin: "Website",
    noOrigins: "Keine Buchungsklicks von Websites mit eingebettetem Kalender in diesem Zeitraum.",
  },
} satisfies Translation<typeof runCalendarText>;
