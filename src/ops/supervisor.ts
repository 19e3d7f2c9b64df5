// WORKERS=N: the first process serves and supervises N-1 worker processes (copies of
// server.ts that only serve the shared port). A worker that dies is replaced after a
// back-off; a signal to the supervisor is passed on to every worker and waited for
// (through the shutdown plan, src/ops/shutdown.ts).
import { T } from "../shared/text";
import type { Logger } from "./logger";

/** What the supervisor needs of a child process (Bun.Subprocess has it). */
export type Worker = { pid: number; exited: Promise<number | null>; kill(signal?: NodeJS.Signals): void };

export type Backoff = {
  /** Delay before the first restart of a worker slot. */
  firstMs: number;
  /** The delay doubles after each quick crash, up to this. */
  maxMs: number;
  /** A worker that served this long counts as healthy: its slot's delay starts over. */
  healthyMs: number;
};
export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 30_000, healthyMs: 60_000 };

export type Supervisor = {
  /** The live workers' process ids. */
  pids(): number[];
  /** Stop restarting, SIGTERM every worker, resolve once all have exited. */
  stop(): Promise<void>;
  /** SIGKILL whatever is left (after the grace period). */
  kill(): void;
};

export function superviseWorkers(opts: { count: number; spawn: () => Worker; log: Logger; backoff?: Backoff; now?: () => number }): Supervisor {
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const now = opts.now ?? Date.now;
  const live = new Set<Worker>();
  const waits = new Set<() => void>();
  let stopping = false;

  /** Resolves after `ms`, or at once when stopping. */
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const done = () => { clearTimeout(timer); waits.delete(done); resolve(); };
    const timer = setTimeout(done, ms);
    waits.add(done);
  });

  async function slot(): Promise<void> {
    let delay = backoff.firstMs;
    while (!stopping) {
      const worker = opts.spawn();
      live.add(worker);
      const startedAt = now();
      const code = await worker.exited;
      live.delete(worker);
      if (stopping) return;
      if (now() - startedAt >= backoff.healthyMs) delay = backoff.firstMs;
      opts.log.error({ pid: worker.pid, code, restartInMs: delay }, T.ops.workerExited({ pid: worker.pid, code: String(code), inMs: delay }));
      await pause(delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
  const slots = Array.from({ length: opts.count }, slot);

  return {
    pids: () => [...live].map((w) => w.pid),
    async stop() {
      stopping = true;
      for (const wake of waits) wake();
      for (const w of live) w.kill("SIGTERM");
      await Promise.all(slots);
    },
    kill() {
      for (const w of live) w.kill("SIGKILL");
    },
  };
}

/**
 * In a worker: shut down gracefully (SIGTERM to itself) when the supervisor dies without
 * passing a signal on (kill -9, crash), so no worker is left serving on its own. An
 * orphan is re-parented, which changes its parent pid.
 */
export function exitWithSupervisor(log: Logger, everyMs = 100): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    log.warn(T.ops.supervisorGone);
    process.kill(process.pid, "SIGTERM");
  }, everyMs);
  timer.unref();
}
