import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { T } from "../shared/text";
import journal from "../../db/migrations/meta/_journal.json";

/** A readiness check passes when it resolves to anything but `false`; throwing fails it. */
export type ReadyCheck = () => Promise<unknown> | unknown;
export type ReadyChecks = Record<string, ReadyCheck>;

/** All checks together answer within this (a load balancer's probe waits ~2 s at most). */
export const READY_TIMEOUT_MS = 1500;

/** The checks every deployment has: the database answers and has every committed migration. */
export function baseChecks(db: Db): ReadyChecks {
  return {
    database: () => db.execute(sql`select 1`),
    migrations: async () => {
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      return row?.n === journal.entries.length;
    },
  };
}

export type Readiness = { ready: boolean; checks: Record<string, string> };

/** Runs every check in parallel; one that has not answered by the deadline counts as failed. */
export async function readiness(checks: ReadyChecks, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: Timer | undefined;
  const deadline = new Promise<string>((resolve) => { timer = setTimeout(() => resolve(T.ops.checkTimedOut), timeoutMs); });
  const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => {
    const outcome = Promise.resolve()
      .then(check)
      .then((r) => (r === false ? T.ops.checkFailed : T.ops.ok), () => T.ops.checkFailed);
    return [name, await Promise.race([outcome, deadline])] as const;
  }));
  clearTimeout(timer);
  return { ready: results.every(([, r]) => r === T.ops.ok), checks: Object.fromEntries(results) };
}
