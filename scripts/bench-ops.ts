// Cost of the request log and metrics: wrk against the raid calendar page of the real
// server in production mode, with them (LOG_LEVEL=info to a file, METRICS_TOKEN set) and
// without (LOG_LEVEL=silent, no token: the observer is not installed), alternating
// A/B/A/B on one seeded PGlite data folder. `bun scripts/bench-ops.ts` (BENCH_SECONDS,
// BENCH_ROUNDS=0 for the in-process part only); needs wrk.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { seedAll } from "../db/seed";

const root = resolve(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "runboard-bench-ops-"));
const PATH = "/game/mop-raid-calendar";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
if (!Bun.which("wrk")) throw new Error("wrk is not installed (apt-get install wrk)");

const h = await openDb({ dataDir: work });
await migrate(h);
await seedAll(h.db, { password: "Runboard123" });
await h.close();

async function measure(observed: boolean): Promise<number> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const logFile = join(work, "requests.log");
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>), NODE_ENV: "production", JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    DATA_DIR: work, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: observed ? "info" : "silent",
  };
  delete env.DATABASE_URL;
  if (observed) env.METRICS_TOKEN = "bench-metrics-token-0123456789";
  else delete env.METRICS_TOKEN;
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: root, env, stdout: Bun.file(logFile), stderr: "inherit" });
  for (;;) {
    try { if ((await fetch(`http://127.0.0.1:${port}${PATH}`)).ok) break; } catch { /* not yet */ }
    await Bun.sleep(50);
  }
  await Bun.$`wrk -t2 -c16 -d2s http://127.0.0.1:${port}${PATH}`.quiet(); // warm-up
  const out = (await Bun.$`wrk -t2 -c16 -d${SECONDS}s http://127.0.0.1:${port}${PATH}`.quiet()).stdout.toString();
  proc.kill("SIGTERM");
  await proc.exited;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: .*/.exec(out)?.[0];
  if (errors) console.log(`  ${observed ? "with" : "without"}: ${errors}`);
  if (observed) console.log(`  log: ${(statSync(logFile).size / 1024).toFixed(0)} KiB`);
  return rps;
}

const withOps: number[] = [];
const without: number[] = [];
for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 2); i++) {
  without.push(await measure(false));
  withOps.push(await measure(true));
}
rmSync(work, { recursive: true, force: true });
const best = (xs: number[]) => Math.max(...xs);
const overhead = (1 - best(withOps) / best(without)) * 100;
console.log(`${PATH}, wrk -t2 -c16 ${SECONDS}s, best of 2 each:`);
console.log(`  without log and metrics: ${best(without).toFixed(0)} req/s (${without.map((x) => x.toFixed(0)).join(", ")})`);
console.log(`  with log and metrics:    ${best(withOps).toFixed(0)} req/s (${withOps.map((x) => x.toFixed(0)).join(", ")})`);
console.log(`  overhead: ${overhead.toFixed(1)} % (target: at most 5 %)`);

// The page cache (issue 10) will answer in microseconds, so also the observer's own cost
// per request: app.handle on a route returning a fixed 27 KB page, with and without it.
{
  const { Elysia } = await import("elysia");
  const { requestObserver } = await import("../src/ops/requestLog");
  const { createLogger } = await import("../src/ops/logger");
  const { metrics } = await import("../src/ops/metrics");
  const page = "x".repeat(27_000);
  const logger = createLogger({ logLevel: "info", prettyLogs: false, shutdownGraceMs: 0 }, { write: () => {} });
  const { security } = await import("../src/http/security");
  // Both carry the security headers every real response has.
  const plain = new Elysia().use(security(true)).get("/game/:slug", () => new Response(page, { headers: { "content-type": "text/html" } }));
  const observed = new Elysia().use(security(true)).use(requestObserver(logger, metrics)).get("/game/:slug", () => new Response(page, { headers: { "content-type": "text/html" } }));
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

// Cached public pages skip Elysia and are observed by earlyObserver in the fetch handler:
// its CPU cost per request (plus the page-cache hit counter) against the bare answer.
{
  const { earlyObserver } = await import("../src/ops/requestLog");
  const { createLogger } = await import("../src/ops/logger");
  const { metrics } = await import("../src/ops/metrics");
  const logger = createLogger({ logLevel: "info", prettyLogs: false, shutdownGraceMs: 0 }, { write: () => {} });
  const observe = earlyObserver(logger, metrics);
  const body = new TextEncoder().encode("x".repeat(27_000));
  const headers = { "content-type": "text/html; charset=utf-8", etag: '"abc"', "cache-control": "public, max-age=0" };
  const bare = () => new Response(body, { headers });
  const observed = (r: Request) => {
    metrics.pageCache.hit();
    return observe(r, performance.now(), { response: bare(), route: "/game/:slug" });
  };
  const N = 200_000;
  const perRequest = (answer: (r: Request) => Response) => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) answer(new Request("http://localhost/game/mop-raid-calendar"));
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / N;
  };
  perRequest(bare);
  perRequest(observed);
  const a = Math.min(perRequest(bare), perRequest(bare));
  const b = Math.min(perRequest(observed), perRequest(observed));
  console.log(`in-process, cached-page fast path: ${a.toFixed(2)} µs CPU/request bare, ${b.toFixed(2)} µs observed (+${(b - a).toFixed(2)} µs)`);
}
