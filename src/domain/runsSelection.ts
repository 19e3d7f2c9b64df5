// Which game the run management shows, read from and written to the URL, so a reload or a
// shared link keeps it: /admin?tab=runs&game=<parentId>&tool=<childId>, /dashboard?game=&tool=.
// Used by the server loaders and by the island alike.
import type { PanelMode } from "../shared/types";

export type SelectorChild = { id: number; name: string; slug: string };
export type SelectorGame = SelectorChild & { children: SelectorChild[] };
export type RunsSelection = { gameId: number | null; toolId: number | null };

const asId = (v: unknown): number | null => {
  const n = typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The selection a query asks for, kept to games on offer: an unknown parent falls back
 * to the game with slug 'wow', else the first; a tool must be a child of that parent.
 * A booster only sees their assigned calendars, so with no tool asked for their
 * dashboard opens on the parent's first one instead of 'Select a specific game'.
 */
export function resolveSelection(games: readonly SelectorGame[], query: { game?: string; tool?: string }, mode: PanelMode = "admin"): RunsSelection {
  const wanted = asId(query.game);
  const parent = games.find((g) => g.id === wanted) ?? games.find((g) => g.slug === "wow") ?? games[0] ?? null;
  if (!parent) return { gameId: null, toolId: null };
  const toolId = asId(query.tool);
  if (parent.children.some((c) => c.id === toolId)) return { gameId: parent.id, toolId };
  return { gameId: parent.id, toolId: mode === "booster" ? parent.children[0]?.id ?? null : null };
}

export function selectionFromSearch(games: readonly SelectorGame[], search: string, mode: PanelMode = "admin"): RunsSelection {
  const p = new URLSearchParams(search);
  return resolveSelection(games, { game: p.get("game") ?? undefined, tool: p.get("tool") ?? undefined }, mode);
}

export function selectionHref(mode: PanelMode, s: RunsSelection): string {
  const params = new URLSearchParams();
  if (mode === "admin") params.set("tab", "runs");
  if (s.gameId !== null) params.set("game", String(s.gameId));
  if (s.toolId !== null) params.set("tool", String(s.toolId));
  return `${mode === "admin" ? "/admin" : "/dashboard"}?${params}`;
}

/**
 * The game whose runs are managed: the chosen tool, or the parent itself when it has no
 * tools. A parent with tools and none chosen has no target ('Select a specific game').
 */
export function pickTarget(games: readonly SelectorGame[], s: RunsSelection): { parent: SelectorGame | null; target: SelectorChild | null } {
  const parent = games.find((g) => g.id === s.gameId) ?? null;
  if (!parent) return { parent: null, target: null };
  if (!parent.children.length) return { parent, target: parent };
  return { parent, target: parent.children.find((c) => c.id === s.toolId) ?? null };
}
