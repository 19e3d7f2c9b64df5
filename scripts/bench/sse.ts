// The live pages under load (`bun run bench` runs it; alone: `bun scripts/bench/sse.ts`).
// Issue #28's SSE figures, each beside its baseline measured in the same run:
//  1. 5,000 open streams on the raid calendar, one production process (PGlite): how long a
//     write's event takes to reach every one of them (p50, p99), against one open stream;
//  2. the server's RSS growth over those 5,000, per connection;
//  3. the cached calendar's req/s (wrk) with the 5,000 open, against the same server without them;
//  4. with DATABASE_URL: two processes on one PostgreSQL database, a write through one reaching
//     a stream of the other (p50, p99), against a stream of the writing process.
// The server is pinned to core 0; this script (the 5,000 clients) and wrk share core 1, so a
// latency includes the clients' own event loop. BENCH_SSE_CONNECTIONS, BENCH_SSE_WRITES and
// BENCH_SECONDS change the sizes.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freshSecrets } from "../../src/config/secretRules";
import { fmt, median, pinned, wrk, type WrkResult } from "./wrk";

const root = resolve(import.meta.dir, "../..");
const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 5_000);
const WRITES = Number(process.env.BENCH_SSE_WRITES ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRETS = freshSecrets();
const PASSWORD = "Runboard123";
const CALENDAR = "/category/wow/mop-raid-calendar";
const STREAM = "/live/calendars/mop-raid-calendar";
const tmp = mkdtempSync(join(tmpdir(), "runboard-sse-"));
let nextPort = 5400 + Math.floor(Math.random() * 400);
const procs: Bun.Subprocess[] = [];

type Server = { origin: string; port: number; proc: Bun.Subprocess };

async function start(env: Record<string, string>, pin: boolean): Promise<Server> {
  const port = nextPort++;
  const cmd = ["bun", "src/server.ts"];
  const proc = Bun.spawn(pin ? pinned(cmd) : cmd, {
    cwd: root, stdout: "ignore", stderr: "inherit",
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...SECRETS, HOST: "127.0.0.1", PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env },
  });
  procs.push(proc);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/`)).status < 500) return { origin, port, proc };
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error(`${origin} did not come up`);
}

function seed(env: Record<string, string>): void {
  const p = Bun.spawnSync(["bun", "scripts/seed.ts"], { cwd: root, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...env }, stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`seed failed: ${p.stderr}`);
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

/** Raw sockets holding SSE streams: far lighter on the client than fetch, so 5,000 fit beside the server. */
class Streams {
  sockets: net.Socket[] = [];
  ready = 0;
  closed = 0;
  /** Arrival time (performance.now()) of the latest `event: run` on each socket, or 0. */
  arrived: Float64Array;
  constructor(readonly port: number, readonly n: number) {
    this.arrived = new Float64Array(n);
  }

  async open(): Promise<void> {
    const batch = 200;
    for (let i = 0; i < this.n; i += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, this.n - i) }, (_, j) => this.one(i + j)));
    }
    for (let i = 0; i < 400 && this.ready < this.n; i++) await Bun.sleep(25);
    if (this.ready < this.n) throw new Error(`only ${this.ready} of ${this.n} streams opened`);
  }

  private one(i: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = net.connect(this.port, "127.0.0.1", () => {
        s.write(`GET ${STREAM} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
        resolve();
      });
      let seenReady = false;
      s.on("data", (chunk: Buffer) => {
        if (!seenReady && chunk.includes("event: ready")) {
          seenReady = true;
          this.ready++;
        }
        if (chunk.includes("event: run")) this.arrived[i] = performance.now();
      });
      s.on("close", () => this.closed++);
      s.on("error", reject);
      this.sockets.push(s);
    });
  }

  /** Latencies (ms) of the event that followed a write sent at `t0`, once every socket has it (or after 10 s). */
  async latencies(t0: number): Promise<number[]> {
    for (let i = 0; i < 1000; i++) {
      if (this.arrived.every((t) => t > t0)) break;
      await Bun.sleep(10);
    }
    return [...this.arrived].filter((t) => t > t0).map((t) => t - t0);
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
  }
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: "owner@example.com", password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** A run on the default raid view that the writes move back and forth (each move is one `run` event). */
async function benchRun(origin: string, cookie: string): Promise<{ move: (i: number) => Promise<void> }> {
  const boosters = (await (await fetch(`${origin}/api/users/boosters`, { headers: { cookie } })).json()) as { id: number }[];
  const res = await fetch(`${origin}/api/runs`, {
    method: "POST", headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({
      gameId: 1, boosterId: boosters[0]!.id, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
      gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-01 20:00",
    }),
  });
  const { id } = (await res.json()) as { id: number };
  return {
    async move(i) {
      const r = await fetch(`${origin}/api/runs/${id}`, {
        method: "PATCH", headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ scheduledDate: `2099-12-0${1 + (i % 2)} 20:${String(i % 60).padStart(2, "0")}` }),
      });
      if (r.status !== 200) throw new Error(`write failed: ${r.status}`);
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * Each write's event on every stream, per stream set: the latencies from sending the write
 * (`sent`) and from its answer (`acked`: the commit is done, what is left is the fan-out).
 */
async function measure(streams: Streams[], write: (i: number) => Promise<void>, writes: number, offset = 1): Promise<{ sent: number[]; acked: number[] }[]> {
  const per = streams.map(() => ({ sent: [] as number[], acked: [] as number[] }));
  for (let i = 0; i < writes; i++) {
    const t0 = performance.now();
    await write(offset + i);
    const t1 = performance.now();
    const got = await Promise.all(streams.map((s) => s.latencies(t0)));
    got.forEach((l, k) => {
      per[k]!.sent.push(...l);
      per[k]!.acked.push(...l.map((x) => Math.max(0, x - (t1 - t0))));
    });
    await Bun.sleep(100);
  }
  return per;
}

const rows: string[][] = [];
try {
  // ---- one process, PGlite
  const dataDir = join(tmp, "pglite");
  seed({ DATA_DIR: dataDir });
  const server = await start({ DATA_DIR: dataDir }, true);
  const pid = server.proc.pid!;
  const cookie = await signIn(server.origin);
  const run = await benchRun(server.origin, cookie);
  const page = `${server.origin}${CALENDAR}`;
  wrk(page, { seconds: 1, cpu: 1 }); // warm-up: JIT, page cache

  const one = new Streams(server.port, 1);
  await one.open();
  const [alone] = await measure([one], run.move, WRITES * 3);
  one.close();
  await Bun.sleep(300);

  // Alternating rounds (without, then with the streams open): drift in this shared machine's speed falls on both.
  const without: WrkResult[] = [];
  const withOpen: WrkResult[] = [];
  const ratios: number[] = [];
  let rss0 = 0;
  let rss1 = 0;
  let opened = 0;
  let stillOpen = 0;
  let all = { sent: [] as number[], acked: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    without.push(wrk(page, { seconds: SECONDS, cpu: 1, pid }));
    if (round === 0) rss0 = rssKb(pid);
    const many = new Streams(server.port, CONNECTIONS);
    const t0 = performance.now();
    await many.open();
    if (round === 0) {
      opened = performance.now() - t0;
      await Bun.sleep(1000);
      rss1 = rssKb(pid);
    }
    withOpen.push(wrk(page, { seconds: SECONDS, cpu: 1, pid }));
    ratios.push(withOpen.at(-1)!.rps / without.at(-1)!.rps);
    if (round === ROUNDS - 1) {
      [all] = (await measure([many], run.move, WRITES, 100)) as [typeof all];
      stillOpen = CONNECTIONS - many.closed;
    }
    many.close();
    await Bun.sleep(500);
  }

  const perConn = ((rss1 - rss0) * 1024) / CONNECTIONS / 1024;
  const cpu = (rs: WrkResult[]) => `${median(rs.map((r) => r.cpu ?? Number.NaN)).toFixed(0)} µs CPU/request`;
  const rpsWithout = median(without.map((r) => r.rps));
  const rpsWith = median(withOpen.map((r) => r.rps));
  rows.push(
    [`a write's event reaching ${fmt(CONNECTIONS)} open streams (${WRITES} writes, ${fmt(all.sent.length)} deliveries)`,
      `from sending the write: p50 ${ms(pct(all.sent, 0.5))}, p99 ${ms(pct(all.sent, 0.99))}; from its answer: p50 ${ms(pct(all.acked, 0.5))}, p99 ${ms(pct(all.acked, 0.99))}`,
      `1 open stream (${alone!.sent.length} writes): p50 ${ms(pct(alone!.sent, 0.5))}, p99 ${ms(pct(alone!.sent, 0.99))}; from its answer p50 ${ms(pct(alone!.acked, 0.5))}, p99 ${ms(pct(alone!.acked, 0.99))}`,
      "p99 ≤ 1 s, p50 ≤ 250 ms"],
    [`server RSS over ${fmt(CONNECTIONS)} open streams (opened in ${(opened / 1000).toFixed(1)} s; ${fmt(stillOpen)} still open at the end)`,
      `${perConn.toFixed(1)} KB per connection`, `${(rss0 / 1024).toFixed(0)} MB without -> ${(rss1 / 1024).toFixed(0)} MB with`, "≤ 20 KB"],
    [`cached calendar req/s (wrk -c32, ${ROUNDS} alternating rounds of ${SECONDS} s) with ${fmt(CONNECTIONS)} streams open`,
      `${fmt(rpsWith)} req/s, ${cpu(withOpen)}: ${median(ratios).toFixed(2)}x (median of the rounds' ratios)`, `${fmt(rpsWithout)} req/s, ${cpu(without)} without`, "≥ 0.8x"],
  );
  server.proc.kill();
  await server.proc.exited;

  // ---- PostgreSQL: two processes on one database (as WORKERS=2 runs them; two ports so the bench picks writer and listener)
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const dbName = `runboard_bench_sse_${process.pid}`;
    await admin.unsafe(`create database "${dbName}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    const DATABASE_URL = u.toString();
    try {
      seed({ DATABASE_URL });
      const a = await start({ DATABASE_URL }, false);
      const b = await start({ DATABASE_URL }, false);
      const owner = await signIn(a.origin);
      const moved = await benchRun(a.origin, owner);
      const onA = new Streams(a.port, 1);
      const onB = new Streams(b.port, 1);
      await onA.open();
      await onB.open();
      const [same, other] = await measure([onA, onB], moved.move, WRITES * 5);
      onA.close();
      onB.close();
      rows.push([`PostgreSQL, a write through process A reaching a stream of process B (${other!.sent.length} writes)`,
        `from sending: p50 ${ms(pct(other!.sent, 0.5))}, p99 ${ms(pct(other!.sent, 0.99))}; from its answer: p50 ${ms(pct(other!.acked, 0.5))}, p99 ${ms(pct(other!.acked, 0.99))}`,
        `a stream of A itself: p50 ${ms(pct(same!.sent, 0.5))}, p99 ${ms(pct(same!.sent, 0.99))}`, "p99 ≤ 200 ms"]);
      for (const s of [a, b]) s.proc.kill();
      await Promise.all([a.proc.exited, b.proc.exited]);
    } finally {
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  } else {
    rows.push(["PostgreSQL, a write through one process reaching a stream of another", "not measured: set DATABASE_URL", "", "p99 ≤ 200 ms"]);
  }

  console.log("| figure | this run | baseline (same run) | target |\n|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log("(the clients share core 1 with wrk; the server has core 0)");
} finally {
  for (const p of procs) p.kill();
  rmSync(tmp, { recursive: true, force: true });
}
