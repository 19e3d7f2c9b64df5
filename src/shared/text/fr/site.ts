// French: ../en/site.ts
import type { siteText } from "../en/site";
import type { Translation } from "../../i18n/translation";

export default {
  app: {
    name: "Runboard",
    tagline: "Calendriers des runs Blazing Boost",
    user: "Utilisateur",
    welcome: "Bienvenue, {name}",
    boosterIdLine: "ID booster : {id}",
    adminLogin: "Connexion admin et vendeurs",
    adminDashboard: "Tableau de bord admin",
    manageRuns: "Gérer les runs",
    logout: "Déconnexion",
    loggingOut: "Déconnexion…",
    backToHome: "Retour à l’accueil",
    noScript: "Cette page nécessite JavaScript : créer, modifier et supprimer des runs ou gérer les utilisateurs et les jeux ne fonctionne qu’avec JavaScript activé. Activez JavaScript et rechargez la page.",
    loading: "Chargement…",
    skipToContent: "Aller au contenu",
    language: "Langue",
  },
  landing: {
    heading: "Blazing Extra Tools",
    subtitle: "Des outils en plus pour une meilleure expérience client : calendriers de runs en direct, filtres et réservation directe via notre boutique.",
    browseTools: "Voir les outils",
    viewRuns: "Voir les runs",
    availableRuns: "Runs disponibles",
    availableRunsCount: "Runs disponibles : {n}",
    toolsBadge: "{n, plural, one {# outil} other {# outils}}",
    noGames: "Aucun jeu disponible pour le moment.",
    noImage: "Pas d’image",
  },
  category: {
    viewAvailableRuns: "Voir les runs disponibles",
    viewCalendar: "Voir le calendrier",
    viewRuns: "Voir les runs",
  },
  notFound: {
    title: "404 : page introuvable",
    line: "Avez-vous oublié d’ajouter la page au routeur ?",
    home: "Retour à l’accueil",
  },
  unavailable: {
    title: "Service temporairement indisponible",
    line: "Runboard ne peut pas accéder à ses données pour le moment. Réessayez dans un instant.",
  },
} satisfies Translation<typeof siteText>;
