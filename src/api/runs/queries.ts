// Reading runs: one query per list (relations loaded in the same statement), shaped into
// the API's run views by each kind's server part (src/kinds/<kind>/server.ts). Public
// lists keep only what the calendar shows.
import type { Db } from "../../../db/client";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../kinds/runs";

/** One run as the API answers it at `now` (its booking state), or null. */
export async function findRun<K extends RunKind>(db: Db, kind: K, id: number, now: Date): Promise<RunOfKind<K> | null> {
  const [run] = await SERVER_KINDS[kind].list(db, { id }, now);
  return run ?? null;
}
