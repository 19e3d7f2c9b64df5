// French: ../en/live.ts
import type { liveText } from "../en/live";
import type { Translation } from "../../i18n/translation";

export default {
  live: {
    newRuns: "{n, plural, one {# nouveau run, afficher} other {# nouveaux runs, afficher}}",
    nowFull: "{id} est maintenant complet",
    nowFew: "{n, plural, one {{id} : plus que # place} other {{id} : plus que # places}}",
    nowClosed: "Les réservations pour {id} sont closes",
    reopened: "{id} a de nouveau des places",
    gone: "{id} n’est plus proposé",
    runGone: "Ce run n’est plus proposé. Le calendrier affiche les runs que vous pouvez réserver.",
    notFound: "Calendrier ou run introuvable.",
    busy: "Les mises à jour en direct sont saturées ; la page reste telle quelle.",
    tooMany: "Trop de mises à jour en direct sont ouvertes depuis votre adresse ; la page reste telle quelle.",
  },
} satisfies Translation<typeof liveText>;
