// The public read path under load (`bun run bench` runs it; alone: `bun scripts/bench-readpath.ts`,
// add `--baseline /path/to/other/checkout` to measure that checkout's pages too, e.g. main).
// Production mode, loopback, `wrk -t1 -c32`; every page is compared with a plain Bun.serve
// answering the very same body (the yardstick) and, for reference, with one that also
// sends the product's very headers (what the security headers cost a static server too).
// Servers run side by side and are measured in BENCH_ROUNDS alternating pairs of
// BENCH_SECONDS runs; a ratio is the median of the pairs (scripts/bench/wrk.ts). With
// DATABASE_URL it also measures 2 processes against 1 (and the most two cores shared with wrk
// allow) and how long a write takes to show in another process. `--pages-only` measures just
// the public pages (and the baseline's). Each row also gives the server's CPU time per request.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freshSecrets } from "../src/config/secretRules";
import { compare, fmt, median, pinned, wrk, type Comparison, type WrkResult } from "./bench/wrk";
import { childrenOf, limitCpu, quotaProblem, removeQuotas } from "./bench/cpuQuota";

const root = resolve(import.meta.dir, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECRETS = freshSecrets();
const PASSWORD = "Runboard123";
// --pages-only: just the page comparisons (no junk-query memory run, no PostgreSQL part).
const pagesOnly = process.argv.includes("--pages-only");
const baselineIdx = process.argv.indexOf("--baseline");
const baseline = baselineIdx > 0 ? process.argv[baselineIdx + 1] : undefined;
const tmp = mkdtempSync(join(tmpdir(), "runboard-readpath-"));
let nextPort = 4900 + Math.floor(Math.random() * 400);
const procs: Bun.Subprocess[] = [];

type Server = { origin: string; proc: Bun.Subprocess };

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error(`${url} did not come up`);
}

/** A production server; pinned to core 0 (wrk runs on core 1) unless WORKERS is set (the scale-out comparison). */
async function start(cwd: string, env: Record<string, string>, pin = !env.WORKERS): Promise<Server> {
  const port = nextPort++;
  const cmd = ["bun", "src/server.ts"];
  const proc = Bun.spawn(pin ? pinned(cmd) : cmd, {
    cwd, stdout: "ignore", stderr: "inherit",
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...SECRETS, HOST: "127.0.0.1", PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env },
  });
  procs.push(proc);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`);
  return { origin, proc };
}

async function stop(s: Server | { proc: Bun.Subprocess }): Promise<void> {
  s.proc.kill();
  await s.proc.exited;
}

function seed(cwd: string, env: Record<string, string>): void {
  // A baseline checkout from before scripts/seed.ts seeds through db/seed.ts.
  const script = existsSync(join(cwd, "scripts/seed.ts")) ? "scripts/seed.ts" : "db/seed.ts";
  const p = Bun.spawnSync(["bun", script], { cwd, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...env }, stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`seed failed: ${p.stderr}`);
}

/** A plain Bun.serve answering `bytes` (with `headers`, or just the content type). */
async function staticServer(bytes: Uint8Array, headers?: Record<string, string>): Promise<Server> {
  const file = join(tmp, `body-${nextPort}.html`);
  writeFileSync(file, bytes);
  const env: Record<string, string> = { ...(process.env as Record<string, string>), BODY_FILE: file, PORT: String(nextPort) };
  if (headers) {
    env.HEADERS_FILE = join(tmp, `headers-${nextPort}.json`);
    writeFileSync(env.HEADERS_FILE, JSON.stringify(headers));
  }
  const origin = `http://127.0.0.1:${nextPort++}`;
  const proc = Bun.spawn(pinned(["bun", "scripts/bench-static.ts"]), { cwd: root, env, stdout: "ignore" });
  procs.push(proc);
  await waitFor(`${origin}/`);
  return { origin, proc };
}

async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

const rows: string[][] = [];
// The scale-out figure by quota: every server process gets QUOTA % of core 0 in a cgroup of its
// own and wrk runs on core 1 (scripts/bench/cpuQuota.ts).
const QUOTA = Number(process.env.BENCH_QUOTA ?? 40);

async function quotaScaling(DATABASE_URL: string, path: string): Promise<string> {
  const why = quotaProblem();
  if (why) return `not measured (${why})`;
  const one = await start(root, { DATABASE_URL, WORKERS: "1" }, true);
  const two = await start(root, { DATABASE_URL, WORKERS: "2" }, true);
  try {
    let workers: number[] = [];
    for (let i = 0; i < 100 && workers.length < 1; i++, await Bun.sleep(100)) workers = childrenOf(two.proc.pid!);
    if (workers.length !== 1) return `not measured (the second process of WORKERS=2 did not show: ${workers.length})`;
    await waitFor(`${two.origin}/`);
    limitCpu(one.proc.pid!, `runboard-bench-one-${process.pid}`, QUOTA);
    limitCpu(two.proc.pid!, `runboard-bench-two-a-${process.pid}`, QUOTA);
    limitCpu(workers[0]!, `runboard-bench-two-b-${process.pid}`, QUOTA);
    const c = compare({ url: two.origin + path, pid: two.proc.pid! }, { url: one.origin + path, pid: one.proc.pid! }, { ...OPTS, threads: 1, cpu: 1 });
    const wrkCpu = median(c.b.map((r) => r.wrkCpu));
    return `${fmt(median(c.a.map((r) => r.rps)))} vs ${fmt(median(c.b.map((r) => r.rps)))} req/s: ${c.rpsRatio.toFixed(2)}x (wrk ${wrkCpu.toFixed(1)} µs CPU per request on core 1, so it tops out near ${fmt(1e6 / wrkCpu)} req/s)`;
  } finally {
    await stop(one);
    await stop(two);
    removeQuotas();
  }
}
// One server on core 0, wrk on core 1 (see `pinned`).
const OPTS = { threads: 1, connections: 32, seconds: SECONDS, rounds: ROUNDS, cpu: 1 };

