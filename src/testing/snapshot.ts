// Named snapshots of the database for tests: seed once, take a snapshot, and restore it before
// each test instead of seeding again. A snapshot is a schema of plain copies of every
// non-empty table plus a generated PL/pgSQL function that copies them back, so a restore is
// one round trip on PGlite and on PostgreSQL, over any connection of the pool.
//
// Restores touch only what changed: a statement trigger on every table notes the tables
// written since the last restore, and only those are emptied and refilled (all of them when
// another snapshot is asked for). Restores run with `session_replication_role = replica`,
// which skips foreign-key checks and these triggers, so tables can be refilled in any order;
// that needs a superuser (PGlite's user is one, and so is CI's `postgres`).
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";

const NS = "test_snapshots";

type TableName = { schema: string; name: string };

/**
 * Every table `db/schema` declares (never a hand-kept list), parents before the tables that
 * reference them.
 */
export function schemaTables(): TableName[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const ordered: PgTable[] = [];
  const visit = (t: PgTable, path: PgTable[]) => {
    if (ordered.includes(t)) return;
    if (path.includes(t)) throw new Error(`Foreign keys form a cycle through ${getTableConfig(t).name}`);
    for (const fk of getTableConfig(t).foreignKeys) {
      const parent = fk.reference().foreignTable;
      if (parent !== t) visit(parent, [...path, t]);
    }
    ordered.push(t);
  };
  for (const t of tables) visit(t, []);
  return ordered.map((t) => {
    const c = getTableConfig(t);
    return { schema: c.schema ?? "public", name: c.name };
  });
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const qualified = (t: TableName) => `${ident(t.schema)}.${ident(t.name)}`;
const key = (t: TableName) => literal(`${t.schema}.${t.name}`);
const restoreFn = (snapshot: string) => `${ident(NS)}.${ident(`restore_${snapshot}`)}`;

/** The bookkeeping: which snapshot the database last equalled, and the tables written since. */
async function installTracking(db: Db, tables: TableName[]): Promise<void> {
  await run(db, `create schema if not exists ${ident(NS)}`);
  await run(db, `create table if not exists ${ident(NS)}.dirty (name text primary key)`);
  await run(db, `create table if not exists ${ident(NS)}.state (one boolean primary key default true, current text)`);
  await run(db, `insert into ${ident(NS)}.state (current) values (null) on conflict do nothing`);
  await run(db, `create or replace function ${ident(NS)}.mark() returns trigger language plpgsql as $fn$ begin
    insert into ${ident(NS)}.dirty values (tg_table_schema || '.' || tg_table_name) on conflict do nothing; return null; end $fn$`);
  for (const t of tables) {
    await run(db, `create or replace trigger test_snapshots_dirty after insert or update or delete or truncate on ${qualified(t)}
      for each statement execute function ${ident(NS)}.mark()`);
  }
}

/** Saves the rows of every schema table and the position of their sequences as `snapshot`. */
export async function takeSnapshot(db: Db, snapshot: string): Promise<void> {
  const tables = schemaTables();
  await installTracking(db, tables);
  const copies = ident(`${NS}_${snapshot}`);
  await run(db, `drop schema if exists ${copies} cascade`);
  await run(db, `create schema ${copies}`);
  const body = [
    `perform set_config('session_replication_role', 'replica', true);`,
    `select current is distinct from ${literal(snapshot)} into everything from ${ident(NS)}.state;`,
  ];
  for (const t of tables) {
    const copy = `${copies}.${ident(`${t.schema}.${t.name}`)}`;
    const [row] = await rows<{ n: number }>(db, `select count(*)::int as n from ${qualified(t)}`);
    if (row?.n) await run(db, `create table ${copy} as select * from ${qualified(t)}`);
    body.push(`if everything or exists (select from ${ident(NS)}.dirty where name = ${key(t)}) then
      delete from ${qualified(t)};${row?.n ? ` insert into ${qualified(t)} overriding system value select * from ${copy};` : ""}
    end if;`);
  }
  // Every sequence goes back too: a failed insert moves one without writing a row.
  const schemas = [...new Set(tables.map((t) => literal(t.schema)))].join(", ");
  const seqs = await rows<{ seq: string; last: string | null; start: string }>(db,
    `select format('%I.%I', schemaname, sequencename) as seq, last_value::text as last, start_value::text as start
       from pg_sequences where schemaname in (${schemas})`);
  for (const s of seqs) {
    body.push(s.last === null
      ? `perform setval(${literal(s.seq)}, ${BigInt(s.start)}, false);`
      : `perform setval(${literal(s.seq)}, ${BigInt(s.last)}, true);`);
  }
  body.push(`delete from ${ident(NS)}.dirty;`, `update ${ident(NS)}.state set current = ${literal(snapshot)};`);
  await run(db, `create or replace function ${restoreFn(snapshot)}() returns void language plpgsql as $fn$
    declare everything boolean; begin ${body.join("\n")} end $fn$`);
  // The database equals the new snapshot now.
  await run(db, `delete from ${ident(NS)}.dirty`);
  await run(db, `update ${ident(NS)}.state set current = ${literal(snapshot)}`);
}

/** Puts every schema table back exactly as it was when `takeSnapshot(db, snapshot)` ran. */
export async function restoreSnapshot(db: Db, snapshot: string): Promise<void> {
  await run(db, `select ${restoreFn(snapshot)}()`);
}

async function run(db: Db, query: string): Promise<void> {
  await db.execute(sql.raw(query));
}

// postgres.js returns the rows themselves; PGlite returns `{ rows }`.
async function rows<T>(db: Db, query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
