// What "an available run" means on every public view (calendars, public API, landing and
// category counts, the admin counters): status available, not started yet, and a booster
// whose account is active and not deleted. A deactivated booster's runs stay stored (they
// come back on reactivation) but nobody can book them meanwhile.
import { and, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { type AnyPgColumn, QueryBuilder } from "drizzle-orm/pg-core";
import { boosters, users } from "../../../db/schema";

/** The columns of any kind's run table this condition reads. */
type RunTable = { status: AnyPgColumn; startsAt: AnyPgColumn; boosterId: AnyPgColumn };

// An uncorrelated subquery: PostgreSQL hashes the few active booster ids once per query,
// through the boosters and users primary keys (no extra index needed).
const activeBoosterIds = new QueryBuilder()
  .select({ id: boosters.id })
  .from(boosters)
  .innerJoin(users, eq(users.id, boosters.userId))
  .where(and(eq(users.status, "active"), isNull(users.deletedAt)));

export function publiclyAvailable(t: RunTable, now: Date): SQL {
  return and(eq(t.status, "available"), gt(t.startsAt, now), inArray(t.boosterId, activeBoosterIds))!;
}
