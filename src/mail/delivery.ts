// The mail channel of the outbox engine (src/ops/outbox/engine.ts): sends queued mail over
// SMTP (a nodemailer pool from SMTP_URL, DKIM-signed when configured), or, in development and
// tests without SMTP_URL, writes each mail as an .eml file under DATA_DIR/mail (listed at
// /dev/mail). Production without SMTP_URL has no mail channel (`mailChannel` answers null).
// docs/decisions/32-mail-delivery.md: 4xx and connection errors retry with backoff up to
// MAIL_MAX_ATTEMPTS; a 5xx for the recipient fails the mail at once; a send that a dead
// worker began is not repeated (at most once); a sent or failed row forgets its recipient.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, count, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox as outbox } from "../../db/schema";
import type { MailConfig } from "../config/mailConfig";
import type { Logger } from "../ops/logger";
import { claimDue, nextDueAt, type Channel, type DeliveryOutcome } from "../ops/outbox/engine";
import { T } from "../shared/text";

/**
 * Mails one pass claims per pool connection: the pool queues them, so the claim and the
 * send_started_at mark are shared by more mails (throughput ×1.5-2 in scripts/bench-mail.ts).
 */
const PER_CONNECTION = 4;

/**
 * A claim outlives the slowest pass it allows: each of a connection's mails may take connect,
 * greeting, commands and the message at MAIL_TIMEOUT_MS each. Past it, another worker finds
 * send_started_at set and does not send the mail again.
 */
export const mailLeaseMs = (config: Pick<MailConfig, "timeoutMs">) => config.timeoutMs * 4 * PER_CONNECTION + 20_000;

export type MailDeliveryOptions = {
  db: Db;
  config: MailConfig;
  /** DATA_DIR: the files transport writes under DATA_DIR/mail. */
  dataDir: string;
  clock: () => Date;
  log: Logger;
};

type Claimed = {
  id: number; idempotencyKey: string; purpose: string; recipient: string | null; subject: string | null;
  textBody: string | null; htmlBody: string | null; headers: Record<string, string> | null; attempts: number; sendStartedAt: Date | null;
};

/** What became of one send: accepted, worth another try, or refused for good. */
type Outcome = { kind: "delivered" } | { kind: "retry"; error: string } | { kind: "failed"; error: string } | { kind: "unconfirmed" };

/** The folder the files transport writes to (and /dev/mail reads). */
export const mailDir = (dataDir: string) => join(dataDir, "mail");

/** The domain of the Message-IDs: DKIM's, else the From address's. */
export function messageIdDomain(config: Pick<MailConfig, "from" | "dkim">): string {
  return config.dkim?.domainName ?? /@([^>\s]+)/.exec(config.from)?.[1] ?? "localhost";
}

/** The Message-ID of a queued mail: its idempotency key, so a receiver that sees it twice can tell. */
export const messageIdOf = (key: string, domain: string) => `<${key}@${domain}>`;

/**
 * An SMTP failure as a retry or a failure, with an error that never holds the recipient (a
 * server's answer often quotes the address, so only its codes are kept).
 */
export function classifySmtpError(err: unknown): Exclude<Outcome, { kind: "delivered" } | { kind: "unconfirmed" }> {
  const e = err as { responseCode?: number; command?: string; code?: string; response?: string };
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  if (code !== null) {
    const enhanced = /\b[245]\.\d{1,3}\.\d{1,3}\b/.exec(e.response ?? "")?.[0];
    const error = `SMTP ${code}${enhanced ? ` ${enhanced}` : ""}${e.command ? ` at ${e.command}` : ""}`;
    // A 5xx for this recipient or this message is final (RFC 5321); a 5xx elsewhere (AUTH,
    // MAIL FROM) is the sending side's configuration, which an operator can fix: retried.
    if (code >= 500 && (e.command === "RCPT TO" || e.command === "DATA")) return { kind: "failed", error };
    return { kind: "retry", error };
  }
  // No answer: connection refused or lost, a timeout, TLS. The server did not take the mail.
  return { kind: "retry", error: `SMTP ${e.code ?? "error"}`.slice(0, 200) };
}

type Transport = { send(mail: SendMailOptions, row: Claimed): Promise<void>; close(): void };

/** nodemailer, loaded with the first mail: a server that sends none does not pay its start-up (~200 ms). */
const loadNodemailer = async () => (await import("nodemailer")).default;

