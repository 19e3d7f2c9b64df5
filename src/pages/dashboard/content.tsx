import type { ReactNode } from "react";
import type { AppContext } from "../../http/context";
import type { Viewer } from "../../shared/types";
import { Island } from "../island";
import { listGames } from "../../api/games/service";
import { assignedGameIds } from "../../api/boosters/service";
import { firstRunPage } from "../../api/runs/paging";
import { sellThrough } from "../../api/runs/stats";
import { toHierarchy } from "../../domain/games";
import { runKindForSlug } from "../../kinds/registry";
import { toSelectorGames } from "../admin/RunsTab";
import { pickTarget, resolveSelection } from "../../domain/runsSelection";

/**
 * The booster's games for the Booster Dashboard's selectors: top-level games assigned to them (or
 * holding an assigned child) with their assigned children.
 */
async function boosterGames(deps: AppContext, viewer: Viewer) {
  if (!viewer.boosterRecordId) return [];
  const [all, assigned] = await Promise.all([listGames(deps.db, { all: true }), assignedGameIds(deps.db, viewer.boosterRecordId)]);
  const mine = new Set(assigned);
  const tree = toHierarchy(all)
    .map((g) => ({ ...g, childGames: g.childGames.filter((c) => mine.has(c.id)) }))
    .filter((g) => mine.has(g.id) || g.childGames.length > 0);
  return toSelectorGames(tree);
}

/** /dashboard under its heading: the game selectors and the booster's own runs of the chosen game. */
export async function loadDashboard(deps: AppContext, viewer: Viewer, query: Record<string, string | undefined>): Promise<ReactNode> {
  const games = await boosterGames(deps, viewer);
  const selection = resolveSelection(games, query, "booster");
  const { target } = pickTarget(games, selection);
  const kind = target ? runKindForSlug(target.slug) : null;
  const [runs, sold] = await Promise.all([
    target && kind && viewer.boosterRecordId
      ? firstRunPage(deps.db, kind, { gameId: target.id, boosterRecordId: viewer.boosterRecordId }, deps.clock())
      : null,
    viewer.boosterRecordId ? sellThrough(deps.db, viewer.boosterRecordId, deps.clock()) : null,
  ]);
  const booster = viewer.boosterRecordId && viewer.boosterId ? { id: viewer.boosterRecordId, boosterId: viewer.boosterId } : null;
  return <Island name="RunsAdmin" props={{ mode: "booster", games, selection, runs, stats: null, booster, sellThrough: sold }} />;
}
