// Each /admin tab's content is loaded by its own module; the route picks one by ?tab=.
import type { ReactNode } from "react";
import type { AppContext } from "../../http/context";
import type { Viewer } from "../../shared/types";
import type { AdminTab } from "./AdminPage";
import { loadRunsTab } from "./RunsTab";
import { loadUsersTab } from "./UsersTab";
import { loadGamesTab } from "./GamesTab";
import { loadActivityTab } from "./ActivityTab";

export type TabLoader = (deps: AppContext, viewer: Viewer, query: Record<string, string | undefined>) => Promise<ReactNode>;

export const TAB_LOADERS: Record<AdminTab, TabLoader> = { runs: loadRunsTab, users: loadUsersTab, games: loadGamesTab, activity: loadActivityTab };
