// Each /admin tab's content is loaded by its own module; the route picks one by ?tab=.
import type { AdminTab } from "./AdminPage";
import { loadRunsTab } from "./RunsTab";
import { loadUsersTab } from "./UsersTab";
import { loadGamesTab } from "./GamesTab";
import { loadActivityTab } from "./ActivityTab";
import type { TabLoader } from "./tabLoader";

export const TAB_LOADERS: Record<AdminTab, TabLoader> = { runs: loadRunsTab, users: loadUsersTab, games: loadGamesTab, activity: loadActivityTab };
