// The change feed: how every process learns that public data (or a session) changed.
//
// A write calls `publicChanged(tx)` / `sessionsChanged(tx)` inside its transaction. That
// does two things:
//  - bumps every local feed at once, so this process's next request rebuilds;
//  - `pg_notify`s the change, which PostgreSQL delivers to every LISTENing process only
//    when the transaction commits (and never when it rolls back).
// A local bump happens before the commit, so a rebuild starting between the bump and the
// commit would read the old rows and believe itself fresh. With a listener (PostgreSQL)
// each local bump therefore stays "pending" until its own notification comes back after
// the commit (or a few seconds pass, for a rolled-back write); while anything is pending
// nothing counts as fresh. PGlite is one connection whose transactions exclude every other
// query, so a rebuild cannot run inside that window and the local bump is enough.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const CHANGE_CHANNEL = "runboard_changes";
export type Topic = "public" | "sessions";

/** How long a local change waits for its own notification before it is assumed rolled back. */
const PENDING_MS = 5_000;

type Tx = Pick<Db, "execute">;

export class ChangeFeed {
  private pending = new Map<string, ReturnType<typeof setTimeout>>();
  private listeners = new Set<(topic: Topic | "all") => void>();
  /** True once a cross-process listener is attached (then local changes wait for their echo). */
  remote = false;

  /** Nothing in flight: a load that saw the same version before and after is current. */
  get settled(): boolean {
    return this.pending.size === 0;
  }

  onChange(fn: (topic: Topic | "all") => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** A change made by this process (still inside its transaction). */
  local(topic: Topic, token: string): void {
    if (this.remote) {
      this.pending.set(token, setTimeout(() => this.settle(token), PENDING_MS));
    }
    this.bump(topic);
  }

  /** A notification from PostgreSQL: some process committed a change. */
  received(payload: string): void {
    const [topic, token] = payload.split(":", 2) as [Topic, string | undefined];
    if (token) this.settle(token);
    this.bump(topic === "sessions" ? "sessions" : "public");
  }

  /** Anything may have changed (a listener that reconnects missed notifications). */
  everything(): void {
    this.bump("all");
  }

  private settle(token: string): void {
    const timer = this.pending.get(token);
    if (timer) clearTimeout(timer);
    this.pending.delete(token);
  }

  private bump(topic: Topic | "all"): void {
    for (const fn of this.listeners) fn(topic);
  }

  close(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
    localFeeds.delete(this);
  }
}

/**
 * A reader's view of one topic: `version` grows with every change of it. A load that saw
 * the same version before and after, with nothing pending, is current.
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
    return this.version === startedAt && this.feed.settled;
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

let seq = 0;

async function changed(tx: Tx, topic: Topic): Promise<void> {
  const token = `${process.pid}.${++seq}`;
  for (const feed of localFeeds) feed.local(topic, token);
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`${topic}:${token}`})`);
}

/** Call inside the transaction of every write that can change what public pages show. */
export const publicChanged = (tx: Tx) => changed(tx, "public");

/** Call inside the transaction of every write that ends a session or changes a signed-in person. */
export const sessionsChanged = (tx: Tx) => changed(tx, "sessions");
