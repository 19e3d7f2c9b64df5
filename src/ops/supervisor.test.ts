// The WORKERS supervisor: crashed workers come back with a back-off, signals are passed on
// and waited for, and no worker outlives its supervisor.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { resetDb, testDatabaseUrl } from "../testing/db";
import { captureLog } from "../testing/log";
import { TEST_SECRETS } from "../testing/app";
import { buildInChild } from "../testing/build";
import { superviseWorkers, type Worker } from "./supervisor";

/** A stand-in child process: `crash()` ends it; SIGTERM ends it with code 0. */
function fakeWorker(pid: number) {
  let exit!: (code: number | null) => void;
  const signals: string[] = [];
  const w = {
    pid, signals, exited: new Promise<number | null>((r) => { exit = r; }),
    kill(signal: NodeJS.Signals = "SIGTERM") { signals.push(signal); if (signal === "SIGTERM" || signal === "SIGKILL") exit(0); },
    crash: () => exit(1),
  };
  return w;
}

describe("superviseWorkers", () => {
  const backoff = { firstMs: 5, maxMs: 20, healthyMs: 1_000 };
  function setup(count: number) {
    let clock = 0;
    const spawned: ReturnType<typeof fakeWorker>[] = [];
    const log = captureLog();
    const sup = superviseWorkers({ count, backoff, log: log.logger, now: () => clock, spawn: () => {
      const w = fakeWorker(100 + spawned.length);
      spawned.push(w);
      return w satisfies Worker;
    } });
    const until = async (n: number) => { while (spawned.length < n) await Bun.sleep(1); };
    return { sup, spawned, log, until, advance: (ms: number) => { clock += ms; } };
  }

  test("a crashed worker is replaced; quick crashes double the delay up to the cap; a healthy minute resets it", async () => {
    const s = setup(2);
    expect(s.sup.pids()).toEqual([100, 101]);
    for (let i = 0; i < 4; i++) {
      s.spawned.at(-1)!.crash();
      await s.until(3 + i);
    }
    // It served past `healthyMs` before dying: the next delay starts over.
    s.advance(2_000);
    s.spawned.at(-1)!.crash();
    await s.until(7);
    const delays = (await s.log.entries()).map((e) => e.restartInMs);
    expect(delays).toEqual([5, 10, 20, 20, 5]);
    expect(s.sup.pids().sort()).toEqual([100, 106]);
    await s.sup.stop();
  });

  test("stop() sends SIGTERM to every worker, waits for them, and restarts none", async () => {
    const s = setup(3);
    let stopped = false;
    const stopping = s.sup.stop().then(() => { stopped = true; });
    await stopping;
    expect(stopped).toBe(true);
    expect(s.spawned.map((w) => w.signals)).toEqual([["SIGTERM"], ["SIGTERM"], ["SIGTERM"]]);
    expect(s.spawned).toHaveLength(3);
    expect(s.sup.pids()).toEqual([]);
  });

  test("stop() during a back-off pause does not start a new worker", async () => {
    const s = setup(1);
    s.spawned[0]!.crash();
    await Bun.sleep(0);
    await s.sup.stop();
    await Bun.sleep(backoff.maxMs * 2);
    expect(s.spawned).toHaveLength(1);
  });
});

const root = resolve(import.meta.dir, "../..");
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const childrenOf = (pid: number) => Bun.spawnSync(["pgrep", "-P", String(pid)]).stdout.toString().split("\n").filter(Boolean).map(Number);
/** Process ids listening on the TCP port. */
const listeners = (port: number) => [...Bun.spawnSync(["ss", "-Hltnp", `sport = :${port}`]).stdout.toString().matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));

async function waitFor<T>(what: string, probe: () => T | Promise<T>, ms = 60_000): Promise<NonNullable<T>> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

