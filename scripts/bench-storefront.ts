// Issue #28's storefront figure against the real server in production mode: 200 parallel
// signed `paid` orders of quantity 1 on a run with 10 places, 50 of them repeats of an order
// already in flight. Checks afterwards, from the database: places taken exactly 10, every
// distinct order recorded once, 140 flagged overbooked. Beside it, the baseline: the same 200
// deliveries one after another on a fresh run (what one delivery costs without a queue).
// PGlite always; PostgreSQL too when DATABASE_URL names a server (a scratch database is made
// and dropped). `bun scripts/bench-storefront.ts`.
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { openDb, type DbHandle } from "../db/client";
import { boosters, factions, raidRuns, raids, storefrontOrders } from "../db/schema";
import { seedAll } from "../db/seed";
import { freshSecrets } from "../src/config/secretRules";
import { signatureHeader } from "../src/http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../src/shared/storefront";
import { GAME_IDS } from "../src/shared/enums";
import { pgliteDataDir, postgresDatabase } from "../src/testing/template";

const root = resolve(import.meta.dir, "..");
const SECRETS = freshSecrets();
const WEBHOOK_SECRET = freshSecrets().JWT_SECRET;

/** A raid run starting tomorrow with `spots` places, straight into the seeded database. */
async function makeRun(h: DbHandle, spots: number): Promise<{ id: number; displayId: string }> {
  const [booster] = await h.db.select({ id: boosters.id }).from(boosters).orderBy(asc(boosters.id)).limit(1);
  const [raid] = await h.db.select({ id: raids.id }).from(raids).orderBy(asc(raids.id)).limit(1);
  const [faction] = await h.db.select({ id: factions.id }).from(factions).where(eq(factions.gameId, GAME_IDS.raid)).orderBy(asc(factions.id)).limit(1);
  const [run] = await h.db.insert(raidRuns).values({
    gameId: GAME_IDS.raid, boosterId: booster!.id, raidId: raid!.id, factionId: faction!.id, difficulty: "normal_10", region: "EU",
    startsAt: new Date(Date.now() + 86_400_000), spots,
  }).returning({ id: raidRuns.id });
  const displayId = `MOP-${run!.id}`;
  await h.db.update(raidRuns).set({ displayId }).where(eq(raidRuns.id, run!.id));
  return { id: run!.id, displayId };
}

async function startServer(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const full: Record<string, string> = {
    ...(process.env as Record<string, string>), NODE_ENV: "production", ...SECRETS, STOREFRONT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent", ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: root, env: full, stdout: "ignore", stderr: "inherit" });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try { if ((await fetch(`${origin}/healthz`)).ok) break; } catch { /* not yet */ }
    await Bun.sleep(50);
  }
  return { origin, stop: async () => { proc.kill(); await proc.exited; } };
}

/** 150 distinct orders, every third sent a second time: 200 deliveries. */
const DELIVERIES = (() => {
  const distinct = Array.from({ length: 150 }, (_, i) => `ord-${i}`);
  return [...distinct, ...distinct.filter((_, i) => i % 3 === 0)];
})();

async function deliver(origin: string, run: string, orderId: string): Promise<number> {
  const body = JSON.stringify({ orderId, run, quantity: 1, status: "paid" });
  const res = await fetch(origin + STOREFRONT_ORDERS_PATH, {
    method: "POST", body, headers: { "content-type": "application/json", "runboard-signature": signatureHeader(WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body) },
  });
  await res.arrayBuffer();
  return res.status;
}

type Outcome = { ms: number; statuses: number[] };
async function parallel(origin: string, run: string, prefix: string): Promise<Outcome> {
  const t0 = performance.now();
  const statuses = await Promise.all(DELIVERIES.map((o) => deliver(origin, run, `${prefix}${o}`)));
  return { ms: performance.now() - t0, statuses };
}
async function sequential(origin: string, run: string, prefix: string): Promise<Outcome> {
  const t0 = performance.now();
  const statuses: number[] = [];
  for (const o of DELIVERIES) statuses.push(await deliver(origin, run, `${prefix}${o}`));
  return { ms: performance.now() - t0, statuses };
}

async function verdict(h: DbHandle, run: { id: number; displayId: string }): Promise<string> {
  const [r] = await h.db.select({ taken: raidRuns.spotsTaken }).from(raidRuns).where(eq(raidRuns.id, run.id));
  const [o] = await h.db.select({
    n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${storefrontOrders.orderId})::int`,
    counted: sql<number>`coalesce(sum(${storefrontOrders.counted}), 0)::int`, flagged: sql<number>`(count(*) filter (where ${storefrontOrders.overbooked} > 0))::int`,
  }).from(storefrontOrders).where(eq(storefrontOrders.run, run.displayId));
  const ok = r!.taken === 10 && o!.n === 150 && o!.distinct === 150 && o!.counted === 10 && o!.flagged === 140;
  return `places taken ${r!.taken}/10, orders recorded ${o!.n} (${o!.distinct} distinct), counted ${o!.counted}, flagged overbooked ${o!.flagged} → ${ok ? "OK" : "WRONG"}`;
}

const line = (name: string, kind: string, out: Outcome) => {
  const bad = out.statuses.filter((s) => s !== 200).length;
  return `${name.padEnd(11)} ${kind.padEnd(10)} 200 deliveries in ${out.ms.toFixed(0).padStart(5)} ms (${(200_000 / out.ms).toFixed(0)}/s), non-200: ${bad}`;
};

async function measure(name: string, open: () => Promise<DbHandle>, serverEnv: Record<string, string>, closeForServer: boolean): Promise<void> {
  let h = await open();
  await seedAll(h.db, { password: "Runboard123" });
  const racing = await makeRun(h, 10);
  const queued = await makeRun(h, 10);
  if (closeForServer) await h.close(); // PGlite: one process at a time owns the folder
  const server = await startServer(serverEnv);
  let p: Outcome;
  let s: Outcome;
  try {
    await deliver(server.origin, "MOP-999999999", "warm-up"); // a 404: warms the route without touching the runs
    s = await sequential(server.origin, queued.displayId, "s-");
    p = await parallel(server.origin, racing.displayId, "p-");
  } finally {
    await server.stop();
  }
  if (closeForServer) h = await open();
  console.log(line(name, "sequential", s));
  console.log(line(name, "parallel", p));
  console.log(`${"".padEnd(11)} parallel:  ${await verdict(h, racing)}`);
  await h.close();
}

const dir = await pgliteDataDir("bench-storefront");
try {
  await measure("PGlite", () => openDb({ dataDir: dir }), { DATA_DIR: dir }, true);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const db = await postgresDatabase(process.env.DATABASE_URL, `runboard_bench_storefront_${process.pid}`);
  try {
    await measure("PostgreSQL", () => openDb({ databaseUrl: db.url, max: 2 }), { DATABASE_URL: db.url }, false);
  } finally {
    await db.drop();
  }
}
