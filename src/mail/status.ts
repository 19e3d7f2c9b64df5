// What staff see of outgoing mail: how many wait and how many failed, and the latest failed
// ones (what they were for, when, why). No address: a failed row has forgotten it.
import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox as outbox } from "../../db/schema";
import { mailBacklog } from "./delivery";
import type { MailPurpose } from "./message";

export type FailedMail = { id: number; purpose: MailPurpose; failedAt: string; error: string | null; attempts: number };
export type MailStatus = { waiting: number; failed: number; recent: FailedMail[] };

export async function mailStatus(db: Db, limit = 20): Promise<MailStatus> {
  const [backlog, recent] = await Promise.all([
    mailBacklog(db),
    db.select({ id: outbox.id, purpose: outbox.purpose, failedAt: outbox.failedAt, error: outbox.lastError, attempts: outbox.attempts })
      .from(outbox).where(isNotNull(outbox.failedAt)).orderBy(desc(outbox.failedAt), desc(outbox.id)).limit(limit),
  ]);
  return {
    ...backlog,
    recent: recent.map((r) => ({ ...r, purpose: r.purpose as MailPurpose, failedAt: r.failedAt!.toISOString() })),
  };
}
