// Issue #29's delivery throughput figure (target ≥ 50 mails/s): 1,000 queued mails sent by the
// mail channel on the outbox engine, over SMTP to a local smtp-server (every message parsed by
// mailparser, as the tests' receiver does), from the first claim to the last recorded outcome.
// PGlite always; PostgreSQL too when DATABASE_URL names a server (a scratch database is made
// and dropped). `bun scripts/bench-mail.ts`.
import { count, isNull } from "drizzle-orm";
import { openDb, type DbHandle } from "../db/client";
import { migrate } from "../db/migrate";
import { mailOutbox } from "../db/schema";
import { mailConfig } from "../src/config/mailConfig";
import { mailChannel } from "../src/mail/delivery";
import { composeMail } from "../src/mail/compose";
import { queueMail } from "../src/mail/queue";
import { createLogger } from "../src/ops/logger";
import { startOutbox } from "../src/ops/outbox/engine";
import { smtpReceiver } from "../src/testing/smtpReceiver";
import { postgresDatabase } from "../src/testing/template";

const MAILS = 1000;
const log = createLogger({ logLevel: "warn", prettyLogs: false, shutdownGraceMs: 0 });

async function bench(label: string, h: DbHandle, concurrency: number): Promise<void> {
  await migrate(h);
  await h.db.delete(mailOutbox);
  const smtp = await smtpReceiver();
  const now = new Date();
  await h.db.transaction((tx) => queueMail(tx, now, Array.from({ length: MAILS }, (_, i) => composeMail({
    purpose: "alert-spot", to: `visitor${i}@example.com`, subject: `A place opened (${i})`,
    paragraphs: ["A place opened on the run you follow.", "Places go to whoever books first."],
    action: { label: "Book it", url: `https://runs.example/runs/R-1?for=${i}` }, footer: ["You get this mail because you asked to be told."],
  }))));
  const config = { ...mailConfig({ NODE_ENV: "production", SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@runs.example>", MAIL_CONCURRENCY: concurrency }) };
  const clock = () => new Date();
  const t0 = performance.now();
  const outbox = startOutbox({ channels: [mailChannel({ db: h.db, config, dataDir: "/tmp", clock, log })!], clock, log });
  const waiting = async () => Number((await h.db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.deliveredAt)))[0]!.n);
  while ((await waiting()) > 0) await Bun.sleep(20);
  const seconds = (performance.now() - t0) / 1000;
  await outbox.stop();
  await smtp.close();
  if (smtp.received.length !== MAILS) throw new Error(`expected ${MAILS} mails, the receiver has ${smtp.received.length}`);
  console.log(`mail delivery (${label}, MAIL_CONCURRENCY=${concurrency}): ${MAILS} mails in ${seconds.toFixed(2)} s = ${(MAILS / seconds).toFixed(0)} mails/s (target ≥ 50)`);
}

const pglite = await openDb({ dataDir: "memory://" });
for (const c of [1, 5]) await bench("PGlite", pglite, c);
await pglite.close();

if (process.env.DATABASE_URL) {
  const made = await postgresDatabase(process.env.DATABASE_URL, `runboard_bench_mail_${process.pid}`, { bare: true });
  const pg = await openDb({ databaseUrl: made.url, max: 10 });
  try {
    for (const c of [1, 5]) await bench("PostgreSQL", pg, c);
  } finally {
    await pg.close();
    await made.drop();
  }
}
process.exit(0);
