// One database per test process: a fresh database on the PostgreSQL server named by
// DATABASE_URL (created here, dropped at the end), or an in-memory PGlite without it.
// Tests call resetDb() to start from the seeded state: the demo data is seeded once per
// process into snapshots (./snapshot), and each reset restores one in a single round trip.
import { openDb, type DbHandle } from "../../db/client";
import { migrate } from "../../db/migrate";
import { trackCommits } from "../../db/changes";
import { seedDemoAccounts, seedDemoRuns, seedReference } from "../../db/seed";
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { restoreSnapshot, takeSnapshot } from "./snapshot";
import { pgliteTemplate, postgresDatabase, sourceKey, TEST_CACHE, templateKey } from "./template";

export const TEST_PASSWORD = "Runboard123";
/** The seeded demo runs are placed relative to this instant (tests use it as "now"). */
export const TEST_NOW = new Date("2026-11-21T10:00:00Z");

let handle: Promise<DbHandle> | null = null;
let pgUrl: string | null = null;
let drop: (() => Promise<void>) | null = null;
/** True when the process database came from the seeded cache: its snapshots already exist. */
let preseeded = false;

// On PGlite, the process database as it is after its first seeding (the three snapshots
// taken, the tables emptied again) is kept as a dump next to the template, so later
// processes load it instead of seeding: ~1 s a process. Its name is a hash of what decides
// that content: the template, the seed and snapshot code with every file they import, this
// file, the test password hashing and Bun's version. A changed input gets a new dump.
function seededFile(): string {
  const key = sourceKey(["db/seed.ts", "src/testing/snapshot.ts", "src/testing/fastHash.ts"], [
    templateKey(), Bun.version, process.env.TZ ?? "", readFileSync(import.meta.path, "utf8"),
  ]);
  return join(TEST_CACHE, `pglite-seeded-${key}.tar`);
}

/**
 * Has a watcher drop the database once this process has ended, whichever way it ends (a
 * `--parallel` worker is ended without running hooks; a crash or Ctrl-C neither).
 */
function dropWhenGone(serverUrl: string, name: string): void {
  Bun.spawn([process.execPath, join(import.meta.dir, "dropWhenGone.ts"), String(process.pid), serverUrl, name], {
    stdio: ["ignore", "ignore", "inherit"],
  }).unref();
}

async function create(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  // A copy of the migrated template (./template); migrate() then finds nothing to do.
  let h: DbHandle;
  preseeded = false;
  if (url) {
    const name = `runboard_test_${process.pid}_${Date.now().toString(36)}`;
    const made = await postgresDatabase(url, name);
    ({ url: pgUrl, drop } = made);
    dropWhenGone(url, name);
    h = await openDb({ databaseUrl: made.url, max: 4 });
  } else {
    const seeded = seededFile();
    preseeded = existsSync(seeded);
    h = await openDb({ dataDir: "memory://", loadDataDir: preseeded ? Bun.file(seeded) : await pgliteTemplate() });
  }
  trackCommits(h.db); // as the app does: change marks apply after commit
  await migrate(h);
  // The seeded dump was taken in the state this leaves: migrated, empty, snapshot "empty".
  if (!preseeded) await takeSnapshot(h.db, "empty");
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
  if (preseeded) return;
  await restoreSnapshot(h.db, "empty");
  await seedReference(h.db);
  await seedDemoAccounts(h.db, TEST_PASSWORD);
  await takeSnapshot(h.db, "accounts");
  await seedDemoRuns(h.db, TEST_NOW);
  await takeSnapshot(h.db, "demo");
  if (!process.env.DATABASE_URL) await saveSeeded(h);
}

/** Writes the seeded dump (see `seededFile`), back in the state `create()` leaves. */
async function saveSeeded(h: DbHandle): Promise<void> {
  const file = seededFile();
  if (existsSync(file)) return;
  await restoreSnapshot(h.db, "empty");
  const client = (h.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  // Written aside and renamed, so a parallel test process never reads half a file.
  const part = `${file}.${process.pid}.part`;
  await Bun.write(part, dump);
  renameSync(part, file);
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
