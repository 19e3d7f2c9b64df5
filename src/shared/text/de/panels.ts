// German: ../en/panels.ts
import type { panelsText } from "../en/panels";
import type { Translation } from "../../i18n/translation";

export default {
  panels: {
    raid: {
      title: "MoP-Raid-Runs",
      search: "Nach ID, Raid oder Booster suchen",
      empty: "Noch keine WoW-Raid-Runs. Erstelle deinen ersten Run!",
      loading: "WoW-Raid-Runs werden geladen …",
      deleteTitle: "Raid-Run löschen",
    },
    challenge: {
      title: "Challenge-Mode-Runs",
      search: "Nach ID, Titel oder Booster suchen",
      empty: "Noch keine Challenge-Mode-Runs. Erstelle deinen ersten Run!",
      loading: "Challenge-Mode-Runs werden geladen …",
      deleteTitle: "Challenge-Mode-Run löschen",
    },
    desert: {
      title: "Desert-Perpetual-Runs",
      search: "Nach ID, Abschlussart oder Feats suchen",
      empty: "Noch keine Desert-Perpetual-Runs. Erstelle deinen ersten Run!",
      loading: "Desert-Perpetual-Runs werden geladen …",
      name: "The Desert Perpetual",
      noFeats: "Keine Feats",
      deleteTitle: "Run {id} löschen",
    },
    noMatch: "Keine Runs passen zu deinen Filtern.",
    createRun: "Run erstellen",
    edit: "Bearbeiten",
    duplicate: "Duplizieren",
    delete: "Löschen",
    columns: {
      id: "ID", raidDifficulty: "Raid & Schwierigkeit", region: "Region", status: "Status", booster: "Booster",
      faction: "Fraktion", modes: "Abschluss- & Spielweise", runDate: "Run-Datum", classes: "Verfügbare Klassen",
      title: "Titel", completionMode: "Abschlussmodus", name: "Name", completionType: "Abschlussart",
      feats: "Feats", date: "Datum", actions: "Aktionen", start: "Beginn", run: "Run",
    },
    classesCount: "{n, plural, one {# Klasse} other {# Klassen}}",
    searchLabel: "Runs durchsuchen",
    timezone: "Zeitzone",
    filterStatus: "Status",
    filterRegion: "Region",
    filterDifficulty: "Schwierigkeit",
    filterFaction: "Fraktion",
    filterMode: "Modus",
    filterCompletionType: "Abschlussart",
    allClassesCell: "Alle Klassen",
    actionLabel: "{action}: Run {id}",
    previous: "Zurück",
    next: "Weiter",
    retry: "Erneut versuchen",
    pageOf: "Seite {page} von {pages}",
    showing: "{from}–{to} von {total} Runs",
  },
} satisfies Translation<typeof panelsText>;
