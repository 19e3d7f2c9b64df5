// French: ../en/panels.ts
import type { panelsText } from "../en/panels";
import type { Translation } from "../../i18n/translation";

export default {
  panels: {
    raid: {
      title: "Runs raid MoP",
      search: "Rechercher par ID, raid ou booster",
      empty: "Aucun run raid WoW créé pour l’instant. Créez votre premier run !",
      loading: "Chargement des runs raid WoW…",
      deleteTitle: "Supprimer le run raid",
    },
    challenge: {
      title: "Runs Challenge Modes",
      search: "Rechercher par ID, titre ou booster",
      empty: "Aucun run Challenge Modes créé pour l’instant. Créez votre premier run !",
      loading: "Chargement des runs Challenge Modes…",
      deleteTitle: "Supprimer le run Challenge Modes",
    },
    desert: {
      title: "Runs The Desert Perpetual",
      search: "Rechercher par ID, type de complétion ou feats",
      empty: "Aucun run The Desert Perpetual créé pour l’instant. Créez votre premier run !",
      loading: "Chargement des runs The Desert Perpetual…",
      name: "The Desert Perpetual",
      noFeats: "Aucun feat",
      deleteTitle: "Supprimer le run {id}",
    },
    noMatch: "Aucun run ne correspond à vos filtres.",
    createRun: "Créer un run",
    edit: "Modifier",
    duplicate: "Dupliquer",
    delete: "Supprimer",
    columns: {
      id: "ID", raidDifficulty: "Raid et difficulté", region: "Région", status: "Statut", booster: "Booster",
      faction: "Faction", modes: "Modes de complétion et de jeu", runDate: "Date du run", classes: "Classes acceptées",
      title: "Titre", completionMode: "Mode de complétion", name: "Nom", completionType: "Type de complétion",
      feats: "Feats", date: "Jour", actions: "Options", start: "Début", run: "Run",
    },
    classesCount: "{n, plural, one {# classe} other {# classes}}",
    searchLabel: "Rechercher des runs",
    timezone: "Fuseau horaire",
    filterStatus: "Statut",
    filterRegion: "Région",
    filterDifficulty: "Difficulté",
    filterFaction: "Faction",
    filterMode: "Mode de complétion",
    filterCompletionType: "Type de complétion",
    allClassesCell: "Toutes les classes",
    actionLabel: "{action} le run {id}",
    previous: "Précédent",
    next: "Suivant",
    retry: "Réessayer",
    pageOf: "Page {page} sur {pages}",
    showing: "Runs {from} à {to} sur {total}",
  },
} satisfies Translation<typeof panelsText>;
