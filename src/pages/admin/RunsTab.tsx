import type { TabLoader } from "./tabLoader";
import { Island } from "../island";
import { listGames } from "../../api/games/service";
import { firstRunPage } from "../../api/runs/paging";
import { runStats, statsGameIds } from "../../api/runs/stats";
import { toHierarchy } from "../../domain/games";
import { runKindForSlug } from "../../kinds/registry";
import type { GameWithChildren } from "../../shared/types";
import { pickTarget, resolveSelection, type SelectorGame } from "../../domain/runsSelection";
import { insightDaysOf, runsViewOf } from "../../domain/runsView";

/** The selectors' view of the game tree: ids, names and slugs only. */
export function toSelectorGames(tree: GameWithChildren[]): SelectorGame[] {
  return tree.map((g) => ({
    id: g.id, name: g.name, slug: g.slug,
    children: g.childGames.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
  }));
}

/**
 * The Runs tab of /admin (?tab=runs&game=<parentId>&tool=<childId>[&view=insights[&days=]]): every
 * game, the selected game's first page of runs (not for the Insights view, which loads its
 * own numbers) and its counters, loaded here so the island renders them at once.
 */
export const loadRunsTab: TabLoader = async (deps, _viewer, query) => {
  const games = toSelectorGames(toHierarchy(await listGames(deps.db, { all: true })));
  const selection = resolveSelection(games, query);
  const { parent, target } = pickTarget(games, selection);
  const kind = target ? runKindForSlug(target.slug) : null;
  const view = runsViewOf(query.view);
  const [runs, stats] = await Promise.all([
    target && kind && view === "runs" ? firstRunPage(deps.db, kind, { gameId: target.id }, deps.clock()) : null,
    parent ? statsGameIds(deps.db, target?.id ?? parent.id).then((ids) => runStats(deps.db, ids, deps.clock())) : null,
  ]);
  return <Island name="RunsAdmin" props={{ mode: "admin", games, selection, view, insightDays: insightDaysOf(query.days), runs, stats, booster: null }} />;
};
