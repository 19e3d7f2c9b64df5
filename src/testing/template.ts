// Every test database starts as a copy of a template: a database already migrated, made once,
// instead of a new cluster plus every migration each time. A new PGlite cluster costs 3-5 s
// here (initdb runs in WASM) and a copy of a migrated one under 1 s; on PostgreSQL,
// `create database … template` copies files instead of replaying the migrations.
//
// The template is named by a hash of what decides its content (the migrations, the migration
// runner and the PGlite version), so a changed migration makes a new one by itself:
// - PGlite: a data-folder dump (`dumpDataDir`), kept in node_modules/.cache between runs.
// - PostgreSQL: a database `runboard_template_<hash>` on the server, kept between runs too
//   (other checkouts on the same server may be using theirs, so none is ever dropped here).
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb } from "../../db/client";
import { migrate } from "../../db/migrate";

const ROOT = resolve(import.meta.dir, "../..");
const CACHE = join(ROOT, "node_modules/.cache/runboard-test");

function files(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

let key: string | null = null;
/** A short hash of the migrations, the migration runner and the PGlite version. */
export function templateKey(): string {
  if (key) return key;
  const hash = createHash("sha256");
  const inputs = [...files(join(ROOT, "db/migrations")), join(ROOT, "db/migrate.ts"), join(ROOT, "node_modules/@electric-sql/pglite/package.json")];
  for (const path of inputs) hash.update(path.slice(ROOT.length)).update("\0").update(readFileSync(path)).update("\0");
  key = hash.digest("hex").slice(0, 16);
  return key;
}

/**
 * A short hash of the source files `entries` import, directly or through other relative
 * imports (packages are left out; their versions are in the lockfile's node_modules), plus
 * `extra` strings: what names a cache of something those files compute.
 */
export function sourceKey(entries: string[], extra: string[] = []): string {
  const ts = new Bun.Transpiler({ loader: "ts" });
  const tsx = new Bun.Transpiler({ loader: "tsx" });
  const seen = new Set<string>();
  const resolveFile = (from: string, spec: string): string | null => {
    const base = resolve(from, "..", spec);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imp of (path.endsWith(".tsx") ? tsx : ts).scanImports(readFileSync(path, "utf8"))) {
      if (!imp.path.startsWith(".")) continue;
      const file = resolveFile(path, imp.path);
      if (file) visit(file);
    }
  };
  for (const entry of entries) visit(resolve(ROOT, entry));
  const hash = createHash("sha256");
  for (const path of [...seen].sort()) hash.update(path.slice(ROOT.length)).update("\0").update(readFileSync(path)).update("\0");
  for (const e of extra) hash.update(e).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** Where the test caches live (git-ignored, with node_modules). */
export const TEST_CACHE = CACHE;

let pglite: Promise<string> | null = null;
/** The path of the PGlite template: an uncompressed dump of a migrated, empty data folder. */
export function pgliteTemplateFile(): Promise<string> {
  pglite ??= (async () => {
    const file = join(CACHE, `pglite-${templateKey()}.tar`);
    if (existsSync(file)) return file;
    mkdirSync(CACHE, { recursive: true });
    const h = await openDb({ dataDir: "memory://" });
    try {
      await migrate(h);
      const client = (h.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir("none");
      // Written aside and renamed, so a parallel test process never reads half a file.
      const part = `${file}.${process.pid}.part`;
      await Bun.write(part, dump);
      renameSync(part, file);
    } finally {
      await h.close();
    }
    return file;
  })();
  return pglite;
}

/** The PGlite template as a Blob, for `openDb({ dataDir: "memory://", loadDataDir })`. */
export async function pgliteTemplate(): Promise<Blob> {
  return Bun.file(await pgliteTemplateFile());
}

let scratch: string | null = null;
/**
 * Where throwaway files of tests go (data folders, backups): the memory-backed /dev/shm when
 * the machine has a writable one, else the OS temp folder. A PGlite data folder is ~40 MB
 * (a 16 MB WAL segment among it): unpacking one took 0.8 s of kernel time on this machine's
 * disk and 0.05 s in /dev/shm, and PGlite's reads and writes in it (a started server, the
 * backup CLI) are faster there too. Nothing there outlives the test that made it.
 */
export function scratchDir(): string {
  if (scratch) return scratch;
  try {
    accessSync("/dev/shm", constants.W_OK);
    scratch = statSync("/dev/shm").isDirectory() ? "/dev/shm" : tmpdir();
  } catch {
    scratch = tmpdir();
  }
  return scratch;
}

/**
 * A new data folder (a server's or a CLI's DATA_DIR) holding a migrated, empty PGlite
 * database, in `scratchDir()`; the caller removes it.
 */
export async function pgliteDataDir(prefix: string): Promise<string> {
  const file = await pgliteTemplateFile();
  const dir = mkdtempSync(join(scratchDir(), `${prefix}-`));
  mkdirSync(join(dir, "pglite"));
  // The dump's member names start with "/"; tar strips that (and says so on stderr).
  const p = Bun.spawn(["tar", "-xf", file, "-C", join(dir, "pglite")], { stdout: "ignore", stderr: "pipe" });
  const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
  if (code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not unpack the PGlite template: ${err.trim()}`);
  }
  return dir;
}

type Admin = Awaited<ReturnType<typeof admin>>;
async function admin(serverUrl: string) {
  const { default: postgres } = await import("postgres");
  return postgres(serverUrl, { max: 1, onnotice: () => {} });
}
const databaseUrl = (serverUrl: string, name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

const postgresTemplates = new Map<string, Promise<string>>();
/** The name of the migrated template database on this server, made when missing. */
function postgresTemplate(serverUrl: string): Promise<string> {
  let made = postgresTemplates.get(serverUrl);
  if (!made) {
    made = (async () => {
      const name = `runboard_template_${templateKey()}`;
      const a = await admin(serverUrl);
      try {
        if ((await a`select 1 from pg_database where datname = ${name}`).length) return name;
        // Built under a name of its own and renamed when complete: a process that finds the
        // template by name finds a whole one, and two processes building at once both succeed.
        const building = `${name}_${process.pid}`;
        await a.unsafe(`drop database if exists "${building}"`);
        await a.unsafe(`create database "${building}"`);
        const h = await openDb({ databaseUrl: databaseUrl(serverUrl, building), max: 1 });
        try {
          await migrate(h);
        } finally {
          await h.close();
        }
        try {
          await a.unsafe(`alter database "${building}" rename to "${name}"`);
        } catch (err) {
          if ((err as { code?: string }).code !== "42P04") throw err; // another process finished first
          await a.unsafe(`drop database "${building}"`);
        }
        return name;
      } finally {
        await a.end();
      }
    })();
    made.catch(() => postgresTemplates.delete(serverUrl));
    postgresTemplates.set(serverUrl, made);
  }
  return made;
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, migrated and empty (with
 * `bare: true` not even migrated): its URL and a way to drop it.
 */
export async function postgresDatabase(serverUrl: string, name: string, opts: { bare?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = opts.bare ? null : await postgresTemplate(serverUrl);
  const a: Admin = await admin(serverUrl);
  try {
    await a.unsafe(`drop database if exists "${name}" with (force)`);
    await a.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await a.end();
  }
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const d = await admin(serverUrl);
      try {
        await d.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await d.end();
      }
    },
  };
}
