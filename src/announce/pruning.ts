// What the announcements keep, bounded (the hourly pruning job, src/api/audit/retention.ts):
// delivered posts go after 30 days and given-up ones 30 days after they were queued (their keys
// are random, so none is ever asked for again), and
// a run's Discord message id after 90 days without a post or edit: its run is long over, and a
// change after that is posted as a new message rather than edited into a buried one.
import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementMessages, announcementOutbox } from "../../db/schema";

const DAY_MS = 86_400_000;
export const DELIVERED_DAYS = 30;
export const MESSAGE_DAYS = 90;

/** Deletes delivered and given-up announcements and stale message ids; answers how many rows went. */
export async function pruneAnnouncements(db: Db, now: Date): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const o = announcementOutbox;
  const posts = await db.delete(o).where(or(
    and(isNotNull(o.deliveredAt), lt(o.deliveredAt, before(DELIVERED_DAYS))),
    // Given up: neither delivered nor due any more.
    and(isNull(o.deliveredAt), isNull(o.nextAttemptAt), lt(o.createdAt, before(DELIVERED_DAYS))),
  )).returning({ id: o.id });
  const ids = await db.delete(announcementMessages).where(lt(announcementMessages.lastSentAt, before(MESSAGE_DAYS)))
    .returning({ runId: announcementMessages.runId });
  return posts.length + ids.length;
}