// Needs PostgreSQL: WORKERS above 1 refuses PGlite.
if (process.env.DATABASE_URL) describe("WORKERS=2 on PostgreSQL", () => {
  let dbUrl = "";
  beforeAll(async () => {
    await resetDb();
    dbUrl = testDatabaseUrl()!;
    await buildInChild();
  }, 120_000);
  // Every process a test started, so none outlives the run even when a test fails.
  const pids = new Set<number>();
  afterAll(() => {
    for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
  });

  /** The supervisor with its worker serving, on its own port. */
  async function start(grace = 10_000) {
    const port = 4900 + Math.floor(Math.random() * 90);
    const proc = Bun.spawn(["bun", "src/server.ts"], {
      cwd: root, stdout: "ignore", stderr: "inherit",
      env: {
        PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", LOG_LEVEL: "warn",
        ...TEST_SECRETS, DATABASE_URL: dbUrl, PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        WORKERS: "2", SHUTDOWN_GRACE_MS: String(grace),
      },
    });
    pids.add(proc.pid);
    const url = `http://127.0.0.1:${port}`;
    const [worker] = await waitFor("the worker to listen", () => {
      const kids = childrenOf(proc.pid);
      for (const k of kids) pids.add(k);
      const l = listeners(port);
      return kids.length === 1 && l.includes(proc.pid) && l.includes(kids[0]!) ? kids : null;
    });
    return { proc, url, port, worker: worker! };
  }

  // One supervisor for both: a replaced worker, then the supervisor's own death (each start
  // of two processes costs more than the rest of its test).
  test("a worker killed with SIGKILL is replaced by a new one that serves the port; a worker whose supervisor is killed (SIGKILL) shuts itself down", async () => {
    const s = await start();
    process.kill(s.worker, "SIGKILL");
    const [next] = await waitFor("a new worker", () => {
      const kids = childrenOf(s.proc.pid).filter((p) => p !== s.worker);
      for (const k of kids) pids.add(k);
      return kids.length === 1 && listeners(s.port).includes(kids[0]!) ? kids : null;
    });
    expect(next).not.toBe(s.worker);
    expect(alive(s.worker)).toBe(false);
    for (let i = 0; i < 20; i++) expect((await fetch(`${s.url}/`)).status).toBe(200);

    s.proc.kill("SIGKILL");
    await s.proc.exited;
    await waitFor("the orphaned worker to exit", () => !alive(next!), 15_000);
    expect(listeners(s.port)).toEqual([]);
  }, 120_000);

  test("SIGTERM under a stream of requests: every accepted request succeeds, all processes exit within the grace period", async () => {
    const grace = 10_000;
    const s = await start(grace);
    const paths = ["/", "/game/mop-raid-calendar", "/api/games", "/healthz"];
    let signalledAt = 0;
    let count = 0;
    const outcomes: { status?: number; error?: string; inFlight: boolean }[] = [];
    const client = async (n: number) => {
      for (let i = n; ; i++) {
        const before = !signalledAt;
        try {
          const res = await fetch(s.url + paths[i % paths.length]);
          await res.arrayBuffer();
          outcomes.push({ status: res.status, inFlight: before && !!signalledAt });
          if (++count === 200) { signalledAt = Date.now(); s.proc.kill("SIGTERM"); }
        } catch (err) {
          const code = (err as { code?: string }).code ?? String(err);
          // A refused or reset connection was never accepted: the closing port refuses new
          // connections, and the kernel resets one still queued on a closing listener (or an
          // idle keep-alive one the server closes). Bun's stop(false) never cuts a request it
          // is serving, and exit code 0 below proves the drain did not need force.
          if (!before || ["ECONNREFUSED", "ConnectionRefused", "ECONNRESET"].includes(code)) return;
          outcomes.push({ error: code, inFlight: !!signalledAt });
          if (signalledAt) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    expect(await s.proc.exited).toBe(0);
    const exitedAfter = Date.now() - signalledAt;
    expect(outcomes.filter((o) => o.error || o.status !== 200)).toEqual([]);
    expect(exitedAfter).toBeLessThan(grace);
    expect(alive(s.worker)).toBe(false);
  }, 120_000);
});
