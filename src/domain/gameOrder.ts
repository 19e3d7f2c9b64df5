// Reordering rules of the Games tab: a game moves among its siblings only (top-level games
// among themselves, tools within their parent), and the saved order is one flat list,
// each parent followed by its children, numbered from 1 (as PATCH /api/games/reorder takes it).
import { checklistOrder } from "./gameSelection";
import type { GameRow } from "../shared/types";

export type OrderedGame = Pick<GameRow, "id" | "parentGameId" | "displayOrder">;
export type GameOrder = { id: number; displayOrder: number };

/** Parents in display order, each followed by its children. */
export function flatRows<G extends OrderedGame>(games: readonly G[]): { game: G; depth: 0 | 1 }[] {
  return checklistOrder(games);
}

/** The id that groups siblings: the parent's id, or null for top-level games. */
export function groupOf(games: readonly OrderedGame[], id: number): number | null {
  const g = games.find((x) => x.id === id);
  if (!g) return null;
  return g.parentGameId !== null && games.some((p) => p.id === g.parentGameId) ? g.parentGameId : null;
}

/** Renumbers a flat row list from 1. */
function renumber<G extends OrderedGame>(rows: { game: G; depth: 0 | 1 }[]): G[] {
  return rows.map((r, i) => ({ ...r.game, displayOrder: i + 1 }));
}

/**
 * Moves `activeId` to the place of `overId` among its siblings; a parent carries its
 * children. Returns null when nothing would change (same place or different groups).
 */
export function moveTo<G extends OrderedGame>(games: readonly G[], activeId: number, overId: number): G[] | null {
  if (activeId === overId) return null;
  const group = groupOf(games, activeId);
  if (group !== groupOf(games, overId)) return null;
  const rows = flatRows(games);
  const siblings = rows.filter((r) => (group === null ? r.depth === 0 : r.game.parentGameId === group)).map((r) => r.game.id);
  const from = siblings.indexOf(activeId);
  const to = siblings.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const nextSiblings = [...siblings];
  nextSiblings.splice(from, 1);
  nextSiblings.splice(to, 0, activeId);
  const rank = new Map(nextSiblings.map((id, i) => [id, i]));
  // Re-sort the flat list: siblings by their new rank, everything else as it was.
  const tops = rows.filter((r) => r.depth === 0);
  const sortedTops = group === null ? [...tops].sort((a, b) => rank.get(a.game.id)! - rank.get(b.game.id)!) : tops;
  const result = sortedTops.flatMap((top) => {
    const kids = rows.filter((r) => r.depth === 1 && r.game.parentGameId === top.game.id);
    const sortedKids = group === top.game.id ? [...kids].sort((a, b) => rank.get(a.game.id)! - rank.get(b.game.id)!) : kids;
    return [top, ...sortedKids];
  });
  return renumber(result);
}

/** Moves a game one place up (-1) or down (+1) among its siblings; null at the ends. */
export function moveBy<G extends OrderedGame>(games: readonly G[], id: number, delta: -1 | 1): G[] | null {
  const group = groupOf(games, id);
  const siblings = flatRows(games)
    .filter((r) => (group === null ? r.depth === 0 : r.game.parentGameId === group))
    .map((r) => r.game.id);
  const target = siblings[siblings.indexOf(id) + delta];
  return target === undefined ? null : moveTo(games, id, target);
}

/** PATCH /api/games/reorder body: every game, flat, from 1. */
export function toGameOrders(games: readonly OrderedGame[]): GameOrder[] {
  return flatRows(games).map((r, i) => ({ id: r.game.id, displayOrder: i + 1 }));
}
