// Queuing mail: called inside the transaction of the write that causes it, so a mail exists
// exactly when its write committed. The delivery worker sends it (docs/decisions/32).
import type { Db } from "../../db/client";
import { outboxQueued } from "../../db/changes";
import { mailOutbox } from "../../db/schema";
import type { MailMessage } from "./message";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Queues these mails in the write's transaction, due at `now` (or at `dueAt`, e.g. a reminder). */
export async function queueMail(tx: Tx, now: Date, mails: MailMessage | readonly MailMessage[], o: { dueAt?: Date } = {}): Promise<void> {
  const list = Array.isArray(mails) ? (mails as readonly MailMessage[]) : [mails as MailMessage];
  if (!list.length) return;
  await tx.insert(mailOutbox).values(list.map((m) => ({
    idempotencyKey: crypto.randomUUID(), purpose: m.purpose, recipient: m.to, subject: m.subject,
    textBody: m.text, htmlBody: m.html, headers: m.headers ?? null, nextAttemptAt: o.dueAt ?? now,
  })));
  // This process's mail loop wakes once the write commits (a later due time it finds itself).
  outboxQueued(tx);
}
