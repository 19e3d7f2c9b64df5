// One database per test process: a fresh database on the PostgreSQL server named by
// DATABASE_URL (created here, dropped at the end), or an in-memory PGlite without it.
// Tests call resetDb() to start from the seeded state: the demo data is seeded once per
// process into snapshots (./snapshot), and each reset restores one in a single round trip.
import { openDb, type DbHandle } from "../../db/client";
import { migrate } from "../../db/migrate";
import { trackCommits } from "../public/feed";
import { seedDemoAccounts, seedDemoRuns, seedReference } from "../../db/seed";
import { restoreSnapshot, takeSnapshot } from "./snapshot";
import { pgliteTemplate, postgresDatabase } from "./template";

export const TEST_PASSWORD = "Runboard123";
/** The seeded demo runs are placed relative to this instant (tests use it as "now"). */
export const TEST_NOW = new Date("2026-11-21T10:00:00Z");

let handle: Promise<DbHandle> | null = null;
let pgUrl: string | null = null;
let drop: (() => Promise<void>) | null = null;

async function create(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  // A copy of the migrated template (./template); migrate() then finds nothing to do.
  let h: DbHandle;
  if (url) {
    const made = await postgresDatabase(url, `runboard_test_${process.pid}_${Date.now().toString(36)}`);
    ({ url: pgUrl, drop } = made);
    h = await openDb({ databaseUrl: made.url, max: 4 });
  } else {
    h = await openDb({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
  }
  trackCommits(h.db); // as the app does: change marks apply after commit
  await migrate(h);
  await takeSnapshot(h.db, "empty");
  return h;
}

/** The PostgreSQL URL of this process's test database (null on PGlite), for servers started by tests. */
export function testDatabaseUrl(): string | null {
  return pgUrl;
}

export function testDb(): Promise<DbHandle> {
  handle ??= create();
  return handle;
}

// Snapshots of the seeded states: "accounts" (reference data and demo accounts) and "demo"
// (that plus the demo runs), taken on the first reset of the process.
let seeded: Promise<void> | null = null;
async function seedSnapshots(h: DbHandle): Promise<void> {
  await restoreSnapshot(h.db, "empty");
  await seedReference(h.db);
  await seedDemoAccounts(h.db, TEST_PASSWORD);
  await takeSnapshot(h.db, "accounts");
  await seedDemoRuns(h.db, TEST_NOW);
  await takeSnapshot(h.db, "demo");
}

/**
 * Puts every table back to the seeded state: reference data and demo accounts, and the demo
 * runs unless `runs: false`. Ids and sequences are as a fresh seed leaves them.
 */
export async function resetDb(opts: { runs?: boolean } = {}): Promise<DbHandle> {
  const h = await testDb();
  seeded ??= seedSnapshots(h);
  await seeded;
  await restoreSnapshot(h.db, opts.runs === false ? "accounts" : "demo");
  return h;
}

export async function closeTestDb(): Promise<void> {
  if (!handle) return;
  const h = await handle;
  handle = null;
  seeded = null;
  await h.close();
  await drop?.();
  drop = null;
  pgUrl = null;
}
