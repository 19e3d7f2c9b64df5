// The test-data layer itself: resetDb() must leave exactly the seeded state, whatever the
// previous test did, or tests start to depend on their order.
import { beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, raidRuns, rateLimits, userSessions, users } from "../../db/schema";
import { resetDb, TEST_NOW } from "./db";
import { makeRun, makeUser, boosterRow } from "./factories";
import { schemaTables } from "./snapshot";

let db: Db;
beforeEach(async () => { db = (await resetDb()).db; });

async function rows<T>(query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Every row of every table and the position of every sequence. */
async function fingerprint(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const t of schemaTables()) out[t.name] = await rows(`select * from "${t.schema}"."${t.name}" order by 1`);
  out.sequences = await rows(`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`);
  return out;
}

describe("resetDb", () => {
  test("undoes inserts, updates and deletes in any table, and sequences moved by failed inserts", async () => {
    const seeded = await fingerprint();
    const fresh = await makeUser(db, { role: "administrator" });
    await makeRun(db, "raid", { boosterId: await boosterRow(db, "BB-1001") });
    await db.update(games).set({ devVisible: false });
    await db.delete(raidRuns).where(eq(raidRuns.id, 1));
    await db.insert(userSessions).values({ userId: fresh.id, secretHash: "x", expiresAt: TEST_NOW });
    await db.insert(rateLimits).values({ key: "k", count: 1, windowStart: TEST_NOW });
    // A refused insert still takes a value from the sequence.
    await expect(db.insert(users).values({ email: "OWNER@example.com", role: "owner" }).execute()).rejects.toThrow();
    expect(await fingerprint()).not.toEqual(seeded);

    await resetDb();
    expect(await fingerprint()).toEqual(seeded);
    // The next row gets the id it would get after a fresh seed.
    expect((await makeUser(db, { role: "booster" })).id).toBe(5);
  });

  test("runs: false is the same state without any run; the next full reset brings them back", async () => {
    const withRuns = await fingerprint();
    await resetDb({ runs: false });
    const without = await fingerprint();
    for (const table of ["raid_runs", "challenge_mode_runs", "desert_perpetual_runs", "run_class_restrictions"]) {
      expect(without[table]).toEqual([]);
    }
    expect(without.users).toEqual(withRuns.users);
    expect(without.games).toEqual(withRuns.games);
    expect((await makeRun(db, "desert", { boosterId: await boosterRow(db, "BB-1002") })).displayId).toBe("TDP-1");
    await resetDb();
    expect(await fingerprint()).toEqual(withRuns);
  });

  test("empties every table the migrations create (the list comes from db/schema)", async () => {
    const migrated = await rows<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(schemaTables().map((t) => t.name).sort()).toEqual(migrated.map((t) => t.name));
  });
});
