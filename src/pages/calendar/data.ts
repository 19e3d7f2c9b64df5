// Loading a public calendar: which game (visible, under the right parent), its kind, its
// public runs trimmed to the calendar's shape, the filter reference lists and the filter
// state read from the URL.
import type { Db } from "../../../db/client";
import { listGames, type GameScope } from "../../api/games/service";
import { listChallengeRuns, listDesertRuns, listRaidRuns } from "../../api/runs/queries";
import { listFactions, listRaids } from "../../api/reference/queries";
import {
  parseChallengeFilters, parseDesertFilters, parseRaidFilters,
  type ChallengeCalendarRun, type ChallengeFilters, type DesertCalendarRun, type DesertFilters, type RaidCalendarRun,
  type RaidFilters, type RaidRefs,
} from "../../domain/calendarFilters";
import { GAME_IDS, GAME_SLUGS, type RunKind } from "../../shared/enums";
import { runLabel, type ChallengeRun, type DesertRun, type RaidRun } from "../../shared/runs";
import type { GameRow } from "../../shared/types";

/** Which calendar a game has (SPEC §1/§9 ids and slugs), or null for a game without runs. */
export function calendarKind(game: Pick<GameRow, "id" | "slug">): RunKind | null {
  if (game.id === GAME_IDS.raid || game.slug === GAME_SLUGS.raid) return "raid";
  if (game.id === GAME_IDS.challenge || game.slug === GAME_SLUGS.challenge) return "challenge";
  if (game.id === GAME_IDS.desert || game.slug === GAME_SLUGS.desert) return "desert";
  return null;
}

export type CalendarGame = { game: GameRow; parent: GameRow | null };

/**
 * The publicly visible game with this slug and its parent; with `parentSlug`, only when
 * the game is a child of that (visible) parent. A child of a hidden parent is hidden too.
 */
export async function findCalendarGame(db: Db, scope: GameScope, slug: string, parentSlug?: string): Promise<CalendarGame | null> {
  const visible = await listGames(db, scope);
  const game = visible.find((g) => g.slug === slug);
  if (!game) return null;
  const parent = game.parentGameId === null ? null : visible.find((g) => g.id === game.parentGameId) ?? null;
  if (parentSlug !== undefined && parent?.slug !== parentSlug) return null;
  return { game, parent };
}

// The calendar's run shapes keep what cards, filters and the dialog show (small island props).
const startsAt = (r: { startsAt: string }) => Date.parse(r.startsAt);

export const toRaidCalendarRun = (r: RaidRun): RaidCalendarRun => ({
  id: r.id, label: runLabel(r), startsAt: startsAt(r), booster: r.booster.boosterId, region: r.region, raidId: r.raidId,
  difficulty: r.difficulty, faction: r.faction.name, mode: r.completionMode?.name ?? null, gameplay: r.gameplayType,
  classes: r.classRestrictions.map((c) => ({ wowClass: c.wowClass, specs: c.specs, serviceType: c.serviceType })),
});
export const toChallengeCalendarRun = (r: ChallengeRun): ChallengeCalendarRun => ({
  id: r.id, label: runLabel(r), startsAt: startsAt(r), booster: r.booster.boosterId, faction: r.faction, mode: r.completionMode,
});
export const toDesertCalendarRun = (r: DesertRun): DesertCalendarRun => ({
  id: r.id, label: runLabel(r), startsAt: startsAt(r), booster: r.booster.boosterId, completion: r.completionType, feats: r.feats,
});

export type CalendarData =
  | { kind: "raid"; runs: RaidCalendarRun[]; filters: RaidFilters; refs: RaidRefs }
  | { kind: "challenge"; runs: ChallengeCalendarRun[]; filters: ChallengeFilters }
  | { kind: "desert"; runs: DesertCalendarRun[]; filters: DesertFilters };

/** The game's public runs (available, starting after `now`) and the filters the query asks for. */
export async function loadCalendar(db: Db, kind: RunKind, gameId: number, query: URLSearchParams, now: Date): Promise<CalendarData> {
  const f = { gameId, publicAt: now };
  switch (kind) {
    case "raid": {
      const [runs, raids, factions] = await Promise.all([listRaidRuns(db, f), listRaids(db, gameId), listFactions(db, gameId)]);
      const refs: RaidRefs = {
        raids: raids.map((r) => ({ id: r.id, name: r.name, slug: r.slug })),
        factions: factions.map((x) => ({ name: x.name, region: x.region })),
      };
      return { kind, runs: runs.map(toRaidCalendarRun), filters: parseRaidFilters(query, refs), refs };
    }
    case "challenge": {
      return { kind, runs: (await listChallengeRuns(db, f)).map(toChallengeCalendarRun), filters: parseChallengeFilters(query) };
    }
    case "desert": {
      return { kind, runs: (await listDesertRuns(db, f)).map(toDesertCalendarRun), filters: parseDesertFilters(query) };
    }
  }
}
