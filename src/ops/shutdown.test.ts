import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type Server } from "../../scripts/e2e/harness";
import { captureLog } from "../testing/log";
import { gracefulShutdown } from "./shutdown";

describe("the real server on SIGTERM", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ env: { SHUTDOWN_GRACE_MS: "10000" } });
  }, 120_000);
  afterAll(() => server?.stop(), 60_000);

  test("finishes every accepted request, then refuses connections and exits 0", async () => {
    const paths = ["/", "/api/games", "/api/runs", "/healthz"];
    let signalledAt = 0;
    const outcomes: { status?: number; error?: string; startedBefore: boolean; endedAfter: boolean }[] = [];
    let count = 0;
    // Eight clients send requests back to back until the server refuses their connection.
    const client = async (n: number) => {
      for (let i = n; ; i++) {
        const startedBefore = !signalledAt;
        try {
          const res = await fetch(server.url + paths[i % paths.length]);
          await res.arrayBuffer();
          outcomes.push({ status: res.status, startedBefore, endedAfter: !!signalledAt });
          if (++count === 40) { signalledAt = Date.now(); server.proc.kill("SIGTERM"); }
        } catch (err) {
          const code = (err as { code?: string }).code ?? String(err);
          // A refused or reset connection was never accepted: the closing port refuses new
          // connections, and the kernel resets one still queued on the closing listener (or an
          // idle keep-alive one the server closes). Bun's stop(false) never cuts a request it
          // is serving, and exit code 0 proves the drain did not need force.
          if (!startedBefore || ["ECONNREFUSED", "ConnectionRefused", "ECONNRESET"].includes(code)) return;
          outcomes.push({ error: code, startedBefore, endedAfter: !!signalledAt });
          if (signalledAt) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    expect(await server.proc.exited).toBe(0);
    expect(outcomes.filter((o) => o.error || o.status !== 200)).toEqual([]);
    // Whether a request is still in flight at the signal depends on scheduling (on an idle
    // machine all eight may be between requests), so it is not asserted; any that was is
    // among the successes above.
  }, 120_000);
});

describe("gracefulShutdown", () => {
  const plan = (drain: () => Promise<unknown>) => {
    const calls: string[] = [];
    const codes: number[] = [];
    const run = gracefulShutdown({
      graceMs: 50, log: captureLog().logger, drain,
      force: () => { calls.push("force"); }, close: async () => { calls.push("close"); },
      exit: (code) => codes.push(code),
    });
    return { run, calls, codes };
  };

  test("drains, closes the database and exits 0", async () => {
    const p = plan(async () => {});
    await p.run("SIGTERM");
    expect(p.calls).toEqual(["close"]);
    expect(p.codes).toEqual([0]);
  });

  test("past the grace period it forces the rest closed and exits 1; a second signal exits at once", async () => {
    const p = plan(() => new Promise(() => {}));
    const first = p.run("SIGTERM");
    await p.run("SIGINT");
    expect(p.codes).toEqual([1]);
    await first;
    expect(p.calls).toEqual(["force", "close"]);
    expect(p.codes).toEqual([1, 1]);
  });
});
