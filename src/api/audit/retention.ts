// Events older than the retention window (AUDIT_RETENTION_DAYS, 365 by default) are
// deleted by a job the server schedules; the clock is injected, so tests move time.
import { lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditEvents } from "../../../db/schema";
import { pruneMailOutbox } from "../../mail/delivery";
import { pruneAnnouncements } from "../../announce/pruning";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the events older than `days` before `now`; answers how many went. */
export async function pruneAuditEvents(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const gone = await db.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
  return gone.length;
}

/**
 * Runs `pruneAuditEvents` (and the mail outbox's pruning: sent mail after 7 days, failed after
 * 30; and the announcements': src/announce/pruning.ts) now and then every `everyMs` (an hour by default) until stopped;
 * `tick` runs it once more at once (what the timer does).
 * A failed run (database away) is logged and tried again on the next tick.
 */
export function schedulePruning(
  opts: { db: Db; clock: () => Date; days: number; everyMs?: number; onError?: (err: unknown) => void },
): { stop(): void; done: Promise<unknown>; tick(): Promise<unknown> } {
  const tick = () => Promise.all([pruneAuditEvents(opts.db, opts.clock(), opts.days), pruneMailOutbox(opts.db, opts.clock()), pruneAnnouncements(opts.db, opts.clock())])
    .catch((err) => opts.onError?.(err));
  const done = tick();
  const timer = setInterval(() => void tick(), opts.everyMs ?? 60 * 60 * 1000);
  timer.unref?.();
  return { stop: () => clearInterval(timer), done, tick };
}