/** The product's response headers, as a static server would send them (Bun adds Date and Content-Length). */
function sameHeaders(res: Response): Record<string, string> {
  const h = Object.fromEntries([...res.headers].filter(([k]) => k !== "date" && k !== "content-length"));
  if (!h["x-request-id"]) h["x-request-id"] = crypto.randomUUID();
  return h;
}

/** The public pages of the issues against one server; returns its rows. */
async function pages(label: string, { origin, proc }: Server): Promise<void> {
  const booster = await signIn(origin, "booster@example.com");
  const cases: [string, string, Record<string, string>][] = [
    ["anonymous raid calendar", "/category/wow/mop-raid-calendar", {}],
    // Issue #30: a locale's page takes the same fast path as English (its cache key carries the prefix).
    ["anonymous raid calendar, German", "/de/category/wow/mop-raid-calendar", {}],
    ["anonymous /", "/", {}],
    ["raid calendar ?region=US", "/category/wow/mop-raid-calendar?region=US", {}],
    ["signed-in booster, raid calendar", "/category/wow/mop-raid-calendar", { cookie: booster }],
    // Issue #31: the embed as a storefront's loader asks for it (its theme and origin are part of the cache key).
    ["raid calendar embed", "/embed/calendars/mop-raid-calendar?theme=dark&origin=https%3A%2F%2Fshop.example.com", {}],
  ];
  for (const [name, path, headers] of cases) {
    // Uncompressed, as wrk asks (no Accept-Encoding).
    const res = await fetch(origin + path, { headers: { ...headers, "accept-encoding": "identity" } });
    if (res.status !== 200) {
      console.log(`${label} | ${name}: ${res.status}, not measured (a baseline without the page)`);
      continue;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const body = await staticServer(bytes);
    const whole = await staticServer(bytes, sameHeaders(res));
    const product = { url: origin + path, pid: proc.pid!, headers };
    const vsBody = compare(product, { url: `${body.origin}/`, pid: body.proc.pid! }, OPTS);
    const vsWhole = compare(product, { url: `${whole.origin}/`, pid: whole.proc.pid! }, OPTS);
    await stop(body);
    await stop(whole);
    // A page's figure sits near its target: three digits, and the pairs' range beside the median.
    const spread = (c: Comparison) => {
      const pairs = c.a.map((r, i) => r.rps / c.b[i]!.rps);
      return `${c.rpsRatio.toFixed(3)} (pairs ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)})`;
    };
    const cpu = (rs: WrkResult[]) => `${median(rs.map((r) => r.cpu ?? Number.NaN)).toFixed(1)} µs`;
    rows.push([
      label, name, `${(bytes.byteLength / 1024).toFixed(1)} KB`, fmt(median(vsBody.a.map((r) => r.rps))), fmt(median(vsBody.b.map((r) => r.rps))),
      spread(vsBody), `${cpu(vsBody.a)} vs ${cpu(vsBody.b)}`, `${vsWhole.rpsRatio.toFixed(2)} (${cpu(vsWhole.b)})`,
    ]);
    console.log(rows.at(-1)!.join(" | "));
  }
}

/** Memory under 100,000 distinct junk query strings (wrk Lua script numbering each request). */
async function junkMemory(product: Server): Promise<void> {
  const lua = join(tmp, "junk.lua");
  writeFileSync(lua, `n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, "/category/wow/mop-raid-calendar?junk" .. n .. "=" .. n .. "&region=" .. (n % 2 == 0 and "US" or "EU"))\nend\n`);
  const before = rssMb(product.proc.pid);
  let sent = 0;
  while (sent < 100_000) {
    const r = wrk(`${product.origin}/`, { script: lua, seconds: SECONDS });
    sent += r.rps * SECONDS;
  }
  const after = rssMb(product.proc.pid);
  console.log(`memory: RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ~${fmt(sent)} distinct junk query strings`);
  rows.push(["this branch, PGlite", `RSS after ~${fmt(sent)} distinct junk query strings`, "", `${before.toFixed(0)} MB -> ${after.toFixed(0)} MB`, "", "", "", ""]);
}

/** RSS of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

try {
  // ---- this checkout, PGlite
  const dataDir = join(tmp, "pglite");
  seed(root, { DATA_DIR: dataDir });
  const product = await start(root, { DATA_DIR: dataDir });
  await pages("this branch, PGlite", product);

  if (!pagesOnly) await junkMemory(product);
  await stop(product);

  // ---- the baseline checkout (e.g. main), PGlite, same pages
  if (baseline) {
    const baseDir = join(tmp, "pglite-baseline");
    seed(baseline, { DATA_DIR: baseDir });
    const base = await start(baseline, { DATA_DIR: baseDir });
    await pages(`baseline ${baseline}`, base);
    await stop(base);
  }

  // ---- PostgreSQL: 1 process vs 2, and a write seen by another process
  const serverUrl = pagesOnly ? undefined : process.env.DATABASE_URL;
  if (serverUrl) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const dbName = `runboard_bench_rp_${process.pid}`;
    await admin.unsafe(`create database "${dbName}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    const DATABASE_URL = u.toString();
    try {
      seed(root, { DATABASE_URL });
      const path = "/category/wow/mop-raid-calendar";
      const one = await start(root, { DATABASE_URL, WORKERS: "1" });
      const two = await start(root, { DATABASE_URL, WORKERS: "2" });
      await Bun.sleep(500); // the second process
      const c = compare({ url: two.origin + path, pid: two.proc.pid! }, { url: one.origin + path, pid: one.proc.pid! }, { ...OPTS, threads: 2, cpu: undefined });
      await stop(one);
      await stop(two);
      // Everything here is CPU-bound on two cores that wrk shares: N processes can serve at most
      // 2 cores / (server CPU + wrk CPU per request), however many there are.
      const serverCpu = median(c.b.map((r) => r.cpu ?? Number.NaN));
      const wrkCpu = median(c.b.map((r) => r.wrkCpu));
      const rps1 = median(c.b.map((r) => r.rps));
      const ceiling = 2e6 / (serverCpu + wrkCpu) / rps1;
      const scale = `${fmt(median(c.a.map((r) => r.rps)))} vs ${fmt(rps1)} req/s: ${c.rpsRatio.toFixed(2)}x (the most 2 cores shared with wrk allow: ${ceiling.toFixed(2)}x, from ${serverCpu.toFixed(1)} µs server + ${wrkCpu.toFixed(1)} µs wrk CPU per request)`;
      console.log(`PostgreSQL cached calendar, WORKERS=2 vs 1: ${scale}`);
      rows.push(["this branch, PostgreSQL", "cached raid calendar, WORKERS=2 vs 1", "", scale, "", "", "", ""]);
      const quoted = await quotaScaling(DATABASE_URL, path);
      console.log(`PostgreSQL cached calendar, WORKERS=2 vs 1, each process ${QUOTA} % of core 0, wrk on core 1: ${quoted}`);
      rows.push(["this branch, PostgreSQL", `cached raid calendar, WORKERS=2 vs 1, ${QUOTA} % of core 0 each`, "", quoted, "", "", "", ""]);

      // Two processes on separate ports: write through A, poll B until the run shows.
      const a = await start(root, { DATABASE_URL });
      const b = await start(root, { DATABASE_URL });
      const owner = await signIn(a.origin, "owner@example.com");
      const boosters = (await (await fetch(`${a.origin}/api/users/boosters`, { headers: { cookie: owner } })).json()) as { id: number }[];
      const lags: number[] = [];
      const afterAck: number[] = [];
      for (let i = 0; i < 10; i++) {
        await fetch(b.origin + path);
        const t0 = performance.now();
        const res = await fetch(`${a.origin}/api/runs`, {
          method: "POST", headers: { "content-type": "application/json", origin: a.origin, cookie: owner },
          body: JSON.stringify({
            gameId: 1, boosterId: boosters[0]!.id, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
            gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: `2099-12-0${1 + (i % 9)} 2${i % 4}:00`,
          }),
        });
        const run = (await res.json()) as { displayId: string };
        const acked = performance.now();
        while (!(await (await fetch(b.origin + path)).text()).includes(`>${run.displayId}</a>`)) await Bun.sleep(1);
        lags.push(performance.now() - t0);
        afterAck.push(performance.now() - acked);
      }
      lags.sort((x, y) => x - y);
      afterAck.sort((x, y) => x - y);
      const line = `median ${lags[5]!.toFixed(1)} ms, max ${lags[9]!.toFixed(1)} ms from sending the write; ` +
        `median ${afterAck[5]!.toFixed(1)} ms, max ${afterAck[9]!.toFixed(1)} ms from its answer`;
      console.log(`write through one process visible in the other: ${line}`);
      rows.push(["this branch, PostgreSQL", "write visible in another process (10 writes)", "", line, "", "", "", ""]);
      await stop(a);
      await stop(b);
    } finally {
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  }
} finally {
  for (const p of procs) p.kill();
  rmSync(tmp, { recursive: true, force: true });
}

console.log(`\n| setup | page | size | product req/s | same body, static req/s | ratio (median of ${ROUNDS} pairs, and their range) | server CPU per request, product vs static | ratio to a static server of the same headers too (its CPU) |\n|---|---|---|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
