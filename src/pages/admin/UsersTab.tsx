import type { TabLoader } from "./tabs";

/** The Users tab of /admin (filled in by its feature). */
export const loadUsersTab: TabLoader = async () => null;
