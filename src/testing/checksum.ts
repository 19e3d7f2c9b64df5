import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

/** Row count and an md5 of the sorted rows of every table, and every sequence's position. */
export async function databaseChecksum(db: Db): Promise<Record<string, string>> {
  const tables = await rows<{ s: string; t: string }>(db, sql`
    select table_schema as s, table_name as t from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`);
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [r] = await rows<{ n: number; h: string }>(db, sql.raw(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${s}"."${t}" x`));
    out[`${s}.${t}`] = `${r!.n} rows, ${r!.h}`;
  }
  for (const q of await rows<{ s: string; n: string; v: string | null }>(db, sql`
    select schemaname as s, sequencename as n, last_value::text as v from pg_sequences
    where schemaname not in ('pg_catalog', 'information_schema')`)) out[`sequence ${q.s}.${q.n}`] = String(q.v);
  return out;
}
