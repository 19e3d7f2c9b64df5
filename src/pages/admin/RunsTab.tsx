import type { TabLoader } from "./tabs";

/** The Runs tab of /admin (filled in by its feature). */
export const loadRunsTab: TabLoader = async () => null;
