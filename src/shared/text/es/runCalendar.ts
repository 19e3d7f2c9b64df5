// Spanish: ../en/runCalendar.ts
import type { runCalendarText } from "../en/runCalendar";
import type { Translation } from "../../i18n/translation";

export default {
  runCalendar: {
    title: "Añadir a tu calendario",
    ics: "Descargar .ics",
    google: "Añadir a Google Calendar",
    reminder: "Empieza pronto: {summary}",
    runPage: "Página de la run:",
    book: "Reservar:",
    invalidAlarm: "alarm debe ser 0, 15, 30, 60 o 120: minutos antes del inicio, 0 para ningún recordatorio.",
    notFound: "Run no encontrada",
    gone: "Esta run ya no está disponible",
  },
  clickSources: {
    names: { calendar: "Calendario", run: "Página de la run", embed: "Calendario insertado", feed: "Apps de calendario", discord: "Discord", other: "Otro o desconocido" },
    title: "Clics de reserva por origen",
    summary: "{clicks, plural, one {# clic de reserva} other {# clics de reserva}} en el periodo.{best, select, null {} other { La mayoría vino de: {best}.}}",
    source: "Origen",
    share: "Porcentaje",
    originsTitle: "Sitios que insertan el calendario",
    origin: "Sitio",
    noOrigins: "Ningún clic de reserva desde un sitio que inserte el calendario en este periodo.",
  },
} satisfies Translation<typeof runCalendarText>;
