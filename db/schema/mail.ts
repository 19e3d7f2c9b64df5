import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

// Outgoing mail (docs/decisions/32-mail-delivery.md).

/**
 * The mail outbox: one row per message, written in the transaction of the write that causes
 * it (`queueMail`, src/mail/queue.ts) and sent by the delivery worker. `next_attempt_at` is
 * when the row is due (a claim pushes it ahead by a lease); null once sent or failed.
 * `purpose` names what the mail is for (metrics, the staff view), never who it is for.
 * The message itself (recipient, subject, parts, headers) is fixed when queued; once the row
 * is sent or has failed, the worker clears the recipient and the parts, so the table keeps
 * no visitor's address longer than the delivery.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // The Message-ID's local part: a receiver that sees one message twice can tell.
    idempotencyKey: varchar("idempotency_key", { length: 64 }).notNull().unique(),
    purpose: varchar("purpose", { length: 32 }).notNull(),
    recipient: text("recipient"),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: varchar("last_error", { length: 200 }),
    // Set just before the message is handed to SMTP, cleared with the outcome (as for Discord posts).
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
  },
  (t) => [
    // The worker's claim reads due rows in order; sent and failed rows leave the index.
    index("mail_outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.nextAttemptAt} is not null`),
    // The staff view lists the latest failed mails; only failed rows enter the index.
    index("mail_outbox_failed_idx").on(t.failedAt).where(sql`${t.failedAt} is not null`),
  ],
);
