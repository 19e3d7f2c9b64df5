// Reading runs: one query per list (relations loaded in the same statement), shaped into
// the API's run views by each kind's server part (src/kinds/<kind>/server.ts). Public
// lists keep only what the calendar shows.
import type { Db } from "../../../db/client";
import { perKind } from "../../kinds/registry";
import { SERVER_KINDS } from "../../kinds/server";
import type { RunListFilter } from "../../kinds/serverRows";
import type { RunKind } from "../../shared/enums";
import type { Revised, RunOfKind } from "../../shared/runs";

export { where, type RunListFilter } from "../../kinds/serverRows";

/** Each kind's list (its server part's). */
export const RUN_LISTERS = perKind((k) => SERVER_KINDS[k].list) as { [K in RunKind]: (db: Db, f?: RunListFilter) => Promise<(RunOfKind<K> & Revised)[]> };

export async function findRun<K extends RunKind>(db: Db, kind: K, id: number): Promise<RunOfKind<K> | null> {
  const [run] = await (RUN_LISTERS[kind] as (db: Db, f?: RunListFilter) => Promise<RunOfKind<K>[]>)(db, { id });
  return run ?? null;
}
