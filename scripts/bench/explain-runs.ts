// `DATABASE_URL=postgres://… bun scripts/bench/explain-runs.ts`: the query plans of the run
// panel's first page and of a search over 100,000 raid runs, on a scratch PostgreSQL
// database (created and dropped here). Every statement listRunPage sends is captured and
// run again under EXPLAIN ANALYZE, to check that the indexes of db/schema/runs.ts serve them.
// Last, the overlap warning's query (src/api/runs/overlappingRuns.ts).
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedAll } from "../../db/seed";
import { listRunPage } from "../../src/api/runs/paging";
import { seedRaidRuns } from "./seedRuns";
import { overlappingRuns } from "../../src/api/runs/overlappingRuns";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL to a PostgreSQL server (a scratch database is created there)");
const name = `runboard_explain_${process.pid}`;
const admin = postgres(url, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const u = new URL(url);
u.pathname = `/${name}`;
const client = postgres(u.toString(), { max: 1, onnotice: () => {} });
let captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(client, { schema, logger: { logQuery: (query, params) => { captured.push({ query, params }); } } }) as unknown as Db;
try {
  await migrate({ db, kind: "postgres" });
  await seedAll(db, { password: "explain-only-Password1" });
  await seedRaidRuns(db, 100_000);
  await client.unsafe("vacuum analyze");
  const now = new Date();
  for (const [label, q] of [["first page, default order", undefined], ["search q=4999", "4999"], ["search q=frost (a booster)", "frost"]] as const) {
    captured = [];
    await listRunPage(db, "raid", { gameId: 1 }, { page: 1, pageSize: 50, order: "asc", filters: {}, ...(q ? { q } : {}) }, now);
    console.log(`\n=== ${label}`);
    for (const c of captured.filter((c) => /"raid_runs"/.test(c.query) && !/json_build_array|lateral/.test(c.query))) {
      const plan = await client.unsafe(`explain (analyze, costs off, timing on) ${c.query}`, c.params as never[]);
      console.log(`-- ${c.query.slice(0, 160)}…`);
      for (const row of plan) console.log(`   ${row["QUERY PLAN"]}`);
    }
  }
  // The overlap warning: one booster's available runs around a start, in all three tables.
  captured = [];
  const [b] = await client.unsafe("select booster_id from raid_runs group by booster_id limit 1");
  await overlappingRuns(db, b!.booster_id as number, [{ kind: "raid", startsAt: new Date(now.getTime() + 48 * 3_600_000) }]);
  console.log("\n=== overlap warning");
  for (const c of captured) {
    const plan = await client.unsafe(`explain (analyze, costs off, timing on) ${c.query}`, c.params as never[]);
    for (const row of plan) console.log(`   ${row["QUERY PLAN"]}`);
  }
} finally {
  await client.end();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
