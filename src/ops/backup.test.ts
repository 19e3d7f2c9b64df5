import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openDb } from "../../db/client";
import { rows } from "../../db/rows";
import { seedAll } from "../../db/seed";
import { createSession } from "../api/auth/sessions";
import { databaseChecksum } from "../testing/checksum";
import { TEST_NOW } from "../testing/db";
import { pgliteDataDir, postgresDatabase, scratchDir } from "../testing/template";
import { T } from "../shared/text";

const root = resolve(import.meta.dir, "../..");
const work = mkdtempSync(join(scratchDir(), "runboard-backup-"));
const serverUrl = process.env.DATABASE_URL;
const drops: (() => Promise<void>)[] = [];

/** An empty database of the kind the environment selects (what restore fills): its env for the CLI. */
async function emptyTarget(name: string): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: join(work, name) };
  const made = await postgresDatabase(serverUrl, `runboard_backup_${name}_${process.pid}`, { bare: true });
  drops.push(made.drop);
  return { DATABASE_URL: made.url };
}

/** A migrated database to back up, copied from the test template (./testing/template). */
async function migratedSource(): Promise<Record<string, string>> {
  if (serverUrl) {
    const made = await postgresDatabase(serverUrl, `runboard_backup_source_${process.pid}`);
    drops.push(made.drop);
    return { DATABASE_URL: made.url };
  }
  const dir = await pgliteDataDir("runboard-backup-source");
  drops.push(async () => rmSync(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}
const open = (env: Record<string, string>) => openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, max: 1 });

function cli(script: "backup" | "restore", env: Record<string, string>, args: string[]) {
  const p = Bun.spawnSync(["bun", `scripts/${script}.ts`, ...args], {
    cwd: root, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...env }, stdout: "pipe", stderr: "pipe",
  });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString().trim() };
}

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  for (const drop of drops) await drop();
}, 60_000);

test("backup and restore round-trip every table and sequence; restore refuses a non-empty database without --force", async () => {
  // The source: seeded, then written to the way the app writes (sessions, runs, rate limits).
  const source = await migratedSource();
  const h = await open(source);
  await seedAll(h.db, { password: "Runboard123" });
  const [user] = await rows<{ id: number }>(h.db, sql`select id from users order by id limit 1`);
  await createSession(h.db, { userId: user!.id, now: TEST_NOW });
  await h.db.execute(sql`update raid_runs set status = 'completed' where id = (select min(id) from raid_runs)`);
  await h.db.execute(sql`delete from challenge_mode_runs where id = (select max(id) from challenge_mode_runs)`);
  await h.db.execute(sql`insert into rate_limits (key, window_start, count) values ('login:1.2.3.4', now(), 3)`);
  const before = await databaseChecksum(h.db);
  await h.close();
  expect(Object.keys(before).length).toBeGreaterThan(15);

  const file = join(work, serverUrl ? "snapshot.pgdump" : "snapshot.tar.gz");
  const made = cli("backup", source, [file]);
  expect(made.err).toBe("");
  expect(made.code).toBe(0);
  // Emails and password hashes: readable by its owner only, whatever the umask.
  expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
  // Never over an existing file (which another user could have made readable, or linked).
  const bytes = await Bun.file(file).bytes();
  const again = cli("backup", source, [file]);
  expect({ code: again.code, err: again.err }).toEqual({ code: 1, err: T.ops.fileExists({ file }) });
  expect(await Bun.file(file).bytes()).toEqual(bytes);

  const copy = await emptyTarget("copy");
  const restored = cli("restore", copy, [file]);
  expect(restored.err).toBe("");
  expect(restored.code).toBe(0);
  const c = await open(copy);
  expect(await databaseChecksum(c.db)).toEqual(before);
  await c.close();

  const refused = cli("restore", copy, [file]);
  expect(refused.code).toBe(1);
  expect(refused.err).toBe(T.ops.notEmpty);
  const forced = cli("restore", copy, [file, "--force"]);
  expect(forced.err).toBe("");
  expect(forced.code).toBe(0);
  const f = await open(copy);
  expect(await databaseChecksum(f.db)).toEqual(before);
  await f.close();
}, 180_000);

test("without pg_dump on PATH a PostgreSQL backup stops with one line saying what to install", async () => {
  const bin = join(work, "bin");
  await Bun.$`mkdir -p ${bin} && ln -sf ${Bun.which("bun")!} ${join(bin, "bun")}`.quiet();
  const p = Bun.spawnSync([join(bin, "bun"), "scripts/backup.ts", join(work, "x.pgdump")], {
    cwd: root, env: { PATH: bin, HOME: process.env.HOME ?? "/tmp", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/any" }, stderr: "pipe", stdout: "pipe",
  });
  expect(p.exitCode).toBe(1);
  expect(p.stderr.toString().trim()).toBe(T.ops.noPgDump({ tool: "pg_dump" }));
});

test("pg_dump gets the database password through its environment, never on its command line", async () => {
  // A stand-in pg_dump records what `ps` would show of it (/proc/<pid>/cmdline) and its environment.
  const bin = join(work, "fake-bin");
  const seen = join(work, "seen");
  await Bun.$`mkdir -p ${bin} ${seen} && ln -sf ${Bun.which("bun")!} ${join(bin, "bun")}`.quiet();
  writeFileSync(join(bin, "pg_dump"), `#!/bin/sh
tr '\\0' '\\n' < /proc/$$/cmdline > ${seen}/cmdline
env | grep '^PG' | sort > ${seen}/env
printf 'PGDMP dump'
`);
  chmodSync(join(bin, "pg_dump"), 0o755);
  const file = join(work, "private.pgdump");
  const p = Bun.spawnSync([join(bin, "bun"), "scripts/backup.ts", file], {
    cwd: root, stderr: "pipe", stdout: "pipe",
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: process.env.HOME ?? "/tmp", DATABASE_URL: "postgres://runner:s3cr%40t-Pw@db.internal:6543/runboard?sslmode=require" },
  });
  expect(p.stderr.toString()).toBe("");
  expect(p.exitCode).toBe(0);
  const argv = readFileSync(join(seen, "cmdline"), "utf8");
  expect(argv).toContain("--format=custom");
  for (const part of ["s3cr", "postgres://", "db.internal"]) expect({ part, inArgv: argv.includes(part) }).toEqual({ part, inArgv: false });
  expect(readFileSync(join(seen, "env"), "utf8").trim().split("\n")).toEqual([
    "PGDATABASE=runboard", "PGHOST=db.internal", "PGPASSWORD=s3cr@t-Pw", "PGPORT=6543", "PGSSLMODE=require", "PGUSER=runner",
  ]);
  expect(readFileSync(file, "utf8")).toBe("PGDMP dump");
  expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
});
