// `bun scripts/bench-bulk.ts`: the figures for repeat and bulk scheduling, in process
// (the app's handler, no network) on PGlite, or on PostgreSQL when DATABASE_URL is set.
//  (1) POST /api/runs with 26 scheduledDates (one request creates 26 raid runs with class
//      restrictions): median of 15. Target <= 300 ms on PGlite.
//  (2) POST /api/runs/bulk on 500 runs: shift by one day, expire, delete, and each undo:
//      median of 5 each. Target <= 1 s.
// Answers are not checked against their schemas (as in production: src/http/contract.ts).
process.env.NODE_ENV = "production";
const { makeTestApp } = await import("../src/testing/app");
const { resetDb, closeTestDb } = await import("../src/testing/db");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

const t = await makeTestApp();
await resetDb();
const cookie = await t.cookieFor("owner@example.com");
type Answer = { runs: { id: number }[]; undoToken: string };
async function call(method: string, path: string, body?: unknown): Promise<{ ms: number; body: Answer }> {
  const t0 = performance.now();
  const res = await t.request(method, path, { body, cookie });
  const json = (await res.json()) as Answer;
  const took = performance.now() - t0;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: took, body: json };
}

const dates = (year: number) => Array.from({ length: 26 }, (_, i) => {
  const d = new Date(Date.UTC(year, 0, 4 + 7 * i));
  return `${d.toISOString().slice(0, 10)} 20:00`;
});
const body = (year: number) => ({
  gameId: 1, boosterId: 1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1, gameplayType: "pilot",
  classRestrictions: [{ wowClass: "Mage", specs: ["Caster DPS"], serviceType: "1 Item Guaranteed" }], timezone: "CET", scheduledDates: dates(year),
});

// (1) 15 measured repeats after 3 warm-ups, each on other dates.
const repeat: number[] = [];
const ids: number[] = [];
for (let i = 0; i < 18; i++) {
  const r = await call("POST", "/api/runs", body(2030 + i));
  if (i >= 3) repeat.push(r.ms);
  ids.push(...r.body.runs.map((run) => run.id));
}
// Top up to 500 runs for the bulk actions.
for (let y = 2050; ids.length < 500; y++) ids.push(...(await call("POST", "/api/runs", body(y))).body.runs.map((run) => run.id));
const five = ids.slice(0, 500);

const bulk: Record<string, number[]> = { shift: [], "shift undo": [], expire: [], "expire undo": [], delete: [], "delete undo": [] };
for (let i = 0; i < 6; i++) {
  for (const action of ["shift", "expire", "delete"] as const) {
    const done = await call("POST", "/api/runs/bulk", { action, ids: five, ...(action === "shift" ? { days: 1 } : {}) });
    const undone = await call("POST", `/api/runs/bulk/undo/${done.body.undoToken}`);
    if (i > 0) {
      bulk[action]!.push(done.ms);
      bulk[`${action} undo`]!.push(undone.ms);
    }
  }
}

console.log(`Database: ${database}`);
console.log(`(1) 26 repeated runs in one request: median ${ms(median(repeat))} (target <= 300 ms) ${median(repeat) <= 300 ? "ok" : "OVER TARGET"}`);
for (const [name, xs] of Object.entries(bulk)) {
  console.log(`(2) bulk ${name} on 500 runs: median ${ms(median(xs))} (target <= 1000 ms) ${median(xs) <= 1000 ? "ok" : "OVER TARGET"}`);
}
await closeTestDb();
