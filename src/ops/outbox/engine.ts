// The outbox engine: one delivery loop per channel, shared by everything that leaves the
// process through a queue table written in the causing write's transaction (Discord
// announcements, mail, and whatever registers next). docs/decisions/32-mail-delivery.md.
//
// The engine owns the generic parts: the claim loop, the SKIP LOCKED claim with a lease
// (`claimDue`), exponential backoff with jitter (`retryDelay`), the idle wait until the next due
// row or the poll interval (`nextDueAt`), waking on this process's writes, a pause (a rate
// limit), the drain on stop, error logging, and the metrics by channel and outcome.
//
// A channel supplies what is its own:
//   name          the metrics label and the logs' `channel` field ("discord", "mail", …)
//   batch         how many rows one pass claims (and has in flight at once)
//   pollMs        the longest idle wait (a write of this process wakes the loop sooner)
//   claim(now, n) takes up to n due rows and leases them (use `claimDue` on its table)
//   deliver(rows, ctx)  sends them, records each row's outcome in its table (a retry at
//                 `now + ctx.retryDelay(attempts)`, given up after its maximum), and answers one
//                 outcome per row for the metrics; `ctx.pause(ms)` stops claiming for a while
//   nextDueAt()   the earliest due time of a waiting row, or null (use `nextDueAt` on its table)
//   backlog()     waiting and failed rows, read when /metrics is scraped
//   wakeOn?(t)    which change-feed topics wake it (default: any but "sessions")
//   close?()      release what it holds (an SMTP pool) after its loop has drained
//
// The table needs an integer `id`, a `next_attempt_at` (due time; null once delivered or given
// up; a claim pushes it ahead by the lease) and an index on (next_attempt_at, id) where not null.
// A claim and each outcome are short statements of their own: no transaction is held open
// across a network call (PGlite has one connection; a slow receiver must not hold the pool).
import { and, inArray, isNotNull, lte, min, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import type { ChangeFeed, Topic } from "../../../db/changes";
import type { Logger } from "../logger";
import { metrics } from "../metrics";
import { T } from "../../shared/text";

/** What one row's delivery attempt came to, for the metrics. */
export type DeliveryOutcome = "delivered" | "retry" | "rate_limited" | "given_up";

export type DeliverContext = {
  /** The wait before attempt `attempt + 1` after `attempt` failed ones (backoff with jitter). */
  retryDelay(attempt: number): number;
  /** Stop claiming for this long (a receiver's rate limit); rows already claimed still finish. */
  pause(ms: number): void;
};

export type Channel<Row = unknown> = {
  name: string;
  batch: number;
  pollMs: number;
  /** First retry wait and cap of the backoff. */
  retryBaseMs: number;
  retryMaxMs: number;
  claim(now: Date, limit: number): Promise<Row[]>;
  /** One outcome per row; null for a row put back without an attempt (e.g. deferred). */
  deliver(rows: Row[], ctx: DeliverContext): Promise<(DeliveryOutcome | null)[]>;
  nextDueAt(): Promise<Date | null>;
  backlog(): Promise<Backlog>;
  wakeOn?(topic: Topic | "all"): boolean;
  close?(): Promise<void>;
};

/** Rows still to be sent (or retried), and rows given up (out of attempts, refused for good). */
export type Backlog = { waiting: number; failed: number };

export type OutboxOptions = {
  // Any channel's row type: each loop hands a channel only the rows its own claim returned.
  // biome-ignore lint/suspicious/noExplicitAny: the channels' row types differ by design
  channels: Channel<any>[];
  /** The app's clock: due times are compared with it and written from it. */
  clock: () => Date;
  log: Logger;
  /** Writes of this process wake an idle loop at once (else it polls). */
  feed?: ChangeFeed;
  /** Jitter source (tests pass a seeded one). */
  random?: () => number;
};

export type Outbox = {
  /** Stops claiming, lets the deliveries in flight finish and record their outcomes; resolves when done. */
  stop(): Promise<void>;
  /** Wakes a channel's idle loop (all when no name is given), e.g. after queuing outside a feed topic. */
  wake(channel?: string): void;
};

/** Exponential backoff with jitter: `base · 2^(attempt-1)`, capped, then a random point in its upper half. */
export function retryDelay(attempt: number, config: { retryBaseMs: number; retryMaxMs: number }, random: () => number = Math.random): number {
  const ceiling = Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** An outbox table: an id and a due time (null when nothing is left to do). */
type OutboxTable = PgTable & { id: PgColumn; nextAttemptAt: PgColumn };

/**
 * Takes up to `limit` due rows of `table`: locked with SKIP LOCKED (two processes never take
 * one row), then leased by moving their due time `leaseMs` ahead, so a crashed worker's rows
 * come back once the lease runs out. Answers the `returning` columns of the taken rows.
 */
export function claimDue<R extends Record<string, PgColumn | SQL>>(
  db: Db, table: OutboxTable, now: Date, limit: number, leaseMs: number, returning: R,
) {
  const due = db.select({ id: table.id }).from(table)
    .where(and(isNotNull(table.nextAttemptAt), lte(table.nextAttemptAt, now)))
    .orderBy(table.nextAttemptAt, table.id).limit(limit).for("update", { skipLocked: true });
  return db.update(table).set({ nextAttemptAt: new Date(now.getTime() + leaseMs) } as never)
    .where(inArray(table.id, due))
    .returning(returning);
}

/** The earliest due time of `table`'s waiting rows (its partial index answers it). */
export async function nextDueAt(db: Db, table: OutboxTable): Promise<Date | null> {
  const [next] = await db.select({ at: min(table.nextAttemptAt) }).from(table).where(isNotNull(table.nextAttemptAt));
  return next?.at ? new Date(next.at as string | Date) : null;
}

/** Starts one loop per channel; they share nothing but the clock, the log and the feed. */
export function startOutbox(o: OutboxOptions): Outbox {
  const random = o.random ?? Math.random;
  const loops = o.channels.map((channel) => runChannel(channel, o, random));
  const unsubscribe = o.feed?.onChange((topic) => {
    for (const l of loops) if (l.channel.wakeOn ? l.channel.wakeOn(topic) : topic !== "sessions") l.wake();
  });
  const sources = o.channels.map((c) => metrics.outbox.setSource(c.name, () => c.backlog()));
  return {
    async stop() {
      unsubscribe?.();
      await Promise.all(loops.map((l) => l.stop()));
      // A stopped outbox reports nothing (unless another one of this process took its channel's name since).
      for (const remove of sources) remove();
    },
    wake(name) {
      for (const l of loops) if (!name || l.channel.name === name) l.wake();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see OutboxOptions.channels
function runChannel(channel: Channel<any>, o: OutboxOptions, random: () => number) {
  const { clock, log } = o;
  let stopping = false;
  let wake: (() => void) | null = null;
  // A wake that came while the loop was busy (mid-pass, or reading the next due time): the next
  // sleep ends at once, so a row queued during a pass is not left for the poll.
  let woken = false;
  // A rate limit pauses claiming until its wait is over (real time: it is the receiver's).
  let pausedUntil = 0;
  const ctx: DeliverContext = {
    retryDelay: (attempt) => retryDelay(attempt, channel, random),
    pause: (ms) => {
      pausedUntil = Math.max(pausedUntil, Date.now() + ms);
    },
  };

  async function pass(): Promise<number> {
    const rows = await channel.claim(clock(), channel.batch);
    if (!rows.length) return 0;
    const outcomes = await channel.deliver(rows, ctx);
    for (const outcome of outcomes) if (outcome) metrics.outbox.delivery(channel.name, outcome);
    return rows.length;
  }

  /** How long to wait when nothing was due: until the next due row, at most the poll interval. */
  async function idleMs(): Promise<number> {
    const next = await channel.nextDueAt();
    const until = next ? next.getTime() - clock().getTime() : channel.pollMs;
    return Math.max(1, Math.min(channel.pollMs, until));
  }

  function sleep(ms: number): Promise<void> {
    // A stop that came while the loop was busy (mid-pass, or reading the next due time) ends it
    // now, not after the idle wait: the drain at shutdown waits for this loop.
    if (woken || stopping) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  const loop = (async () => {
    while (!stopping) {
      try {
        if (Date.now() < pausedUntil) {
          await sleep(pausedUntil - Date.now());
          continue;
        }
        if ((await pass()) > 0) continue;
        if (!stopping) await sleep(await idleMs());
      } catch (err) {
        // Database down or the like: log, wait, try again (rows stay queued).
        log.error({ err, channel: channel.name }, T.ops.outboxPassFailed);
        if (!stopping) await sleep(channel.pollMs);
      }
    }
  })();

  return {
    channel,
    wake: () => {
      if (wake) wake();
      else woken = true;
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await channel.close?.();
    },
  };
}
