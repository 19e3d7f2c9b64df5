// One database per test process: a fresh database on the PostgreSQL server named by
// DATABASE_URL (created here, dropped at the end), or an in-memory PGlite without it.
// Tests call resetDb() to start from the seeded state.
import { sql } from "drizzle-orm";
import { openDb, type DbHandle } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedDemoAccounts, seedDemoRuns, seedReference } from "../../db/seed";

export const TEST_PASSWORD = "Runboard123";
/** The seeded demo runs are placed relative to this instant (tests use it as "now"). */
export const TEST_NOW = new Date("2026-11-21T10:00:00Z");

let handle: Promise<DbHandle> | null = null;
let adminUrl: string | null = null;
let dbName: string | null = null;

async function create(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    dbName = `runboard_test_${process.pid}_${Date.now().toString(36)}`;
    adminUrl = url;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    const h = await openDb({ databaseUrl: u.toString(), max: 4 });
    await migrate(h);
    return h;
  }
  const h = await openDb({ dataDir: "memory://" });
  await migrate(h);
  return h;
}

/** The PostgreSQL URL of this process's test database (null on PGlite), for servers started by tests. */
export function testDatabaseUrl(): string | null {
  if (!adminUrl || !dbName) return null;
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
}

export function testDb(): Promise<DbHandle> {
  handle ??= create();
  return handle;
}

const TABLES = [
  "run_class_restrictions", "raid_runs", "challenge_mode_runs", "desert_perpetual_runs", "booster_games", "boosters",
  "administrators", "owners", "user_sessions", "invites", "users", "completion_modes", "raid_difficulties", "raids",
  "factions", "service_types", "wow_class_specs", "games", "rate_limits",
];

/** Empties every table and seeds reference data and demo accounts (and demo runs unless `runs: false`). */
export async function resetDb(opts: { runs?: boolean } = {}): Promise<DbHandle> {
  const h = await testDb();
  await h.db.execute(sql.raw(`truncate ${TABLES.map((t) => `"${t}"`).join(", ")} restart identity cascade`));
  await seedReference(h.db);
  await seedDemoAccounts(h.db, TEST_PASSWORD);
  if (opts.runs !== false) await seedDemoRuns(h.db, TEST_NOW);
  return h;
}

export async function closeTestDb(): Promise<void> {
  if (!handle) return;
  const h = await handle;
  handle = null;
  await h.close();
  if (adminUrl && dbName) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}
