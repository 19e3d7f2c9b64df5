// Backup and restore of the database the environment selects (README "Operating it"):
// PGlite -> a gzip tarball of its data folder (`dumpDataDir`); PostgreSQL -> `pg_dump`
// custom format, restored with `pg_restore`. Restore fills an empty database only,
// unless forced. A backup holds every account's email and password hash: its file is created
// private (0600) and new (never over an existing file) before anything is written, and the
// database password reaches the PostgreSQL tools through their environment, never their
// command line (which every local user can read).
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { open, rm, type FileHandle } from "node:fs/promises";
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
  if (!path) throw new OpsError(T.ops.noPgDump({ tool: name }));
  return path;
}

/** libpq's environment variables for the URL's query parameters we pass on. */
const PARAM_ENV: Record<string, string> = {
  host: "PGHOST", port: "PGPORT", user: "PGUSER", password: "PGPASSWORD", dbname: "PGDATABASE",
  sslmode: "PGSSLMODE", sslrootcert: "PGSSLROOTCERT", sslcert: "PGSSLCERT", sslkey: "PGSSLKEY",
  application_name: "PGAPPNAME", connect_timeout: "PGCONNECT_TIMEOUT", options: "PGOPTIONS",
  service: "PGSERVICE", target_session_attrs: "PGTARGETSESSIONATTRS", passfile: "PGPASSFILE",
};

/**
 * DATABASE_URL as libpq environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD,
 * PGDATABASE, and the query parameters libpq knows), so no tool gets it in argv.
 * `postgres:///?service=name` works with a service file alone.
 */
export function pgEnvironment(databaseUrl: string): Record<string, string> {
  const u = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value) env[name] = value;
  };
  set("PGHOST", u.hostname.replace(/^\[(.*)\]$/, "$1"));
  set("PGPORT", u.port);
  set("PGUSER", decodeURIComponent(u.username));
  set("PGPASSWORD", decodeURIComponent(u.password));
  set("PGDATABASE", decodeURIComponent(u.pathname.slice(1)));
  for (const [key, value] of u.searchParams) {
    const name = PARAM_ENV[key];
    if (!name) throw new OpsError(T.ops.unknownUrlParameter({ name: key }));
    set(name, value);
  }
  return env;
}

async function run(cmd: string[], t: Target, stdout: "ignore" | number = "ignore"): Promise<void> {
  // Only the URL's settings reach the tool: an operator's own PG* variables would mix in.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PG") && k !== "DATABASE_URL"));
  const env = { ...inherited, ...(t.databaseUrl ? pgEnvironment(t.databaseUrl) : {}) };
  const p = Bun.spawn(cmd, { stdout, stderr: "pipe", env });
  const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
  if (code !== 0) throw new OpsError(err.trim() || `${cmd[0]} exited with ${code}`);
}

/** Creates `file` new and private (0600, whatever the umask), or refuses when it exists. */
async function createPrivate(file: string): Promise<FileHandle> {
  try {
    const fh = await open(file, "wx", 0o600);
    await fh.chmod(0o600);
    return fh;
  } catch (err) {
    if ((err as { code?: string }).code === "EEXIST") throw new OpsError(T.ops.fileExists({ file }));
    throw err;
  }
}

export async function backup(t: Target, file: string): Promise<void> {
  const pg = t.databaseUrl ? tool("pg_dump") : null;
  // PGlite is single-process: the data folder must not be open in a running server.
  if (!pg && !existsSync(`${pgliteDir(t)}/PG_VERSION`)) throw new OpsError(T.ops.missingFile({ file: pgliteDir(t) }));
  const fh = await createPrivate(file);
  try {
    if (pg) {
      // pg_dump reads one snapshot, so the dump is consistent while the app keeps writing.
      await run([pg, "--format=custom", "--no-owner", "--no-privileges"], t, fh.fd);
    } else {
      const { PGlite } = await import("@electric-sql/pglite");
      const db = new PGlite(pgliteDir(t));
      try {
        await db.query("checkpoint");
        await fh.writeFile(new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    await fh.sync();
  } catch (err) {
    // The file is ours (created new above): a half-written backup must not pass for one.
    await fh.close();
    await rm(file, { force: true });
    throw err;
  }
  await fh.close();
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
  if (!(await Bun.file(file).exists())) throw new OpsError(T.ops.missingFile({ file }));
  const kind = await kindOf(file);
  if (kind !== (t.databaseUrl ? "pgdump" : "gzip")) throw new OpsError(T.ops.wrongKind({ file, expected: t.databaseUrl ? "PostgreSQL (pg_dump)" : "PGlite" }));
  if (!(await isEmpty(t))) {
    if (!opts.force) throw new OpsError(T.ops.notEmpty);
    await clear(t);
  }
  if (t.databaseUrl) {
    // An empty connection string: libpq takes the whole connection from the environment.
    await run([tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname=", file], t);
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
  await run([tool("psql"), "--quiet", "--set=ON_ERROR_STOP=1", "--command",
    "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;"], t);
}
