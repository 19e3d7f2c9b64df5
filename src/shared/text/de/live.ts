// German: ../en/live.ts
import type { liveText } from "../en/live";
import type { Translation } from "../../i18n/translation";

export default {
  live: {
    newRuns: "{n, plural, one {# neuer Run, anzeigen} other {# neue Runs, anzeigen}}",
    nowFull: "{id} ist jetzt voll",
    nowFew: "{n, plural, one {{id} hat noch # freien Platz} other {{id} hat noch # freie Plätze}}",
    nowClosed: "Buchung für {id} ist jetzt geschlossen",
    reopened: "{id} hat wieder freie Plätze",
    gone: "{id} wird nicht mehr angeboten",
    runGone: "Dieser Run wird nicht mehr angeboten. Im Kalender findest du die Runs, die du buchen kannst.",
    notFound: "Diesen Kalender oder Run gibt es nicht.",
    busy: "Live-Updates sind gerade ausgelastet; die Seite bleibt, wie sie ist.",
    tooMany: "Von deiner Adresse sind zu viele Live-Updates offen; die Seite bleibt, wie sie ist.",
  },
} satisfies Translation<typeof liveText>;
