// Spanish: ../en/site.ts
import type { siteText } from "../en/site";
import type { Translation } from "../../i18n/translation";

export default {
  app: {
    name: "Runboard",
    tagline: "Calendarios de runs de Blazing Boost",
    user: "Usuario",
    welcome: "Hola, {name}",
    boosterIdLine: "ID de booster: {id}",
    adminLogin: "Acceso de admins y vendedores",
    adminDashboard: "Panel de administración",
    manageRuns: "Gestionar runs",
    logout: "Cerrar sesión",
    loggingOut: "Cerrando sesión...",
    backToHome: "Volver al inicio",
    noScript: "Esta página necesita JavaScript: crear, editar y eliminar runs y gestionar usuarios y juegos solo funciona con JavaScript activado. Actívalo y recarga la página.",
    loading: "Cargando...",
    skipToContent: "Saltar al contenido",
    language: "Idioma",
  },
  landing: {
    heading: "Blazing Extra Tools",
    subtitle: "Herramientas extra que mejoran la experiencia del cliente: calendarios de runs en directo, filtros y reserva directa en nuestra tienda.",
    browseTools: "Ver herramientas",
    viewRuns: "Ver runs",
    availableRuns: "Runs disponibles",
    availableRunsCount: "Runs disponibles: {n}",
    toolsBadge: "{n} {n, plural, one {herramienta} other {herramientas}}",
    noGames: "Ahora mismo no hay juegos disponibles.",
    noImage: "Sin imagen",
  },
  category: {
    viewAvailableRuns: "Ver runs disponibles",
    viewCalendar: "Ver calendario",
    viewRuns: "Ver runs",
  },
  notFound: {
    title: "404: página no encontrada",
    line: "¿Olvidaste añadir la página al router?",
    home: "Volver al inicio",
  },
  unavailable: {
    title: "Servicio no disponible temporalmente",
    line: "Runboard no puede acceder a sus datos ahora mismo. Vuelve a intentarlo en un momento.",
  },
} satisfies Translation<typeof siteText>;
