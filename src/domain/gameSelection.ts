// Game selection (invite and edit-user dialogs): parents and children move
// together so a booster is never assigned a tool without its game, or a game without tools.

export type SelectableGame = { id: number; parentGameId: number | null };

/** Ids in the order of `games` (the display order), so results compare and render stably. */
function inOrder(games: readonly SelectableGame[], ids: ReadonlySet<number>): number[] {
  return games.filter((g) => ids.has(g.id)).map((g) => g.id);
}

const childrenOf = (games: readonly SelectableGame[], parentId: number) =>
  games.filter((g) => g.parentGameId === parentId).map((g) => g.id);

/**
 * The selection after ticking (`checked`) or unticking one game:
 * - a selected child also selects its parent;
 * - selecting a parent selects all its children;
 * - deselecting the last selected child deselects the parent;
 * - deselecting a parent deselects its children.
 */
export function toggleGame(
  games: readonly SelectableGame[], selected: readonly number[], gameId: number, checked: boolean,
): number[] {
  const game = games.find((g) => g.id === gameId);
  const next = new Set(selected);
  if (!game) return inOrder(games, next);
  const children = childrenOf(games, game.id);
  if (checked) {
    next.add(game.id);
    for (const c of children) next.add(c);
    if (game.parentGameId !== null) next.add(game.parentGameId);
  } else {
    next.delete(game.id);
    for (const c of children) next.delete(c);
    if (game.parentGameId !== null && !childrenOf(games, game.parentGameId).some((c) => next.has(c))) {
      next.delete(game.parentGameId);
    }
  }
  return inOrder(games, next);
}

/** The edit dialog's starting selection: the assigned games plus the parent of each assigned child. */
export function initialSelection(games: readonly SelectableGame[], assigned: readonly number[]): number[] {
  const next = new Set(assigned);
  for (const g of games) {
    if (next.has(g.id) && g.parentGameId !== null) next.add(g.parentGameId);
  }
  return inOrder(games, next);
}

/** Games as the checklists show them: each parent followed by its children (children indented). */
export function checklistOrder<G extends SelectableGame & { displayOrder?: number }>(games: readonly G[]): { game: G; depth: 0 | 1 }[] {
  const byOrder = (a: G, b: G) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.id - b.id;
  const ids = new Set(games.map((g) => g.id));
  const tops = games.filter((g) => g.parentGameId === null || !ids.has(g.parentGameId)).sort(byOrder);
  return tops.flatMap((p) => [
    { game: p, depth: 0 as const },
    ...games.filter((c) => c.parentGameId === p.id).sort(byOrder).map((game) => ({ game, depth: 1 as const })),
  ]);
}
