import { T } from "../shared/text";
import type { Logger } from "./logger";

export type ShutdownPlan = {
  /** How long `drain` may take before `force` runs. */
  graceMs: number;
  /** Stop accepting and wait for work in flight (a server: `drain()`, which closes idle connections after a short grace; a supervisor: SIGTERM the workers and await their exits). */
  drain: () => Promise<unknown>;
  /** After the grace period: cut what is left (a server: `stop(true)`; a supervisor: SIGKILL). */
  force: () => Promise<unknown> | unknown;
  /** Release resources once drained (close the database). */
  close?: () => Promise<unknown>;
  log: Logger;
  exit?: (code: number) => void;
};

/**
 * Runs the plan once: drain within the grace period (else force, exit code 1), close,
 * flush the log and exit 0. A second signal while draining exits at once with 1.
 * Shared by the single server and (later) the WORKERS supervisor.
 */
export function gracefulShutdown(plan: ShutdownPlan) {
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  let started = false;
  return async (signal: string) => {
    if (started) return exit(1);
    started = true;
    plan.log.info({ signal, graceMs: plan.graceMs }, T.ops.shuttingDown({ signal }));
    let timer: Timer | undefined;
    const expired = new Promise<"expired">((r) => { timer = setTimeout(() => r("expired"), plan.graceMs); });
    const outcome = await Promise.race([plan.drain().then(() => "drained" as const), expired]);
    clearTimeout(timer);
    // Elysia runs after-response hooks (the request log line) in a setImmediate after each
    // answer, and what follows may settle without another turn of the event loop: the last
    // requests' lines were lost at exit. One turn lets the hooks already queued run first.
    await new Promise((resolve) => setImmediate(resolve));
    if (outcome === "expired") {
      plan.log.warn(T.ops.shutdownGraceExceeded({ ms: plan.graceMs }));
      await plan.force();
    }
    await plan.close?.().catch((err) => plan.log.error({ err }, "close failed"));
    await flushed(plan.log);
    exit(outcome === "drained" ? 0 : 1);
  };
}

/**
 * Waits until the log's buffered lines are written (at most `limitMs`, in case stdout is
 * stuck). Exiting while the buffered stream's last write is in flight would lose it: the
 * exit-time synchronous flush skips a buffer already handed to an asynchronous write.
 */
function flushed(log: Logger, limitMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    try {
      log.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/**
 * Calls `gracefulShutdown(plan)` on SIGTERM and SIGINT. A WORKERS worker passes
 * `{ worker: true }`: it ignores SIGINT (Ctrl-C reaches the whole process group) and
 * drains on the SIGTERM its supervisor forwards; a second signal would cut it short.
 */
export function shutdownOnSignals(plan: ShutdownPlan, opts: { worker?: boolean } = {}): void {
  const run = gracefulShutdown(plan);
  process.on("SIGTERM", () => void run("SIGTERM"));
  process.on("SIGINT", opts.worker ? () => {} : () => void run("SIGINT"));
}
