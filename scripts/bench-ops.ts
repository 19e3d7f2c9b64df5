// Cost of the request log and metrics: wrk against the raid calendar page of the real
// server in production mode, with them (LOG_LEVEL=info, METRICS_TOKEN set; the log to a file,
// and to /dev/null) and without (LOG_LEVEL=silent, no token: the observer is not installed).
// Each round starts the three servers afresh, each on its own copy of one seeded PGlite data
// folder, warms them, measures each twice (A B C C B A, the order turning each round) and
// stops them. Fresh servers each round, because two processes of the same build differ by up
// to ~10 % for their whole lifetime (memory layout, the JIT's choices): with one server per
// side that difference, not the log's cost, decided the result. The overhead is the median of
// the rounds' ratios. `bun scripts/bench-ops.ts` (BENCH_SECONDS per run, BENCH_ROUNDS rounds;
// BENCH_ROUNDS=0 for the in-process part only); needs wrk.
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { seedAll } from "../db/seed";
import { freshSecrets } from "../src/config/secretRules";
import { fmt, median, pinned, wrk, type WrkResult } from "./bench/wrk";

const root = resolve(import.meta.dir, "..");
const SECRETS = freshSecrets();
const work = mkdtempSync(join(tmpdir(), "runboard-bench-ops-"));
const PATH = "/game/mop-raid-calendar";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
if (ROUNDS > 0 && !Bun.which("wrk")) throw new Error("wrk is not installed (apt-get install wrk)");

const seeded = join(work, "seeded");
const h = await openDb({ dataDir: seeded });
await migrate(h);
await seedAll(h.db, { password: "Runboard123" });
await h.close();

type Kind = "without" | "file" | "null";
const KINDS: Kind[] = ["without", "file", "null"];
for (const kind of KINDS) cpSync(seeded, join(work, kind), { recursive: true });
const logFile = join(work, "requests.log");

/**
 * A production server on its kind's copy of the seeded data (pinned to core 0; wrk runs on
 * core 1): without the log and metrics, or with them and the log to a file or to /dev/null
 * (the log's cost without the file system's).
 */
