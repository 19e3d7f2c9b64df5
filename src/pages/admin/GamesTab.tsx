import type { TabLoader } from "./tabs";
import { Island } from "../../render/island";
import { listGames } from "../../api/games/service";

/** The Games tab of /admin: every game (hidden ones too), loaded on the server for the island. */
export const loadGamesTab: TabLoader = async (deps, viewer) => {
  const games = await listGames(deps.db, { all: true });
  return <Island name="GamesAdmin" props={{ viewer: { id: viewer.id, role: viewer.role }, initialGames: games }} />;
};
