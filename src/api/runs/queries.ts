// Reading runs: one query per list (relations loaded in the same statement), shaped into
// the API's run views by each kind's server part (src/kinds/<kind>/server.ts). Public
// lists keep only what the calendar shows.
import type { Db } from "../../../db/client";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../kinds/runs";

export async function findRun<K extends RunKind>(db: Db, kind: K, id: number): Promise<RunOfKind<K> | null> {
  const [run] = await SERVER_KINDS[kind].list(db, { id });
  return run ?? null;
}
