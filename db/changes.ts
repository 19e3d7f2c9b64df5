// The change feed: how every process learns that public data (or a session) changed.
//
// A write calls `publicChanged(tx)` / `sessionsChanged(tx)` inside its transaction. That
//  - `pg_notify`s the change, which PostgreSQL delivers to every LISTENing process only
//    when the transaction commits (and never when it rolls back);
//  - queues a local mark on the transaction, applied to this process's feeds once
//    `db.transaction` resolves, i.e. after the commit (dropped when it throws: rollback,
//    or an attempt that `transact` retries, whose retry queues its own mark).
// Marking only after the commit means a rebuild can never read the old rows and then be
// taken for fresh: until the commit the last committed snapshot stays current (and is
// served), and the first request after it rebuilds once. Called outside a transaction
// (autocommit), the mark is applied as soon as the statement returns.
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export const CHANGE_CHANNEL = "runboard_changes";
/** "outbox": a row was queued for a delivery loop of this process (local only, never NOTIFYd). */
export type Topic = "public" | "sessions" | "outbox";

type Tx = Pick<Db, "execute">;

export class ChangeFeed {
  private listeners = new Set<(topic: Topic | "all") => void>();
  /** True once a cross-process listener is attached (server.ts). Informational. */
  remote = false;

  onChange(fn: (topic: Topic | "all") => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** A committed change made by this process. */
  local(topic: Topic): void {
    this.bump(topic);
  }

  /** A notification from PostgreSQL: some process committed a change (our own were applied already). */
  received(payload: string): void {
    const [topic, token = ""] = payload.split(":", 2);
    if (token.startsWith(`${process.pid}.`)) return;
    this.bump(topic === "sessions" ? "sessions" : "public");
  }

  /** Anything may have changed (a listener that reconnects missed notifications). */
  everything(): void {
    this.bump("all");
  }

  private bump(topic: Topic | "all"): void {
    for (const fn of this.listeners) fn(topic);
  }

  close(): void {
    localFeeds.delete(this);
  }
}

/**
 * A reader's view of one topic: `version` grows with every committed change of it. A load
 * that saw the same version before and after is current.
 */
export class Tracker {
  version = 0;
  constructor(readonly feed: ChangeFeed, topic: Topic) {
    feed.onChange((t) => {
      if (t === topic || t === "all") this.version++;
    });
  }

  /** Current for a load that started at `startedAt`. */
  current(startedAt: number): boolean {
    return this.version === startedAt;
  }
}

// Every feed of this process (one per app; tests may hold a few). A change reaches them all.
const localFeeds = new Set<ChangeFeed>();

export function newChangeFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  localFeeds.add(feed);
  return feed;
}

/**
 * Writes made behind the app's back (tests that edit tables directly, a restored backup):
 * every feed of this process assumes everything changed.
 */
export function everythingChanged(): void {
  for (const feed of localFeeds) feed.everything();
}

function applyLocally(topics: Iterable<Topic>): void {
  for (const topic of topics) for (const feed of localFeeds) feed.local(topic);
}

/** Marks queued on an open transaction (and its savepoints), applied after the outermost commit. */
const queued = new WeakMap<object, Set<Topic>>();
const tracked = new WeakSet<object>();

/**
 * Makes `db.transaction` (and nested savepoint transactions) apply the marks queued inside
 * it only once it resolves. Idempotent; readPath() calls it for the app's database.
 */
export function trackCommits(db: Db): Db {
  wrapTransaction(db, applyLocally);
  return db;
}

function wrapTransaction(target: object, onCommit: (marks: Set<Topic>) => void): void {
  if (tracked.has(target)) return;
  tracked.add(target);
  const t = target as { transaction: (work: (tx: object) => Promise<unknown>, config?: unknown) => Promise<unknown> };
  const original = t.transaction.bind(target);
  t.transaction = async (work, config) => {
    const marks = new Set<Topic>();
    const result = await original((tx) => {
      queued.set(tx, marks);
      // A savepoint that succeeds hands its marks to the enclosing transaction.
      wrapTransaction(tx, (inner) => {
        for (const m of inner) marks.add(m);
      });
      return work(tx);
    }, config);
    if (marks.size) onCommit(marks);
    return result;
  };
}

let seq = 0;

async function changed(tx: Tx, topic: Topic): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`${topic}:${process.pid}.${++seq}`})`);
  const marks = queued.get(tx);
  if (marks) marks.add(topic);
  else applyLocally([topic]); // autocommit: the write is already visible
}

/**
 * Call inside the transaction that queues outbox rows (mail): this process's delivery loops
 * wake once it commits. Local only: any process's loop may send the row, and this one is awake.
 */
export function outboxQueued(tx: object): void {
  const marks = queued.get(tx);
  if (marks) marks.add("outbox");
  else applyLocally(["outbox"]);
}

/** Call inside the transaction of every write that can change what public pages show. */
export const publicChanged = (tx: Tx) => changed(tx, "public");

/** Call inside the transaction of every write that ends a session or changes a signed-in person. */
export const sessionsChanged = (tx: Tx) => changed(tx, "sessions");
