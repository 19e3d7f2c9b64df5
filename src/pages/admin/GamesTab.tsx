import type { TabLoader } from "./tabLoader";
import { Island } from "../island";
import { listGames } from "../../api/games/service";
import { webhookHints } from "../../api/games/webhooks";
import { canSetWebhook } from "../../domain/permissions";

/**
 * The Games tab of /admin: every game (hidden ones too), loaded on the server for the island;
 * for the owner also each game's Discord webhook hint (never the URL).
 */
export const loadGamesTab: TabLoader = async (deps, viewer) => {
  const [games, hints] = await Promise.all([listGames(deps.db, { all: true }), canSetWebhook(viewer) ? webhookHints(deps.db) : null]);
  return <Island name="GamesAdmin" props={{ viewer: { id: viewer.id, role: viewer.role }, initialGames: games, webhookHints: hints }} />;
};
