// The run kinds' database parts (server only; islands never import this). Each kind's
// shared part is in ./registry.ts.
import type { RunKind } from "../shared/enums";
import type { RunInputOf } from "./schemas";
import { challengeServer } from "./challenge/server";
import { desertServer } from "./desert/server";
import { raidServer } from "./raid/server";
import type { ServerKind } from "./serverRows";

export const SERVER_KINDS: { [K in RunKind]: ServerKind<K, RunInputOf<K>> } = {
  raid: raidServer, challenge: challengeServer, desert: desertServer,
};

/** Every kind's run table (for writes over all runs, e.g. a deleted booster's runs expiring). */
export const RUN_TABLES = Object.values(SERVER_KINDS).map((s) => s.table);