async function start(kind: Kind): Promise<{ url: string; proc: Bun.Subprocess }> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const observed = kind !== "without";
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>), NODE_ENV: "production", ...SECRETS,
    DATA_DIR: join(work, kind), PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: observed ? "info" : "silent",
  };
  delete env.DATABASE_URL;
  if (observed) env.METRICS_TOKEN = "bench-metrics-token-0123456789";
  else delete env.METRICS_TOKEN;
  const out = kind === "file" ? Bun.file(logFile) : Bun.file("/dev/null");
  const proc = Bun.spawn(pinned(["bun", "src/server.ts"]), { cwd: root, env, stdout: out, stderr: "inherit" });
  const url = `http://127.0.0.1:${port}${PATH}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try { if ((await fetch(url)).ok) break; } catch { /* not yet */ }
    await Bun.sleep(50);
  }
  return { url, proc };
}

/** Two runs of equal length as one: their mean req/s, and CPU per request over both. */
const combined = (a: WrkResult, b: WrkResult): WrkResult => ({
  ...a, rps: (a.rps + b.rps) / 2, requests: a.requests + b.requests,
  cpu: (a.cpu! * a.requests + b.cpu! * b.requests) / (a.requests + b.requests), errors: a.errors ?? b.errors,
});

if (ROUNDS > 0) {
  const runs: Record<Kind, WrkResult[]> = { without: [], file: [], null: [] };
  const opts = { threads: 1, connections: 16, cpu: 1 };
  for (let round = 0; round < ROUNDS; round++) {
    const servers = await Promise.all(KINDS.map(start));
    // Warm-up: caches, and the JIT's optimising tiers, whose compiler threads share the
    // servers' core; 1 s left compiling in the measured runs, more of it in the servers with
    // the log and metrics (more code) than in the one without.
    for (const s of servers) wrk(s.url, { ...opts, seconds: 2 });
    // Each server twice, in an order and then its reverse (A B C C B A), so that the machine's
    // drift within the round falls on all three alike; the round's figure combines both runs.
    const order = KINDS.map((_, i) => (i + round) % KINDS.length);
    const measured = new Map<number, WrkResult[]>();
    for (const i of [...order, ...order.toReversed()]) {
      measured.set(i, [...(measured.get(i) ?? []), wrk(servers[i]!.url, { ...opts, seconds: SECONDS, pid: servers[i]!.proc.pid })]);
    }
    for (const [i, [a, b]] of measured) runs[KINDS[i]!].push(combined(a!, b!));
    for (const s of servers) {
      s.proc.kill("SIGTERM");
      await s.proc.exited;
    }
  }
  for (const r of Object.values(runs).flat()) if (r.errors) console.log(`  errors: ${r.errors}`);
  const list = (xs: WrkResult[]) => xs.map((x) => `${fmt(x.rps)} (${x.cpu?.toFixed(1)} µs)`).join(", ");
  const row = (label: string, xs: WrkResult[]) => `  ${label}: median ${fmt(median(xs.map((x) => x.rps)))} req/s, ${median(xs.map((x) => x.cpu!)).toFixed(1)} µs CPU/request (${list(xs)})`;
  // Per round: with against without, both measured within seconds of each other.
  const overhead = (xs: WrkResult[]) => {
    const rps = median(xs.map((x, i) => x.rps / runs.without[i]!.rps));
    const cpu = median(xs.map((x, i) => x.cpu! / runs.without[i]!.cpu!));
    return `${((1 - rps) * 100).toFixed(1)} % req/s, ${((cpu - 1) * 100).toFixed(1)} % CPU per request`;
  };
  console.log(`${PATH}, server on core 0, wrk -t1 -c16 on core 1, ${ROUNDS} rounds of fresh servers each measured 2 × ${SECONDS} s, req/s (server CPU per request); load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}:`);
  console.log(row("without log and metrics   ", runs.without));
  console.log(`${row("with, the log to a file   ", runs.file)}; log ${(statSync(logFile).size / 1024).toFixed(0)} KiB`);
  console.log(row("with, the log to /dev/null", runs.null));
  console.log(`  overhead, median of the rounds (target: at most 5 % req/s): log to a file ${overhead(runs.file)}; log to /dev/null ${overhead(runs.null)}`);
}

// In process, the log goes where the server's goes, a LineSink (here on /dev/null).
const { LineSink } = await import("../src/ops/lineSink");
const devNull = new LineSink(openSync("/dev/null", "w"));

// The page cache will answer in microseconds, so also the observer's own cost
// per request: app.handle on a route returning a fixed 27 KB page, with and without it.
{
  const { Elysia } = await import("elysia");
  const { requestObserver } = await import("../src/ops/requestLog");
  const { createLogger } = await import("../src/ops/logger");
  const { metrics } = await import("../src/ops/metrics");
  const page = "x".repeat(27_000);
  const logger = createLogger({ logLevel: "info", prettyLogs: false, shutdownGraceMs: 0 }, devNull);
  const { security } = await import("../src/http/security");
  // Both carry the security headers every real response has.
  const plain = new Elysia().use(security({ production: true, embedOrigins: ["*"] })).get("/game/:slug", () => new Response(page, { headers: { "content-type": "text/html" } }));
  const observed = new Elysia().use(security({ production: true, embedOrigins: ["*"] })).use(requestObserver(logger, metrics)).get("/game/:slug", () => new Response(page, { headers: { "content-type": "text/html" } }));
  const N = 50_000;
  // CPU time, not wall time: the machine is shared, and CPU time is what the observer takes from a core.
  const perRequest = async (app: { handle: (r: Request) => Promise<Response> }) => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await (await app.handle(new Request("http://localhost/game/mop-raid-calendar"))).arrayBuffer();
    await new Promise((r) => setImmediate(r));
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / N;
  };
  await perRequest(plain);
  await perRequest(observed);
  const a = Math.min(await perRequest(plain), await perRequest(plain));
  const b = Math.min(await perRequest(observed), await perRequest(observed));
  console.log(`in-process, fixed 27 KB page: ${a.toFixed(1)} µs CPU/request without, ${b.toFixed(1)} µs with the observer (+${(b - a).toFixed(1)} µs)`);
}

// Cached public pages are answered in the server's fetch handler (src/public/fastPath.ts),
// which logs and counts them itself: the real fast path's CPU per request, in-process on
// the seeded database, with the log and metrics (JSON lines to /dev/null) and
// without (LOG_LEVEL=silent, no METRICS_TOKEN: nothing observed).
{
  process.env.NODE_ENV = "production";
  const { createApp } = await import("../src/app");
  const { parseConfig } = await import("../src/config/appConfig");
  const { createLogger } = await import("../src/ops/logger");
  const { answerCached } = await import("../src/public/fastPath");
  const { readManifest } = await import("../src/render/manifest");
  const { buildAssets } = await import("../src/render/bundle");
  const db = await openDb({ dataDir: seeded });
  const manifest = readManifest() ?? (await buildAssets({ quiet: true }));
  const answerer = (observed: boolean) => {
    const config = parseConfig({
      NODE_ENV: "production", ...SECRETS, PUBLIC_ORIGIN: "http://127.0.0.1:1",
      LOG_LEVEL: observed ? "info" : "silent", ...(observed ? { METRICS_TOKEN: "bench-metrics-token-0123456789" } : {}),
    });
    const deps = { db: db.db, config, clock: () => new Date(), manifest, logger: createLogger(config.ops, devNull) };
    return { app: createApp(deps), answer: answerCached(deps) };
  };
  const bare = answerer(false);
  const observed = answerer(true);
  const url = `http://127.0.0.1:1${PATH}`;
  for (const { app } of [bare, observed]) for (let i = 0; i < 2; i++) await (await app.handle(new Request(url))).arrayBuffer(); // fills the caches
  const N = 200_000;
  const perRequest = ({ answer }: typeof bare) => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) if (!answer(new Request(url))) throw new Error("not a cache hit");
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / N;
  };
  perRequest(bare);
  perRequest(observed);
  const a = Math.min(perRequest(bare), perRequest(bare), perRequest(bare));
  const b = Math.min(perRequest(observed), perRequest(observed), perRequest(observed));
  console.log(`in-process, cached-page fast path (incl. ~0.15 µs creating the Request): ${a.toFixed(2)} µs CPU/request bare, ${b.toFixed(2)} µs observed (+${(b - a).toFixed(2)} µs)`);
  await db.close();
}
rmSync(work, { recursive: true, force: true });
