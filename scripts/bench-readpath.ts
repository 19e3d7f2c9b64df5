// The public read path under load (`bun run bench` runs it; alone: `bun scripts/bench-readpath.ts`,
// add `--baseline /path/to/other/checkout` to measure that checkout's pages too, e.g. main).
// Production mode, loopback, `wrk -t1 -c32 -d${SECONDS}s`; every page is compared with a
// plain Bun.serve answering the very same bytes. With DATABASE_URL it also measures 2
// processes against 1 and how long a write takes to show in another process. `--pages-only`
// measures just the four pages (and the baseline's). Each row also gives the server's CPU time
// per request, product and static, which the machine's other load disturbs far less than req/s.
// Figures are noisy on a shared 2-core machine: read them as ratios, not absolutes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";
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

async function start(cwd: string, env: Record<string, string>): Promise<Server> {
  const port = nextPort++;
  const proc = Bun.spawn(["bun", "src/server.ts"], {
    cwd, stdout: "ignore", stderr: "inherit",
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", JWT_SECRET, HOST: "127.0.0.1", PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env },
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
  const p = Bun.spawnSync(["bun", "db/seed.ts"], { cwd, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...env }, stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`seed failed: ${p.stderr}`);
}

/** CPU time (user + system) a process has used so far, in µs (Linux). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * Requests per second from wrk (and the mean latency); with `pid`, also that server's CPU
 * time per request, which the machine's other load disturbs far less than req/s.
 */
function wrk(url: string, headers: Record<string, string> = {}, script?: string, seconds = SECONDS, pid?: number): { rps: number; latency: string; cpu?: number } {
  const args = ["wrk", "-t1", "-c32", `-d${seconds}s`, ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`])];
  if (script) args.push("-s", script);
  const cpu0 = pid ? cpuUs(pid) : 0;
  const out = Bun.spawnSync([...args, url]).stdout.toString();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const latency = /Latency\s+(\S+)/.exec(out)?.[1] ?? "?";
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return { rps, latency, cpu: pid && requests ? (cpuUs(pid) - cpu0) / requests : undefined };
}

/** The same bytes from a plain Bun.serve, measured the same way. */
async function staticRps(bytes: Uint8Array): Promise<{ rps: number; cpu?: number }> {
  const file = join(tmp, `body-${nextPort}.html`);
  writeFileSync(file, bytes);
  const port = nextPort++;
  const proc = Bun.spawn(["bun", "scripts/bench-static.ts"], { cwd: root, env: { ...process.env, BODY_FILE: file, PORT: String(port) }, stdout: "ignore" });
  procs.push(proc);
  await waitFor(`http://127.0.0.1:${port}/`);
  wrk(`http://127.0.0.1:${port}/`, {}, undefined, 1); // warm-up, as for the product
  const r = wrk(`http://127.0.0.1:${port}/`, {}, undefined, SECONDS, proc.pid);
  await stop({ proc });
  return r;
}

async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

const rows: string[][] = [];
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/** The four public pages of the issue against one server; returns its rows. */
async function pages(label: string, { origin, proc }: Server): Promise<void> {
  const booster = await signIn(origin, "booster@example.com");
  const cases: [string, string, Record<string, string>][] = [
    ["anonymous raid calendar", "/category/wow/mop-raid-calendar", {}],
    ["anonymous /", "/", {}],
    ["raid calendar ?region=US", "/category/wow/mop-raid-calendar?region=US", {}],
    ["signed-in booster, raid calendar", "/category/wow/mop-raid-calendar", { cookie: booster }],
  ];
  for (const [name, path, headers] of cases) {
    const bytes = new Uint8Array(await (await fetch(origin + path, { headers })).arrayBuffer());
    wrk(origin + path, headers, undefined, 1); // warm-up: JIT, caches
    const product = wrk(origin + path, headers, undefined, SECONDS, proc.pid);
    const yardstick = await staticRps(bytes);
    const cpu = (r: { cpu?: number }) => `${r.cpu?.toFixed(1) ?? "?"} µs`;
    rows.push([
      label, name, `${(bytes.byteLength / 1024).toFixed(1)} KB`, `${fmt(product.rps)} (${product.latency})`, fmt(yardstick.rps), (product.rps / yardstick.rps).toFixed(2),
      `${cpu(product)} vs ${cpu(yardstick)}`, ((yardstick.cpu ?? NaN) / (product.cpu ?? NaN)).toFixed(2),
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
    const r = wrk(`${product.origin}/`, {}, lua);
    sent += r.rps * SECONDS;
  }
  const after = rssMb(product.proc.pid);
  console.log(`memory: RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ~${fmt(sent)} distinct junk query strings`);
  rows.push(["this branch, PGlite", `RSS after ~${fmt(sent)} distinct junk query strings`, "", `${before.toFixed(0)} MB -> ${after.toFixed(0)} MB`, "", ""]);
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
      const r1 = wrk(one.origin + path);
      await stop(one);
      const two = await start(root, { DATABASE_URL, WORKERS: "2" });
      await Bun.sleep(500); // the second process
      const r2 = wrk(two.origin + path);
      await stop(two);
      console.log(`PostgreSQL cached calendar: 1 process ${fmt(r1.rps)} req/s, WORKERS=2 ${fmt(r2.rps)} req/s, ${(r2.rps / r1.rps).toFixed(2)}x`);
      rows.push(["this branch, PostgreSQL", "cached raid calendar, WORKERS=2 vs 1", "", `${fmt(r2.rps)} vs ${fmt(r1.rps)}`, "", `${(r2.rps / r1.rps).toFixed(2)}x`]);

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
      rows.push(["this branch, PostgreSQL", "write visible in another process (10 writes)", "", line, "", ""]);
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

console.log(`\n| setup | page | size | product req/s (mean latency) | same bytes, static | ratio | server CPU per request, product vs static | CPU ratio (static / product) |\n|---|---|---|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
