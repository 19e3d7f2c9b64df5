// Backup and restore of a 100,000-run PGlite database through the real commands
// (`bun scripts/bench-backup.ts`; not part of CI). Target: at most 30 s each.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { seedAll } from "../db/seed";
import { rows } from "../db/rows";
import { databaseChecksum } from "../src/testing/checksum";

const RUNS = 100_000;
const root = resolve(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "runboard-bench-backup-"));
const source = join(work, "source");
const copy = join(work, "copy");
const file = join(work, "snapshot.tar.gz");

const h = await openDb({ dataDir: source });
await migrate(h);
await seedAll(h.db, { password: "Runboard123" });
await h.db.execute(sql`
  insert into raid_runs (display_id, game_id, booster_id, starts_at, timezone, status, difficulty, region, raid_id, faction_id, completion_mode_id, gameplay_type)
  select 'BENCH-' || g, 1, (select min(id) from boosters), now() + g * interval '5 minutes', 'CET', 'available', 'heroic_25', 'EU', 1, 1, 1, 'pilot'
  from generate_series(1, ${RUNS}) g`);
const [{ n }] = (await rows<{ n: number }>(h.db, sql`select count(*)::int as n from raid_runs`)) as [{ n: number }];
const before = await databaseChecksum(h.db);
await h.close();

function timed(script: string, env: Record<string, string>, args: string[]): number {
  const t0 = performance.now();
  const p = Bun.spawnSync(["bun", `scripts/${script}.ts`, ...args], { cwd: root, env: { ...process.env, ...env }, stderr: "inherit", stdout: "ignore" });
  if (p.exitCode !== 0) throw new Error(`${script} failed`);
  return (performance.now() - t0) / 1000;
}
const backupS = timed("backup", { DATA_DIR: source }, [file]);
const restoreS = timed("restore", { DATA_DIR: copy }, [file]);
const c = await openDb({ dataDir: copy });
const same = JSON.stringify(await databaseChecksum(c.db)) === JSON.stringify(before);
await c.close();
console.log(`PGlite with ${n} raid runs: backup ${backupS.toFixed(1)} s (${(statSync(file).size / 1e6).toFixed(1)} MB), restore ${restoreS.toFixed(1)} s, checksums ${same ? "equal" : "DIFFER"} (target: 30 s each)`);
rmSync(work, { recursive: true, force: true });
if (!same) process.exit(1);
