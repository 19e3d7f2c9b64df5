// German: ../en/site.ts
import type { siteText } from "../en/site";
import type { Translation } from "../../i18n/translation";

export default {
  app: {
    name: "Runboard",
    tagline: "Run-Kalender von Blazing Boost",
    user: "Benutzer",
    welcome: "Willkommen, {name}",
    boosterIdLine: "Booster-ID: {id}",
    adminLogin: "Login für Admins & Verkäufer",
    adminDashboard: "Admin-Dashboard",
    manageRuns: "Runs verwalten",
    logout: "Abmelden",
    loggingOut: "Abmeldung läuft …",
    backToHome: "Zur Startseite",
    noScript: "Diese Seite braucht JavaScript: Runs erstellen, bearbeiten und löschen sowie Benutzer und Spiele verwalten funktioniert nur damit. Aktiviere JavaScript und lade die Seite neu.",
    loading: "Wird geladen …",
    skipToContent: "Zum Inhalt springen",
    language: "Sprache",
  },
  landing: {
    heading: "Blazing Extra Tools",
    subtitle: "Extra-Tools für ein besseres Kundenerlebnis: Live-Run-Kalender, Filter und direkte Buchung über unseren Shop.",
    browseTools: "Tools ansehen",
    viewRuns: "Runs ansehen",
    availableRuns: "Verfügbare Runs",
    availableRunsCount: "Verfügbare Runs: {n}",
    toolsBadge: "{n} {n, plural, one {Tool} other {Tools}}",
    noGames: "Gerade sind keine Spiele verfügbar.",
    noImage: "Kein Bild",
  },
  category: {
    viewAvailableRuns: "Verfügbare Runs ansehen",
    viewCalendar: "Kalender ansehen",
    viewRuns: "Runs ansehen",
  },
  notFound: {
    title: "404 – Seite nicht gefunden",
    line: "Hast du vergessen, die Seite im Router einzutragen?",
    home: "Zur Startseite",
  },
  unavailable: {
    title: "Dienst vorübergehend nicht verfügbar",
    line: "Runboard kann seine Daten gerade nicht erreichen. Bitte versuch es gleich noch einmal.",
  },
} satisfies Translation<typeof siteText>;
