import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

/**
 * Row count and an md5 of the sorted rows of every table, and every sequence's position.
 * `schema` limits it to one schema's tables and sequences (a test comparing only `public`
 * need not hash the snapshot copies of ./snapshot); `sequences: false` leaves those out.
 */
export async function databaseChecksum(db: Db, opts: { schema?: string; sequences?: boolean } = {}): Promise<Record<string, string>> {
  const out = await (await tableChecksums(db, opts))();
  if (opts.sequences === false) return out;
  const seqOnly = opts.schema === undefined ? sql`` : sql` and schemaname = ${opts.schema}`;
  for (const q of await rows<{ s: string; n: string; v: string | null }>(db, sql`
    select schemaname as s, sequencename as n, last_value::text as v from pg_sequences
    where schemaname not in ('pg_catalog', 'information_schema')${seqOnly}`)) out[`sequence ${q.s}.${q.n}`] = String(q.v);
  return out;
}

/**
 * The tables' part of `databaseChecksum` as a function to call again and again: the tables
 * are listed once (listing them costs more than summing a test database's few rows), for a
 * test that compares the database before and after many requests.
 */
export async function tableChecksums(db: Db, opts: { schema?: string } = {}): Promise<() => Promise<Record<string, string>>> {
  const only = opts.schema === undefined ? sql`` : sql` and table_schema = ${opts.schema}`;
  const tables = await rows<{ s: string; t: string }>(db, sql`
    select table_schema as s, table_name as t from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')${only} order by 1, 2`);
  // One query for all tables: a round trip per table was most of the cost on PGlite.
  const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const parts = tables.map(({ s, t }, i) =>
    `select ${i} as i, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${ident(s)}.${ident(t)} x`);
  const query = sql.raw(parts.join("\nunion all\n"));
  return async () => {
    const sums = parts.length ? await rows<{ i: number; n: number; h: string }>(db, query) : [];
    const byIndex = new Map(sums.map((r) => [Number(r.i), r]));
    const out: Record<string, string> = {};
    tables.forEach(({ s, t }, i) => {
      const r = byIndex.get(i)!;
      out[`${s}.${t}`] = `${r.n} rows, ${r.h}`;
    });
    return out;
  };
}
