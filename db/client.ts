import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { parsersOnce } from "./pgliteParsers";
import * as schema from "./schema";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./unavailable";

export { DatabaseUnavailable };

/** The database handle every service takes: postgres.js or PGlite, same API above this line. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection; `onConnect` runs on
   * every (re)connection, after which notifications sent meanwhile may have been missed.
   */
  listen?: (channel: string, onNotify: (payload: string) => void, onConnect: () => void) => Promise<void>;
  /** Connection pool use right now (for /metrics). */
  pool: () => Promise<PoolUse>;
};

/** `busy`: connections running a statement (the probe's own not counted); null where unknown. */
export type PoolUse = { max: number; open: number; busy: number | null };

// During an outage a request must get its 503 within 2 s: an unanswered
// connection attempt gives up after 1.8 s, and a failed one is retried after a short fixed
// pause. postgres.js's default backoff grows to 20 s between attempts, and queries wait for
// it: requests took 7 s and more to fail, and as long to recover.
const CONNECT_TIMEOUT_S = 1.8;
const RECONNECT_DELAY_S = 0.2;
const START_ATTEMPTS = 3;

export type OpenOptions = {
  databaseUrl?: string; dataDir?: string; max?: number;
  /** PGlite only: start from this data-folder dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
};

/**
 * With a URL, connect to that PostgreSQL server through postgres.js; without one, open
 * PGlite (PostgreSQL in WASM) persisted in `dataDir`, or in memory when `dataDir` is "memory://".
 */
export async function openDb(opts: OpenOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const max = opts.max ?? 10;
    // postgres.js keeps no pool statistics; the server's own view of this process's
    // connections (pg_stat_activity, by application name) stands in for them.
    const application = `runboard-${process.pid}`;
    const sql = postgres(opts.databaseUrl, {
      max, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_S, backoff: () => RECONNECT_DELAY_S,
      connection: { application_name: application },
    });
    // At start-up a slow first connection (a busy server) is worth waiting for: three tries.
    for (let attempt = 1; ; attempt++) {
      try {
        await sql`select 1`;
        break;
      } catch (err) {
        if (attempt < START_ATTEMPTS && isDatabaseUnavailable(err)) continue;
        await sql.end({ timeout: 0 }).catch(() => {});
        throw new DatabaseUnavailable(redact(opts.databaseUrl), err);
      }
    }
    return {
      db: drizzle(sql, { schema }) as unknown as Db, kind: "postgres", close: () => sql.end({ timeout: 5 }),
      pool: async () => {
        // The LISTEN connection (WORKERS) is its own, outside the pool: not counted.
        const [row] = await sql<{ open: number; busy: number }[]>`
          select count(*)::int as open, count(*) filter (where state <> 'idle')::int - 1 as busy
          from pg_stat_activity where application_name = ${application} and query not ilike 'listen %'`;
        return { max, open: row?.open ?? 0, busy: Math.max(0, row?.busy ?? 0) };
      },
      listen: async (channel, onNotify, onConnect) => {
        await sql.listen(channel, onNotify, onConnect);
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // pg_trgm backs the run lists' substring search (db/schema/runs.ts); PostgreSQL has it built in.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const options = { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
  const dir = opts.dataDir ?? ".data";
  let client: InstanceType<typeof PGlite>;
  if (dir === "memory://") client = new PGlite(options);
  else {
    const path = `${dir.replace(/\/$/, "")}/pglite`;
    mkdirSync(path, { recursive: true });
    client = new PGlite(path, options);
  }
  await client.waitReady;
  parsersOnce(client);
  // PGlite is one in-process connection.
  const pool = async (): Promise<PoolUse> => ({ max: 1, open: 1, busy: null });
  return { db: drizzle(client, { schema }) as unknown as Db, kind: "pglite", close: () => client.close(), pool };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@]*@/, "//$1:***@");
}
