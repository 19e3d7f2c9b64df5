import type { GameCard, GameRow, GameWithChildren } from "../shared/types";

export type VisibilityField = "visible" | "devVisible";

/** A game shows when its visible flag is not false (and it is active). */
export function isPubliclyVisible(g: GameRow, field: VisibilityField): boolean {
  return g.isActive !== false && g[field] !== false;
}

const byOrder = (a: GameRow, b: GameRow) => a.displayOrder - b.displayOrder || a.id - b.id;

/** Builds the parent/child tree from a flat list, both levels in display order. */
export function toHierarchy(rows: GameRow[]): GameWithChildren[] {
  const sorted = [...rows].sort(byOrder);
  // A child whose parent is not in the list (e.g. hidden) is not shown at the top level.
  return sorted
    .filter((g) => g.parentGameId === null)
    .map((g) => ({ ...g, childGames: sorted.filter((c) => c.parentGameId === g.id) }));
}

/**
 * The available-runs count: a game's own available runs; a game with children sums
 * over its (visible) children.
 */
export function withCounts(tree: GameWithChildren[], perGame: ReadonlyMap<number, number>): GameCard[] {
  return tree.map((g) => {
    const childGames = g.childGames.map((c) => ({ ...c, availableRuns: perGame.get(c.id) ?? 0 }));
    const availableRuns = childGames.length
      ? childGames.reduce((n, c) => n + c.availableRuns, 0)
      : perGame.get(g.id) ?? 0;
    return { ...g, childGames, availableRuns };
  });
}
