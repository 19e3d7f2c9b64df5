// Spanish: ../en/live.ts
import type { liveText } from "../en/live";
import type { Translation } from "../../i18n/translation";

export default {
  live: {
    newRuns: "{n, plural, one {# run nueva, mostrar} other {# runs nuevas, mostrar}}",
    nowFull: "{id} ya está llena",
    nowFew: "{n, plural, one {A {id} le queda # plaza} other {A {id} le quedan # plazas}}",
    nowClosed: "Las reservas de {id} se han cerrado",
    reopened: "{id} vuelve a tener plazas",
    gone: "{id} ya no se ofrece",
    runGone: "Esta run ya no se ofrece. El calendario muestra las runs que puedes reservar.",
    notFound: "No existe ese calendario o run.",
    busy: "Las actualizaciones en directo están saturadas; la página se queda como está.",
    tooMany: "Hay demasiadas actualizaciones en directo abiertas desde tu dirección; la página se queda como está.",
  },
} satisfies Translation<typeof liveText>;
