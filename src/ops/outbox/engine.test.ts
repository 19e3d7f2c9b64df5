// The outbox engine's own duties, with a channel held in memory: the claim loop, the drain on
// stop, waking on a write, the pause, the idle wait, error logging and the per-channel
// metrics. The SKIP LOCKED claim and the backoff are exercised on real tables by the Discord
// (src/announce/*.test.ts) and mail (src/mail/*.test.ts) channels.
import { describe, expect, test } from "bun:test";
import { newChangeFeed } from "../../../db/changes";
import { captureLog } from "../../testing/log";
import { metrics } from "../metrics";
import { retryDelay, startOutbox, type Channel, type DeliveryOutcome } from "./engine";

type Row = { id: number; due: number };

/** A channel over an in-memory queue: rows are due at `due` (ms on the test clock). */
function memoryChannel(name: string, o: { pollMs?: number; deliver?: (rows: Row[], pause: (ms: number) => void) => Promise<(DeliveryOutcome | null)[]> } = {}) {
  const queue: Row[] = [];
  const delivered: number[] = [];
  const claims: number[] = [];
  let failNext = 0;
  const channel: Channel<Row> = {
    name, batch: 2, pollMs: o.pollMs ?? 5, retryBaseMs: 10, retryMaxMs: 100,
    async claim(now, limit) {
      claims.push(now.getTime());
      if (failNext > 0) {
        failNext--;
        throw new Error("database away");
      }
      const due = queue.filter((r) => r.due <= now.getTime()).slice(0, limit);
      for (const r of due) queue.splice(queue.indexOf(r), 1);
      return due;
    },
    async deliver(rows, ctx) {
      if (o.deliver) return o.deliver(rows, ctx.pause);
      delivered.push(...rows.map((r) => r.id));
      return rows.map(() => "delivered" as const);
    },
    async nextDueAt() {
      return queue.length ? new Date(Math.min(...queue.map((r) => r.due))) : null;
    },
    async backlog() {
      return { waiting: queue.length, failed: 0 };
    },
  };
  return { channel, queue, delivered, claims, failOnce: () => void failNext++ };
}

const until = async (done: () => boolean) => {
  while (!done()) await Bun.sleep(2);
};

