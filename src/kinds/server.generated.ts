// Generated from the src/kinds/<kind>/server modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import type { RunKind } from "../shared/enums";
import type { RunInputOf } from "./schemas";
import type { ServerKind } from "./serverRows";
import { raidServer } from "./raid/server";
import { challengeServer } from "./challenge/server";
import { desertServer } from "./desert/server";

export const SERVER_KINDS: { [K in RunKind]: ServerKind<K, RunInputOf<K>> } = { raid: raidServer, challenge: challengeServer, desert: desertServer };

/** Every kind's run table (for writes over all runs, e.g. a deleted booster's runs expiring). */
export const RUN_TABLES = Object.values(SERVER_KINDS).map((s) => s.table);
