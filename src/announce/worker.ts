// The Discord channel of the outbox engine (src/ops/outbox/engine.ts): posts queued
// announcements to their game's webhook, in the server process (every process with
// WORKERS=N; the engine's SKIP LOCKED claim keeps them apart). The engine runs the loop, the
// claim, the backoff and the drain; this file decides what each row needs and records it.
// A run's first announcement is a POST (`?wait=true`, whose answer carries the message id); later
// ones PATCH that message in place, no sooner than the edit interval after the last.
// docs/decisions/19-announcements.md and 30-discord-posts-that-stay-true.md.
import { createHash } from "node:crypto";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementMessages as messages, announcementOutbox as outbox, gameWebhooks } from "../../db/schema";
import type { ChangeFeed } from "../../db/changes";
import type { Logger } from "../ops/logger";
import { claimDue, nextDueAt, retryDelay, startOutbox, type Channel, type DeliverContext, type DeliveryOutcome } from "../ops/outbox/engine";
import { T } from "../shared/text";
import type { AnnounceConfig } from "../config/announceConfig";
import { openWebhookUrl } from "./webhookSecret";
import { failureCategory, postWebhook, wasSent, type Posted } from "./webhookPost";
import { editDueAt } from "./outbox";
import { isLoopbackHttpUrl, webhookTargetProblem } from "../shared/schemas/webhooks";

/** A claimed row stays hidden from other workers this much longer than one POST may take. */
const LEASE_MARGIN_MS = 20_000;
/** A 429's wait is honoured up to an hour. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export type DeliveryOptions = {
  db: Db;
  config: AnnounceConfig;
  /** DATA_ENCRYPTION_KEY: opens the stored webhook URLs. */
  dataKey: string;
  /** The app's clock: due times are compared with it and written from it. */
  clock: () => Date;
  log: Logger;
  /** Run writes of this process wake an idle worker at once (else it polls). */
  feed?: ChangeFeed;
  /** Jitter source (tests pass a seeded one). */
  random?: () => number;
};

export type Delivery = {
  /** Stops claiming, lets the posts in flight finish and records their outcomes; resolves when done. */
  stop(): Promise<void>;
};

type Claimed = {
  id: number; gameId: number; idempotencyKey: string; payload: unknown; attempts: number;
  runKind: string | null; runId: number | null; revision: number; postStartedAt: Date | null;
};

/** A run's message on one webhook target. */
type Message = { messageId: string; lastSentAt: Date };

/**
 * Which channel a message lives in: a fingerprint of the webhook URL (the URL itself is a
 * secret and is never stored in the clear). A changed URL is a new target with no messages.
 */
export const webhookTarget = (url: string): string => createHash("sha256").update(`runboard webhook target\0${url}`).digest("hex").slice(0, 40);

/** Discord's message object carries its id (a snowflake); anything else is no id. */
function messageIdOf(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return (typeof id === "string" && /^[\w-]{1,32}$/.test(id)) ? id : null;
  } catch {
    return null;
  }
}

export { retryDelay };

/**
 * Discord's 429 wait in milliseconds: the body's `retry_after` (seconds, fractional), else
 * the Retry-After header (seconds); null when neither is readable.
 */
export function retryAfterMs(body: unknown, header: string | null): number | null {
  const fromBody = (body as { retry_after?: unknown } | null)?.retry_after;
  const seconds = typeof fromBody === "number" ? fromBody : header !== null && header.trim() !== "" ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(Math.ceil(seconds * 1000), MAX_RETRY_AFTER_MS) : null;
}

type Outcome =
  // Posted (with the new message's id, when the answer had one) or edited.
  | { kind: "delivered"; messageId?: string | null }
  | { kind: "retry"; error: string }
  | { kind: "rate_limited"; waitMs: number }
  | { kind: "given_up"; error: string }
  // The message was edited too recently: the row waits until it may be edited again.
  | { kind: "deferred"; until: Date }
  // Deleted on Discord's side (PATCH → 404): forget it; the row is posted anew at once.
  | { kind: "message_gone" }
  // A POST left and its answer never came back (worker killed, connection lost): not repeated.
  | { kind: "unconfirmed" };

