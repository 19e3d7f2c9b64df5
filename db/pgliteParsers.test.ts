// PGlite queries through drizzle answer exactly as they would with drizzle's parsers passed
// on every query (db/pgliteParsers.ts takes them once), in and out of transactions.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { PglitePreparedQuery } from "drizzle-orm/pglite/session";
import { NoopCache } from "drizzle-orm/cache/core/cache";
import { NoopLogger } from "drizzle-orm/logger";
import { openDb, type DbHandle } from "./client";
import { testDb } from "../src/testing/db";
import { pgliteTemplate } from "../src/testing/template";

// The process's test database when it is PGlite (a new PGlite costs ~0.5 s); on PostgreSQL runs, one of its own.
const own = !!process.env.DATABASE_URL;
let h: DbHandle;
beforeAll(async () => { h = own ? await openDb({ dataDir: "memory://", loadDataDir: await pgliteTemplate() }) : await testDb(); });
afterAll(async () => { if (own) await h.close(); });

// Every type drizzle parses itself, and some PGlite parses: dates, times, intervals, arrays
// of them, numerics, 64-bit integers, JSON, booleans.
const QUERY = `select timestamptz '2026-11-21 10:00:00+00' as tz, timestamp '2026-11-21 10:00:00' as ts,
  date '2026-11-21' as d, interval '90 minutes' as i, array[timestamptz '2026-11-21 10:00:00+00'] as tzs,
  array[timestamp '2026-11-21 10:00'] as tss, array[date '2026-11-21'] as ds, array[interval '1 day'] as iss,
  array[1.5::numeric] as nums, 9007199254740993::int8 as big, 12.25::numeric as num, '{"a":[1,2]}'::jsonb as j, true as b`;

/** drizzle's own query options for PGlite (its parsers), as it passes them with each query. */
function drizzleOptions(): { raw: QueryOptions; array: QueryOptions } {
  const q = new PglitePreparedQuery(null as never, "", [], new NoopLogger(), new NoopCache(), undefined, undefined, undefined, undefined, false);
  const { rawQueryConfig: raw, queryConfig: array } = q as unknown as { rawQueryConfig: QueryOptions; queryConfig: QueryOptions };
  return { raw, array };
}

/** What PGlite answers with drizzle's parsers merged in for this one query (its own path). */
async function reference(options: QueryOptions): Promise<unknown[]> {
  const client = (h.db as unknown as { $client: PGlite }).$client;
  return (await PGlite.prototype.query.call(client, QUERY, [], options)).rows;
}

test("drizzle's results on PGlite are those of its parsers passed with the query", async () => {
  const { raw } = drizzleOptions();
  const expected = await reference(raw);
  expect(expected).toHaveLength(1);
  expect((expected[0] as { tz: unknown }).tz).toBe("2026-11-21 10:00:00+00"); // drizzle's parser: text
  expect(((await h.db.execute(sql.raw(QUERY))) as unknown as { rows: unknown[] }).rows).toEqual(expected);
  const inTransaction = await h.db.transaction(async (tx) => (await tx.execute(sql.raw(QUERY)) as unknown as { rows: unknown[] }).rows);
  expect(inTransaction).toEqual(expected);
});

test("a typed select (array rows mapped to columns) is unchanged too, and a query without drizzle's parsers keeps PGlite's own", async () => {
  const { array } = drizzleOptions();
  const client = (h.db as unknown as { $client: PGlite }).$client;
  expect((await client.query(QUERY, [], array)).rows).toEqual(await reference(array));
  const plain = await client.query<{ b: boolean; j: unknown; big: unknown }>(QUERY);
  expect(plain.rows[0]!.b).toBe(true);
  expect(plain.rows[0]!.j).toEqual({ a: [1, 2] });
});
