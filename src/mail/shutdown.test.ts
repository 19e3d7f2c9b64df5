// The real server on SIGTERM with mail being sent: the drain lets the mails in flight finish
// and records them before the database closes, so a restart sends none of them again. And on
// SIGKILL after the SMTP server took a mail and before its answer was recorded: not sent again
// (at most once, docs/decisions/32-mail-delivery.md).
import { afterAll, expect, test } from "bun:test";
import { isNotNull } from "drizzle-orm";
import { openDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { startServer, type Server } from "../../scripts/e2e/harness";
import { parseConfig } from "../config/appConfig";
import { captureLog } from "../testing/log";
import { smtpReceiver, type SmtpReceiver } from "../testing/smtpReceiver";
import { startTestMailDelivery } from "../testing/mailDelivery";
import { composeMail } from "./compose";
import { queueMail } from "./queue";
import { mailLeaseMs } from "./delivery";

const servers: Server[] = [];
const receivers: SmtpReceiver[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const r of receivers) await r.close();
}, 60_000);

const mail = (i: number) => composeMail({ purpose: "invitation", to: `person${i}@example.com`, subject: `Mail ${i}`, paragraphs: [`Mail ${i}`] });
const keyOf = (messageId: string) => /^<([^@]+)@/.exec(messageId)![1]!;

test("SIGTERM mid-delivery: mails in flight finish and are recorded as sent; the rest stay queued", async () => {
  let inFlight = 0;
  const smtp = await smtpReceiver({
    answer: async () => {
      inFlight++;
      // Slow enough that the signal lands while mails are in flight.
      await Bun.sleep(300);
      inFlight--;
      return "accept" as const;
    },
  });
  receivers.push(smtp);
  const server = await startServer({
    env: { NODE_ENV: "test", SMTP_URL: smtp.url, MAIL_CONCURRENCY: "2", MAIL_POLL_MS: "50" },
    prepare: (db) => db.transaction((tx) => queueMail(tx, new Date(0), Array.from({ length: 20 }, (_, i) => mail(i)))),
  });
  servers.push(server);
  while (smtp.received.length < 2 || inFlight === 0) await Bun.sleep(5);
  server.proc.kill("SIGTERM");
  expect(await server.proc.exited).toBe(0);
  expect(inFlight).toBe(0);

  const handle = await openDb({ databaseUrl: server.env.DATABASE_URL, dataDir: server.env.DATA_DIR, max: 1 });
  try {
    const sent = await handle.db.select({ key: mailOutbox.idempotencyKey }).from(mailOutbox).where(isNotNull(mailOutbox.deliveredAt));
    // Exactly what the receiver accepted is recorded: nothing accepted is left to send again.
    expect(sent.map((d) => d.key).sort()).toEqual(smtp.received.map((m) => keyOf(m.messageId)).sort());
    expect(smtp.received.length).toBeLessThan(20);
    const queued = await handle.db.select().from(mailOutbox).where(isNotNull(mailOutbox.nextAttemptAt));
    expect(queued.length).toBe(20 - smtp.received.length);
    // None is marked as being sent, so none will be taken for a send that may have left.
    expect(queued.every((r) => r.sendStartedAt === null && r.recipient !== null)).toBe(true);
  } finally {
    await handle.close();
  }
}, 120_000);

test("SIGKILL after the SMTP server took a mail and before its answer was recorded: no second mail after the restart", async () => {
  let release = () => {};
  const answered = new Promise<void>((r) => {
    release = r;
  });
  let inFlight = 0;
  const smtp = await smtpReceiver({
    answer: async () => {
      inFlight++;
      await answered;
      inFlight--;
      return "accept" as const;
    },
  });
  receivers.push(smtp);
  const killed = await startServer({
    env: { NODE_ENV: "test", SMTP_URL: smtp.url, MAIL_POLL_MS: "50" },
    prepare: (db) => db.transaction((tx) => queueMail(tx, new Date(0), mail(1))),
  });
  servers.push(killed);
  while (inFlight === 0) await Bun.sleep(5);
  killed.proc.kill("SIGKILL");
  await killed.proc.exited;
  release();
  await smtp.waitFor(1);

  const handle = await openDb({ databaseUrl: killed.env.DATABASE_URL, dataDir: killed.env.DATA_DIR, max: 1 });
  try {
    const [row] = await handle.db.select().from(mailOutbox);
    // The marker the dead worker left: this mail may have reached the server.
    expect(row!.sendStartedAt).not.toBeNull();
    expect(row!.deliveredAt).toBeNull();
    // A new worker once the dead one's lease has run out.
    const config = parseConfig(killed.env);
    const later = new Date(Date.now() + mailLeaseMs(config.mail) + 60_000);
    const log = captureLog();
    const worker = startTestMailDelivery({ db: handle.db, config, clock: () => later }, smtp.url, { clock: () => later, log: log.logger });
    try {
      while ((await handle.db.select().from(mailOutbox))[0]!.nextAttemptAt !== null) await Bun.sleep(10);
    } finally {
      await worker.stop();
    }
    expect((await handle.db.select().from(mailOutbox))[0]).toMatchObject({ lastError: "send unconfirmed", deliveredAt: null, sendStartedAt: null, recipient: null });
    // The server holds one mail; nothing was sent again.
    expect(smtp.attempts).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    expect(await log.text()).toContain("mail send outcome unknown");
  } finally {
    await handle.close();
  }
}, 120_000);
