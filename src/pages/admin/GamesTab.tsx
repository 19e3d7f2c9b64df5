import type { TabLoader } from "./tabs";

/** The Games tab of /admin (filled in by its feature). */
export const loadGamesTab: TabLoader = async () => null;
