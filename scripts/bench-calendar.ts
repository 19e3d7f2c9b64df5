// Cold render time (the first request after a write: read model current, page cache empty)
// of the raid calendar with 300 public runs, in production mode:
// `bun scripts/bench-calendar.ts` (in-memory PGlite) or with DATABASE_URL set (a fresh
// database on that PostgreSQL server, dropped afterwards). Reference data and 300 raid runs
// over the next 14 days, then GET /game/mop-raid-calendar through app.handle 200 times
// (after a warm-up); prints the median and p95, for the default view (runs spread over 2
// regions and 5 raids) and for a view showing all 300 cards, plus the read model's rebuild
// and the calendar's subscription feed for the same two views.
process.env.NODE_ENV = "production"; // before React loads: its development build is 3-4x slower

const { tmpdir } = await import("node:os");
const { join } = await import("node:path");
const { eq } = await import("drizzle-orm");
const { openDb } = await import("../db/client");
const { migrate } = await import("../db/migrate");
const { seedDemoAccounts, seedReference } = await import("../db/seed");
const { boosters, factions, raidRuns, raids, runClassRestrictions } = await import("../db/schema");
const { createApp } = await import("../src/app");
const { parseConfig } = await import("../src/config/appConfig");
const { freshSecrets } = await import("../src/config/secretRules");
const { buildAssets } = await import("./build");
const { DIFFICULTIES, GAME_IDS, GAMEPLAY_TYPES, SERVICE_TYPES } = await import("../src/shared/enums");

const RUNS = 300;
const ROUNDS = 200;
const now = new Date();

const { loadSnapshot } = await import("../src/readModel/model");

// A fresh database: on the PostgreSQL server DATABASE_URL names, else in-memory PGlite.
const serverUrl = process.env.DATABASE_URL;
const dbName = `runboard_bench_${process.pid}`;
async function admin(sql: string) {
  const { default: postgres } = await import("postgres");
  const a = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await a.unsafe(sql);
  await a.end();
}
let url: string | undefined;
if (serverUrl) {
  await admin(`create database "${dbName}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const handle = await openDb(url ? { databaseUrl: url, max: 4 } : { dataDir: "memory://" });
await migrate(handle);
const { db } = handle;
await seedReference(db);
await seedDemoAccounts(db, "Runboard123");
const [booster] = await db.select({ id: boosters.id }).from(boosters).limit(1);
const raidRows = await db.select({ id: raids.id }).from(raids).where(eq(raids.gameId, GAME_IDS.raid)).orderBy(raids.id);
const factionRows = await db.select().from(factions).where(eq(factions.gameId, GAME_IDS.raid));

await db.transaction(async (tx) => {
  const rows = Array.from({ length: RUNS }, (_, i) => {
    const region = i % 2 ? "US" as const : "EU" as const;
    const regionFactions = factionRows.filter((f) => f.region === region);
    return {
      gameId: GAME_IDS.raid, boosterId: booster!.id, region, raidId: raidRows[Math.floor(i / 2) % raidRows.length]!.id,
      factionId: regionFactions[Math.floor(i / 10) % regionFactions.length]!.id, difficulty: DIFFICULTIES[i % 4]!,
      gameplayType: GAMEPLAY_TYPES[i % 3]!, startsAt: new Date(now.getTime() + 3_600_000 + i * (14 * 86_400_000 / RUNS)),
      timezone: region === "EU" ? "CET" as const : "EST" as const,
    };
  });
  const inserted = await tx.insert(raidRuns).values(rows).returning({ id: raidRuns.id });
  // Two in five runs carry class restrictions.
  await tx.insert(runClassRestrictions).values(inserted.filter((_, i) => i % 5 < 2).flatMap((r, i) => [
    { runId: r.id, wowClass: "Paladin", specs: ["Healer", "Tank"], serviceType: SERVICE_TYPES[i % 4]! },
    { runId: r.id, wowClass: "Mage", specs: ["Caster DPS"], serviceType: SERVICE_TYPES[(i + 1) % 4]! },
  ]));
});

const distDir = join(tmpdir(), `runboard-bench-${process.pid}`);
const manifest = await buildAssets({ outDir: distDir, quiet: true });
const config = parseConfig({ NODE_ENV: "production", ...freshSecrets(), PUBLIC_ORIGIN: "http://localhost:3000" });
const deps = { db, config, clock: () => now, manifest };
const app = createApp(deps, { distDir });
const { readPath } = await import("../src/readModel/readPath");

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
const p95 = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length * 0.95)]!; };

/** Cold: the page cache is emptied before every request (the read model stays current), as after a write. */
async function bench(label: string, path: string, headers: Record<string, string> = {}) {
  const request = () => {
    readPath(deps).pages.clear();
    return app.handle(new Request(`http://localhost${path}`, { headers }));
  };
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  let cards = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    const res = await request();
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    bytes = body.byteLength;
    if (!headers["accept-encoding"]) cards = (new TextDecoder().decode(body).match(/class="card run-card"|BEGIN:VEVENT/g) ?? []).length;
  }
  console.log(`${label}: median ${median(times).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms over ${ROUNDS} renders` +
    ` (${(bytes / 1024).toFixed(1)} KiB${headers["accept-encoding"] ? ` ${headers["accept-encoding"].split(",")[0]}` : `, ${cards} cards or events`})`);
}

const html = await (await app.handle(new Request("http://localhost/game/mop-raid-calendar"))).text();
const props = /data-island-props="i\d+">([^<]*)<\/script>/.exec(html)![1]!;
console.log(`NODE_ENV=${process.env.NODE_ENV}, ${handle.kind}, ${RUNS} public raid runs; island props ${(props.length / 1024).toFixed(1)} KiB raw, ` +
  `${(Bun.gzipSync(new TextEncoder().encode(props)).byteLength / 1024).toFixed(1)} KiB gzip`);
const loads: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const t0 = performance.now();
  await loadSnapshot(db, { all: false, field: "visible" }, now, i);
  loads.push(performance.now() - t0);
}
console.log(`read model rebuild (every public list, counts, refs): median ${median(loads).toFixed(2)} ms`);
await bench("cold render, default view, uncompressed", "/game/mop-raid-calendar");
await bench("cold render, default view, as a browser gets it", "/game/mop-raid-calendar", { "accept-encoding": "br, gzip" });
await bench("cold calendar feed (.ics), default view", "/calendars/mop-raid-calendar.ics");

// Every run in one view: the most cards a 300-run calendar can render.
const [msv] = raidRows;
const [euAlliance] = factionRows.filter((f) => f.region === "EU");
await db.update(raidRuns).set({ region: "EU", raidId: msv!.id, factionId: euAlliance!.id });
(await import("../db/changes")).everythingChanged(); // written behind the app's back
await bench("cold render, all 300 runs in view, uncompressed", "/game/mop-raid-calendar");
await bench("cold render, all 300 runs in view, as a browser gets it", "/game/mop-raid-calendar", { "accept-encoding": "br, gzip" });
await bench("cold calendar feed (.ics), all 300 runs", "/calendars/mop-raid-calendar.ics");

await handle.close();
if (serverUrl) await admin(`drop database if exists "${dbName}" with (force)`);
