// Backup and restore of the database the environment selects (README "Operating it"):
// PGlite -> a gzip tarball of its data folder (`dumpDataDir`); PostgreSQL -> `pg_dump`
// custom format, restored with `pg_restore`. Restore fills an empty database only,
// unless forced.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { T } from "../shared/text";

export type Target = { databaseUrl?: string; dataDir: string };

export class OpsError extends Error {}

const pgliteDir = (t: Target) => `${t.dataDir.replace(/\/$/, "")}/pglite`;

/** The file name `bun run backup` uses when none is given. */
export function defaultBackupFile(t: Target, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return t.databaseUrl ? `runboard-${stamp}.pgdump` : `runboard-${stamp}.pglite.tar.gz`;
}

function tool(name: "pg_dump" | "pg_restore" | "psql"): string {
  const path = Bun.which(name);
  if (!path) throw new OpsError(T.ops.noPgDump(name));
  return path;
}

async function run(cmd: string[]): Promise<void> {
  const p = Bun.spawn(cmd, { stdout: "ignore", stderr: "pipe" });
  const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
  if (code !== 0) throw new OpsError(err.trim() || `${cmd[0]} exited with ${code}`);
}

export async function backup(t: Target, file: string): Promise<void> {
  if (t.databaseUrl) {
    // pg_dump reads one snapshot, so the dump is consistent while the app keeps writing.
    await run([tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, t.databaseUrl]);
    return;
  }
  // PGlite is single-process: the data folder must not be open in a running server.
  const { PGlite } = await import("@electric-sql/pglite");
  if (!existsSync(`${pgliteDir(t)}/PG_VERSION`)) throw new OpsError(T.ops.missingFile(pgliteDir(t)));
  const db = new PGlite(pgliteDir(t));
  try {
    await db.query("checkpoint");
    await Bun.write(file, await db.dumpDataDir("gzip"));
  } finally {
    await db.close();
  }
}

/** True when the target has no tables of ours (a new database or data folder). */
async function isEmpty(t: Target): Promise<boolean> {
  const query = "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')";
  if (t.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const sql = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql.unsafe(query);
      return row!.n === 0;
    } finally {
      await sql.end();
    }
  }
  const dir = pgliteDir(t);
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

async function kindOf(file: string): Promise<"pgdump" | "gzip" | "other"> {
  const head = new Uint8Array(await Bun.file(file).slice(0, 5).arrayBuffer());
  if (new TextDecoder().decode(head) === "PGDMP") return "pgdump";
  return head[0] === 0x1f && head[1] === 0x8b ? "gzip" : "other";
}

export async function restore(t: Target, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!(await Bun.file(file).exists())) throw new OpsError(T.ops.missingFile(file));
  const kind = await kindOf(file);
  if (kind !== (t.databaseUrl ? "pgdump" : "gzip")) throw new OpsError(T.ops.wrongKind(file, t.databaseUrl ? "PostgreSQL (pg_dump)" : "PGlite"));
  if (!(await isEmpty(t))) {
    if (!opts.force) throw new OpsError(T.ops.notEmpty);
    await clear(t);
  }
  if (t.databaseUrl) {
    await run([tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${t.databaseUrl}`, file]);
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  mkdirSync(pgliteDir(t), { recursive: true });
  const db = new PGlite(pgliteDir(t), { loadDataDir: Bun.file(file) });
  await db.waitReady;
  await db.close();
}

/** --force: empty the target first (every table, type and migration record of ours). */
async function clear(t: Target): Promise<void> {
  if (!t.databaseUrl) {
    rmSync(pgliteDir(t), { recursive: true, force: true });
    return;
  }
  await run([tool("psql"), "--quiet", "--set=ON_ERROR_STOP=1", `--dbname=${t.databaseUrl}`, "--command",
    "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;"]);
}