/** Waiting and given-up rows, for /metrics (read at scrape time). */
export async function backlog(db: Db): Promise<{ waiting: number; failed: number }> {
  const [row] = await db.select({
    waiting: count(outbox.nextAttemptAt),
    all: count(),
  }).from(outbox).where(isNull(outbox.deliveredAt));
  const waiting = Number(row?.waiting ?? 0);
  return { waiting, failed: Number(row?.all ?? 0) - waiting };
}

/** Announcements alone on the engine (tests); the server runs this channel beside mail (`startOutbox`). */
export function startDelivery(o: DeliveryOptions): Delivery {
  return startOutbox({ channels: [discordChannel(o)], clock: o.clock, log: o.log, feed: o.feed, random: o.random });
}

/** The Discord channel: announcements to their game's webhook. */
export function discordChannel(o: Omit<DeliveryOptions, "feed" | "random">): Channel<Claimed> {
  const { db, config, clock, log } = o;
  /** How a 429 or other non-2xx answer is handled (the same for a POST and a PATCH). */
  function refused(row: Claimed, res: Posted, ctx: DeliverContext): Outcome {
    if (res.status === 429) {
      let body: unknown = null;
      try {
        body = JSON.parse(res.body);
      } catch {}
      const wait = retryAfterMs(body, res.retryAfter);
      return { kind: "rate_limited", waitMs: wait ?? ctx.retryDelay(row.attempts + 1) };
    }
    // Any other 4xx will not change by retrying (bad or deleted webhook); 5xx and 408 might.
    if (res.status >= 400 && res.status < 500 && res.status !== 408) return { kind: "given_up", error: `HTTP ${res.status}` };
    return { kind: "retry", error: `HTTP ${res.status}` };
  }

  function send(url: URL, row: Claimed, method: "POST" | "PATCH", rawUrl: string, key: string): Promise<Posted> {
    return postWebhook(url,
      { "content-type": "application/json", "idempotency-key": key, "user-agent": "Runboard announcements" },
      JSON.stringify(row.payload),
      // Only the development and test receiver on this machine skips the address check.
      { timeoutMs: config.timeoutMs, anyAddress: config.allowLoopbackHttp && isLoopbackHttpUrl(rawUrl), method });
  }

  type Plan = Outcome | { kind: "send"; method: "POST" | "PATCH"; url: string; message?: Message };

  /** What to do with a claimed row, before any request: give up, wait, edit its message, or post. */
  function plan(row: Claimed, url: string | null | undefined, message: Message | undefined): Plan {
    // The owner removed the webhook after the run changed: nowhere to post.
    if (url === undefined) return { kind: "given_up", error: "no webhook" };
    // Sealed under another DATA_ENCRYPTION_KEY: the owner must enter it again.
    if (url === null) return { kind: "given_up", error: "webhook unreadable (DATA_ENCRYPTION_KEY changed)" };
    // Saved under older rules, or the configuration changed since: the rules of now decide.
    if (webhookTargetProblem(url, config)) return { kind: "given_up", error: "target not allowed" };
    // A worker took this row, sent its POST and vanished before recording the answer: Discord
    // may hold the message, whose id we never learnt. Posting again could show it twice.
    if (row.postStartedAt) return { kind: "unconfirmed" };
    if (!message) return { kind: "send", method: "POST", url };
    const due = editDueAt(message.lastSentAt.getTime(), config.editIntervalMs);
    if (due > clock().getTime()) return { kind: "deferred", until: new Date(due) };
    return { kind: "send", method: "PATCH", url, message };
  }

  async function post(row: Claimed, p: Plan, ctx: DeliverContext): Promise<Outcome> {
    if (p.kind !== "send") return p;
    const { url, message } = p;
    if (message) {
      let res: Posted;
      try {
        const target = new URL(url);
        target.pathname = `${target.pathname.replace(/\/$/, "")}/messages/${encodeURIComponent(message.messageId)}`;
        res = await send(target, row, "PATCH", url, `${row.idempotencyKey}.${row.revision}`);
      } catch (err) {
        // An edit sets the message to a state: repeating it is harmless.
        const category = failureCategory(err);
        return category === "blocked address" ? { kind: "given_up", error: category } : { kind: "retry", error: category };
      }
      if (res.status >= 200 && res.status < 300) return { kind: "delivered" };
      if (res.status === 404) return { kind: "message_gone" };
      return refused(row, res, ctx);
    }
    let res: Posted;
    try {
      const target = new URL(url);
      // Discord answers only once the message exists, and with it (its id is what later edits name).
      target.searchParams.set("wait", "true");
      res = await send(target, row, "POST", url, row.idempotencyKey);
    } catch (err) {
      // The whole request left: Discord may have posted it. Not repeated (no duplicate posts).
      if (wasSent(err)) return { kind: "unconfirmed" };
      const category = failureCategory(err);
      // An address outside the public internet will not become one by retrying.
      return category === "blocked address" ? { kind: "given_up", error: category } : { kind: "retry", error: category };
    }
    if (res.status >= 200 && res.status < 300) return { kind: "delivered", messageId: messageIdOf(res.body) };
    return refused(row, res, ctx);
  }

  async function record(row: Claimed, outcome: Outcome, target: string | null, ctx: DeliverContext): Promise<DeliveryOutcome | null> {
    const now = clock();
    const attempts = row.attempts + 1;
    const run = row.runKind !== null && row.runId !== null ? { runKind: row.runKind, runId: row.runId } : null;
    // Every outcome but a deferral means no POST of this row is in flight any more.
    const base = { postStartedAt: null, attempts };
    if (outcome.kind === "delivered") {
      await db.transaction(async (tx) => {
        if (run && target && outcome.messageId) {
          await tx.insert(messages).values({ ...run, target, gameId: row.gameId, messageId: outcome.messageId, lastSentAt: now })
            .onConflictDoUpdate({ target: [messages.runKind, messages.runId, messages.target], set: { messageId: outcome.messageId, lastSentAt: now } });
        } else if (run && target) {
          await tx.update(messages).set({ lastSentAt: now })
            .where(and(eq(messages.runKind, run.runKind), eq(messages.runId, run.runId), eq(messages.target, target)));
        }
        // A write that replaced the payload while this one was on its way is still to be sent:
        // the row stays waiting, due when the message may be edited again.
        const current = sql`${outbox.revision} = ${row.revision}`;
        const again = new Date(editDueAt(now.getTime(), config.editIntervalMs));
        await tx.update(outbox).set({
          ...base, lastError: null,
          deliveredAt: sql`case when ${current} then ${now.toISOString()}::timestamptz end`,
          nextAttemptAt: sql`case when ${current} then null else ${again.toISOString()}::timestamptz end`,
          attempts: sql`case when ${current} then ${attempts} else 0 end`,
        }).where(eq(outbox.id, row.id));
      });
      return "delivered";
    }
    if (outcome.kind === "deferred") {
      await db.update(outbox).set({ nextAttemptAt: outcome.until }).where(eq(outbox.id, row.id));
      return null;
    }
    if (outcome.kind === "message_gone") {
      await db.transaction(async (tx) => {
        await tx.delete(messages).where(and(eq(messages.runKind, run!.runKind), eq(messages.runId, run!.runId), eq(messages.target, target!)));
        await tx.update(outbox).set({ ...base, attempts: row.attempts, nextAttemptAt: now, lastError: "message deleted on Discord" }).where(eq(outbox.id, row.id));
      });
      return "retry";
    }
    let set: Partial<typeof outbox.$inferInsert>;
    let result: "retry" | "rate_limited" | "given_up" = outcome.kind === "unconfirmed" ? "given_up" : outcome.kind;
    if (outcome.kind === "unconfirmed") {
      set = { nextAttemptAt: null, lastError: "post unconfirmed" };
      log.warn({ announcementId: row.id, gameId: row.gameId }, T.announce.postUnconfirmed);
    } else if (outcome.kind === "rate_limited") {
      // Discord's own wait; it does not count towards giving up.
      ctx.pause(outcome.waitMs);
      set = { nextAttemptAt: new Date(now.getTime() + outcome.waitMs), lastError: "HTTP 429" };
    } else if (outcome.kind === "given_up" || attempts >= config.maxAttempts) {
      result = "given_up";
      set = { nextAttemptAt: null, lastError: outcome.error };
      log.warn({ announcementId: row.id, gameId: row.gameId, attempts, error: outcome.error }, T.announce.givenUp);
    } else {
      set = { nextAttemptAt: new Date(now.getTime() + ctx.retryDelay(attempts)), lastError: outcome.error };
    }
    await db.update(outbox).set({ ...base, ...set, attempts: outcome.kind === "rate_limited" ? row.attempts : attempts }).where(eq(outbox.id, row.id));
    return result;
  }

  /** The claimed rows' messages on their game's current webhook target, keyed `kind:run:target`. */
  async function messagesOf(rows: Claimed[], targets: Map<number, string>): Promise<Map<string, Message>> {
    const runs = rows.filter((r) => r.runId !== null && targets.has(r.gameId));
    if (!runs.length) return new Map();
    const found = await db.select().from(messages)
      // All three key columns, so the primary key answers it.
      .where(and(inArray(messages.runKind, [...new Set(runs.map((r) => r.runKind!))]), inArray(messages.runId, [...new Set(runs.map((r) => r.runId!))]),
        inArray(messages.target, [...new Set(targets.values())])));
    return new Map(found.map((m) => [`${m.runKind}:${m.runId}:${m.target}`, { messageId: m.messageId, lastSentAt: m.lastSentAt }]));
  }

  async function deliver(rows: Claimed[], ctx: DeliverContext): Promise<(DeliveryOutcome | null)[]> {
    const ids = [...new Set(rows.map((r) => r.gameId))];
    const hooks = new Map((await db.select({ gameId: gameWebhooks.gameId, sealed: gameWebhooks.urlSealed }).from(gameWebhooks)
      .where(inArray(gameWebhooks.gameId, ids))).map((h) => [h.gameId, openWebhookUrl(o.dataKey, h.gameId, h.sealed)]));
    const targets = new Map([...hooks].flatMap(([gameId, url]) => (url ? [[gameId, webhookTarget(url)] as const] : [])));
    const known = await messagesOf(rows, targets);
    const plans = rows.map((row) => {
      const target = targets.get(row.gameId) ?? null;
      const message = target && row.runId !== null ? known.get(`${row.runKind}:${row.runId}:${target}`) : undefined;
      return { row, target, plan: plan(row, hooks.get(row.gameId), message) };
    });
    // Recorded before any POST leaves (one statement for the pass): if this worker dies before
    // an answer is recorded, the next claim knows that POST may have reached Discord.
    const posting = plans.filter((p) => p.plan.kind === "send" && p.plan.method === "POST").map((p) => p.row.id);
    if (posting.length) await db.update(outbox).set({ postStartedAt: clock() }).where(inArray(outbox.id, posting));
    return Promise.all(plans.map(async ({ row, target, plan: p }) => record(row, await post(row, p, ctx), target, ctx)));
  }

  return {
    name: "discord",
    batch: config.concurrency,
    pollMs: config.pollMs,
    retryBaseMs: config.retryBaseMs,
    retryMaxMs: config.retryMaxMs,
    // Hidden from other workers this much longer than one POST may take.
    claim: (now, limit) => claimDue(db, outbox, now, limit, config.timeoutMs + LEASE_MARGIN_MS, {
      id: outbox.id, gameId: outbox.gameId, idempotencyKey: outbox.idempotencyKey, payload: outbox.payload, attempts: outbox.attempts,
      runKind: outbox.runKind, runId: outbox.runId, revision: outbox.revision, postStartedAt: outbox.postStartedAt,
    }),
    deliver,
    nextDueAt: () => nextDueAt(db, outbox),
    backlog: () => backlog(db),
  };
}