async function smtpTransport(config: MailConfig): Promise<Transport> {
  const url = new URL(config.smtpUrl!);
  const secure = url.protocol === "smtps:";
  const transporter = (await loadNodemailer()).createTransport({
    pool: true, maxConnections: config.concurrency, maxMessages: 100,
    host: url.hostname, port: url.port ? Number(url.port) : secure ? 465 : 587, secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: config.timeoutMs, greetingTimeout: config.timeoutMs, socketTimeout: config.timeoutMs,
    dkim: config.dkim,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** Development and tests without SMTP_URL: the raw message, as an .eml file, newest named last. */
async function filesTransport(config: MailConfig, dataDir: string, clock: () => Date): Promise<Transport> {
  const transporter = (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "windows", dkim: config.dkim });
  const dir = mailDir(dataDir);
  return {
    async send(mail, row) {
      const info = await transporter.sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = clock().toISOString().replace(/[:.]/g, "-");
      await writeFile(join(dir, `${stamp}-${row.idempotencyKey}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

/** Waiting and failed mail, for /metrics and the staff view. */
export async function mailBacklog(db: Db): Promise<{ waiting: number; failed: number }> {
  const [row] = await db.select({ waiting: count(outbox.nextAttemptAt), failed: count(outbox.failedAt) }).from(outbox)
    .where(or(isNotNull(outbox.nextAttemptAt), isNotNull(outbox.failedAt)));
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}

/** What a sent or failed row forgets: who it was for and what it said. */
const FORGET = { recipient: null, subject: null, textBody: null, htmlBody: null, headers: null } as const;

/** The mail channel, or null when this configuration sends no mail (production without SMTP_URL). */
export function mailChannel(o: MailDeliveryOptions): Channel<Claimed> | null {
  const { db, config, clock, log } = o;
  if (config.transport === "none") return null;
  // Made with the first mail (see loadNodemailer).
  let transport: Promise<Transport> | null = null;
  const open = () => {
    transport ??= config.transport === "smtp" ? smtpTransport(config) : filesTransport(config, o.dataDir, clock);
    return transport;
  };
  const domain = messageIdDomain(config);

  async function send(row: Claimed): Promise<Outcome> {
    // A worker began this send and died before recording it: the server may have the mail.
    if (row.sendStartedAt) return { kind: "unconfirmed" };
    // Forgotten already (cannot happen for a waiting row; kept safe): nothing to send.
    if (!row.recipient) return { kind: "failed", error: "no recipient" };
    try {
      await (await open()).send({
        from: config.from, to: row.recipient, subject: row.subject ?? "", text: row.textBody ?? "", html: row.htmlBody ?? undefined,
        headers: row.headers ?? undefined, messageId: messageIdOf(row.idempotencyKey, domain), date: clock(),
      }, row);
      return { kind: "delivered" };
    } catch (err) {
      return config.transport === "smtp" ? classifySmtpError(err) : { kind: "retry", error: `files: ${(err as { code?: string }).code ?? "error"}` };
    }
  }

  async function record(row: Claimed, outcome: Outcome, retryDelay: (attempt: number) => number): Promise<DeliveryOutcome> {
    const now = clock();
    const attempts = row.attempts + 1;
    if (outcome.kind === "delivered") {
      await db.update(outbox).set({ ...FORGET, attempts, deliveredAt: now, nextAttemptAt: null, sendStartedAt: null, lastError: null }).where(eq(outbox.id, row.id));
      return "delivered";
    }
    if (outcome.kind === "retry" && attempts < config.maxAttempts) {
      await db.update(outbox).set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelay(attempts)), sendStartedAt: null, lastError: outcome.error })
        .where(eq(outbox.id, row.id));
      return "retry";
    }
    const error = outcome.kind === "unconfirmed" ? "send unconfirmed" : outcome.error;
    if (outcome.kind === "unconfirmed") log.warn({ mailId: row.id, purpose: row.purpose }, T.mail.sendUnconfirmed);
    else log.warn({ mailId: row.id, purpose: row.purpose, attempts, error }, T.mail.failed);
    await db.update(outbox).set({ ...FORGET, attempts: outcome.kind === "unconfirmed" ? row.attempts : attempts, failedAt: now, nextAttemptAt: null, sendStartedAt: null, lastError: error })
      .where(eq(outbox.id, row.id));
    return "given_up";
  }

  return {
    name: "mail",
    batch: config.concurrency * PER_CONNECTION,
    pollMs: config.pollMs,
    retryBaseMs: config.retryBaseMs,
    retryMaxMs: config.retryMaxMs,
    claim: (now, limit) => claimDue(db, outbox, now, limit, mailLeaseMs(config), {
      id: outbox.id, idempotencyKey: outbox.idempotencyKey, purpose: outbox.purpose, recipient: outbox.recipient, subject: outbox.subject,
      textBody: outbox.textBody, htmlBody: outbox.htmlBody, headers: outbox.headers, attempts: outbox.attempts, sendStartedAt: outbox.sendStartedAt,
    }),
    async deliver(rows, ctx) {
      // Recorded before any mail is handed over (one statement for the pass): if this worker
      // dies before an outcome is recorded, the next claim knows the mail may have left.
      const sending = rows.filter((r) => !r.sendStartedAt).map((r) => r.id);
      if (sending.length) await db.update(outbox).set({ sendStartedAt: clock() }).where(inArray(outbox.id, sending));
      return Promise.all(rows.map(async (row) => record(row, await send(row), ctx.retryDelay)));
    },
    nextDueAt: () => nextDueAt(db, outbox),
    backlog: () => mailBacklog(db),
    wakeOn: (topic) => topic === "outbox" || topic === "all",
    async close() {
      (await transport)?.close();
    },
  };
}

/** Sent mail older than `sentDays` and failed mail older than `failedDays` go (the hourly pruning job). */
export async function pruneMailOutbox(db: Db, now: Date, o: { sentDays?: number; failedDays?: number } = {}): Promise<number> {
  const day = 86_400_000;
  const gone = await db.delete(outbox).where(or(
    lt(outbox.deliveredAt, new Date(now.getTime() - (o.sentDays ?? 7) * day)),
    and(isNotNull(outbox.failedAt), lt(outbox.failedAt, new Date(now.getTime() - (o.failedDays ?? 30) * day))),
  )).returning({ id: outbox.id });
  return gone.length;
}
