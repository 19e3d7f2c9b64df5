// The headline figure of issue #29, on PostgreSQL with real server processes: 1,000 queued
// mails, an SMTP receiver that answers 4xx to 30 % of attempts, two servers delivering at
// once, one of them restarted (SIGTERM, drained) midway: every address receives exactly one
// mail, none two, and nothing is lost or failed.
import { afterAll, describe, expect, test } from "bun:test";
import { count, isNull } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { resetDb, testDatabaseUrl } from "../testing/db";
import { startProductionServers, stopProductionServers, type ProductionServer } from "../testing/productionServers";
import { greylisting, smtpReceiver, type SmtpReceiver } from "../testing/smtpReceiver";
import { composeMail } from "./compose";
import { queueMail } from "./queue";
import { seeded } from "../testing/seeded";


const MAILS = 1000;

// Needs a PostgreSQL server (several processes on one database): registered only with DATABASE_URL.
if (process.env.DATABASE_URL) describe("the mail figure on PostgreSQL", () => {
  let servers: ProductionServer[] = [];
  let smtp: SmtpReceiver | undefined;
  afterAll(async () => {
    await stopProductionServers(servers);
    await smtp?.close();
  }, 60_000);

  test("1,000 mails, 30 % of SMTP attempts answered 4xx, two processes, one restarted by SIGTERM midway: each address gets exactly one mail", async () => {
    const { db } = await resetDb({ runs: false });
    const greylisted = greylisting(seeded(29));
    smtp = await smtpReceiver({ answer: greylisted.answer });
    const addresses = Array.from({ length: MAILS }, (_, i) => `visitor${i}@example.com`);
    await db.transaction((tx) => queueMail(tx, new Date(), addresses.map((to, i) => composeMail({
      purpose: "alert-spot", to, subject: `A place opened (${i})`, paragraphs: ["A place opened on the run you follow."],
      action: { label: "Book it", url: `https://runs.example/runs/R-1?for=${i}` },
    }))));
    const env = {
      SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@runs.example>",
      MAIL_RETRY_BASE_MS: "5", MAIL_RETRY_MAX_MS: "100", MAIL_POLL_MS: "20", MAIL_MAX_ATTEMPTS: "40",
    };
    const started = performance.now();
    servers = await startProductionServers(2, testDatabaseUrl()!, env);

    // Process A is stopped as a deployment stops it, while mails are on their way.
    while (smtp.received.length < MAILS * 0.3 || greylisted.inFlight() === 0) await Bun.sleep(2);
    const a = servers[0]!;
    a.proc.kill("SIGTERM");
    expect(await a.proc.exited).toBe(0);
    const atStop = smtp.received.length;
    // A restarted in its place; B went on delivering meanwhile.
    servers = [servers[1]!, ...(await startProductionServers(1, testDatabaseUrl()!, env))];

    const waiting = async () => Number((await db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.deliveredAt)))[0]!.n);
    while ((await waiting()) > 0) await Bun.sleep(20);
    const seconds = (performance.now() - started) / 1000;

    const perAddress = new Map<string, number>();
    for (const m of smtp.received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect(perAddress.size).toBe(MAILS);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(perAddress.keys())).toEqual(new Set(addresses));
    expect(smtp.received).toHaveLength(MAILS);
    const refused = smtp.attempts.filter((x) => x.code === 451).length;
    expect(refused).toBeGreaterThan(MAILS * 0.3);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.deliveredAt && !r.failedAt && r.recipient === null && r.sendStartedAt === null)).toBe(true);
    console.log(`[figure] mail: ${MAILS} mails to ${MAILS} addresses, each received once; ${refused} of ${smtp.attempts.length} SMTP attempts answered 451 and retried; process A stopped by SIGTERM after ${atStop} mails and restarted; ${seconds.toFixed(1)} s (${(MAILS / seconds).toFixed(0)} mails/s including the retries and two server starts)`);
  }, 240_000);
});