describe("the outbox engine", () => {
  test("a stop that comes while the loop reads its next due time ends the loop at once, not after the poll", async () => {
    const m = memoryChannel("memory-stop", { pollMs: 60_000 });
    let release = () => {};
    let asked = () => {};
    const reading = new Promise<void>((resolve) => {
      asked = resolve;
    });
    m.channel.nextDueAt = () => {
      asked();
      return new Promise((resolve) => {
        release = () => resolve(null);
      });
    };
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(0), log: captureLog().logger });
    await reading;
    const stopped = outbox.stop().then(() => "stopped");
    release();
    // The poll is a minute: before the fix the loop slept it out after the read.
    expect(await Promise.race([stopped, Bun.sleep(5_000).then(() => "still waiting")])).toBe("stopped");
  });

  test("delivers due rows in batches, and a row due later once its time comes (the idle wait ends at the next due row)", async () => {
    const m = memoryChannel("memory-a", { pollMs: 60_000 });
    let now = 1_000;
    m.queue.push({ id: 1, due: 0 }, { id: 2, due: 0 }, { id: 3, due: 0 }, { id: 4, due: 1_020 });
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(now), log: captureLog().logger });
    try {
      await until(() => m.delivered.length === 3);
      // The poll is a minute; the idle wait is the 20 ms until row 4 is due.
      now = 1_020;
      await until(() => m.delivered.length === 4);
      expect(m.delivered).toEqual([1, 2, 3, 4]);
    } finally {
      await outbox.stop();
    }
  });

  test("stop lets the deliveries in flight finish before it resolves, and claims nothing more", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let finished = 0;
    const m = memoryChannel("memory-b", {
      deliver: async (rows) => {
        await gate;
        finished += rows.length;
        return rows.map(() => "delivered" as const);
      },
    });
    m.queue.push({ id: 1, due: 0 }, { id: 2, due: 0 }, { id: 3, due: 0 });
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(0), log: captureLog().logger });
    await until(() => m.claims.length === 1);
    let stopped = false;
    const stopping = outbox.stop().then(() => {
      stopped = true;
    });
    await Bun.sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(2);
    expect(m.queue.map((r) => r.id)).toEqual([3]);
  });

  test("a write of this process wakes an idle loop at once; a failed pass is logged and retried", async () => {
    const feed = newChangeFeed();
    const m = memoryChannel("memory-c", { pollMs: 60_000 });
    const log = captureLog();
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(0), log: log.logger, feed });
    try {
      await until(() => m.claims.length === 1);
      m.queue.push({ id: 7, due: 0 });
      feed.local("public");
      await until(() => m.delivered.length === 1);
      m.failOnce();
      m.queue.push({ id: 8, due: 0 });
      outbox.wake("memory-c");
      // The failed pass waits the poll interval: wake it again after the error is logged.
      await until(() => log.lines.some((l) => l.includes("outbox delivery pass failed")));
      outbox.wake();
      await until(() => m.delivered.length === 2);
      expect(log.lines.find((l) => l.includes("outbox delivery pass failed"))).toContain('"channel":"memory-c"');
    } finally {
      feed.close();
      await outbox.stop();
    }
  });

  test("a wake while the loop is busy (here: reading the next due time) is kept, not left for the poll", async () => {
    const m = memoryChannel("memory-w", { pollMs: 60_000 });
    let release = () => {};
    let reading = false;
    const nextDueAt = m.channel.nextDueAt;
    m.channel.nextDueAt = async () => {
      const answer = await nextDueAt(); // read before the row below is queued
      reading = true;
      await new Promise<void>((r) => {
        release = r;
      });
      return answer;
    };
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(0), log: captureLog().logger });
    try {
      await until(() => reading);
      m.channel.nextDueAt = nextDueAt;
      m.queue.push({ id: 9, due: 0 });
      outbox.wake();
      release();
      await until(() => m.delivered.length === 1);
      expect(m.delivered).toEqual([9]);
    } finally {
      await outbox.stop();
    }
  });

  test("a pause stops claiming until it is over; metrics count each channel's outcomes", async () => {
    let paused = false;
    let pausedAt = 0;
    const m = memoryChannel("memory-d", {
      deliver: async (rows, pause) => {
        if (!paused) {
          paused = true;
          pausedAt = Date.now();
          pause(40);
          return rows.map(() => "rate_limited" as const);
        }
        return rows.map(() => "delivered" as const);
      },
    });
    m.queue.push({ id: 1, due: 0 }, { id: 2, due: 0 }, { id: 3, due: 0 });
    const claimedAt: number[] = [];
    const claim = m.channel.claim;
    m.channel.claim = (now, limit) => {
      claimedAt.push(Date.now());
      return claim(now, limit);
    };
    const outbox = startOutbox({ channels: [m.channel], clock: () => new Date(0), log: captureLog().logger });
    try {
      await until(() => m.queue.length === 0);
      // The next claim came no sooner than the pause allowed (a lower bound: load only delays it).
      expect(claimedAt[1]! - pausedAt).toBeGreaterThanOrEqual(39);
      const text = await metrics.registry.metrics();
      expect(text).toContain('outbox_deliveries_total{channel="memory-d",outcome="rate_limited"} 2');
      expect(text).toContain('outbox_deliveries_total{channel="memory-d",outcome="delivered"} 1');
      expect(text).toContain('outbox_backlog{channel="memory-d",state="waiting"} 0');
    } finally {
      await outbox.stop();
    }
    // Stopped: its backlog is no longer reported.
    expect(await metrics.registry.metrics()).not.toContain('outbox_backlog{channel="memory-d"');
  });
});

test("retry waits: exponential, capped, jittered in the upper half", () => {
  const c = { retryBaseMs: 100, retryMaxMs: 1_000 };
  expect(retryDelay(1, c, () => 0)).toBe(50);
  expect(retryDelay(1, c, () => 1)).toBe(100);
  expect(retryDelay(3, c, () => 1)).toBe(400);
  expect(retryDelay(10, c, () => 0.5)).toBe(750);
});
