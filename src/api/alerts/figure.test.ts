// The headline figure of issue #29 for alerts, on PostgreSQL with real server processes:
// 1,000 confirmed spot alerts on one full run; one refund through the signed storefront
// webhook opens places; the SMTP receiver answers 4xx to 30 % of attempts; two servers
// deliver at once and one is restarted (SIGTERM, drained) midway. Every address receives
// exactly one mail, with its one-click unsubscribe headers, and none receives two.
import { afterAll, describe, expect, test } from "bun:test";
import { count, isNull } from "drizzle-orm";
import { alertJobs, alerts, alertSubscribers, mailOutbox } from "../../../db/schema";
import { resetDb, testDatabaseUrl } from "../../testing/db";
import { boosterRow, makeRun } from "../../testing/factories";
import { startProductionServers, stopProductionServers, type ProductionServer } from "../../testing/productionServers";
import { greylisting, smtpReceiver, type SmtpReceiver } from "../../testing/smtpReceiver";
import { signatureHeader } from "../../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { seeded } from "../../testing/seeded";

const SECRET = "XH/yKQ8ORdmrnGj9WzxQ46PQ9kGZfXXz068/jnDXLXs=";
const ALERTS = 1000;


function order(origin: string, body: { orderId: string; run: string; quantity: number; status: string }) {
  const raw = JSON.stringify(body);
  return fetch(origin + STOREFRONT_ORDERS_PATH, {
    method: "POST", headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(Date.now() / 1000), raw) }, body: raw,
  });
}

// Needs a PostgreSQL server (several processes on one database): registered only with DATABASE_URL.
if (process.env.DATABASE_URL) describe("the spot alert figure on PostgreSQL", () => {
  let servers: ProductionServer[] = [];
  let smtp: SmtpReceiver | undefined;
  afterAll(async () => {
    await stopProductionServers(servers);
    await smtp?.close();
  }, 60_000);

  test("1,000 spot alerts, one refund, 30 % 4xx, two processes, one restarted by SIGTERM midway: every address exactly one mail", async () => {
    const { db } = await resetDb({ runs: false });
    const greylisted = greylisting(seeded(34));
    smtp = await smtpReceiver({ answer: greylisted.answer });
    // The servers run on the real clock: the run starts in two days.
    const now = new Date();
    const run = await makeRun(db, "raid", { boosterId: await boosterRow(db, "BB-1001"), spots: 2, startsAt: new Date(now.getTime() + 2 * 86_400_000) });
    const addresses = Array.from({ length: ALERTS }, (_, i) => `waiting${i}@example.com`);
    const subs = await db.insert(alertSubscribers).values(addresses.map((email) => ({ email, createdAt: now }))).returning({ id: alertSubscribers.id });
    await db.insert(alerts).values(subs.map((s) => ({ subscriberId: s.id, type: "spot", runKind: "raid", runId: run.id, run: run.displayId, createdAt: now, consentedAt: now })));

    const env = {
      SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@runs.example>", STOREFRONT_WEBHOOK_SECRET: SECRET,
      MAIL_RETRY_BASE_MS: "5", MAIL_RETRY_MAX_MS: "100", MAIL_POLL_MS: "20", MAIL_MAX_ATTEMPTS: "40",
    };
    servers = await startProductionServers(2, testDatabaseUrl()!, env);
    const a = servers[0]!;
    // The run fills up, then one refund opens its places.
    expect((await order(a.origin, { orderId: "fig-1", run: run.displayId, quantity: 2, status: "paid" })).status).toBe(200);
    const started = performance.now();
    const refund = await order(a.origin, { orderId: "fig-1", run: run.displayId, quantity: 2, status: "refunded" });
    const refundMs = performance.now() - started;
    expect(refund.status).toBe(200);

    // Process A is stopped as a deployment stops it, while mails are on their way.
    while (smtp.received.length < ALERTS * 0.3 || greylisted.inFlight() === 0) await Bun.sleep(2);
    a.proc.kill("SIGTERM");
    expect(await a.proc.exited).toBe(0);
    const atStop = smtp.received.length;
    servers = [servers[1]!, ...(await startProductionServers(1, testDatabaseUrl()!, env))];

    const waiting = async () => Number((await db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.deliveredAt)))[0]!.n);
    while ((await waiting()) > 0 || smtp.received.length < ALERTS) await Bun.sleep(20);
    const seconds = (performance.now() - started) / 1000;

    const perAddress = new Map<string, number>();
    for (const m of smtp.received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect(new Set(perAddress.keys())).toEqual(new Set(addresses));
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(smtp.received).toHaveLength(ALERTS);
    expect(smtp.received.every((m) => m.headers.get("list-unsubscribe-post") === "List-Unsubscribe=One-Click" && /^<.+\/alerts\/unsubscribe\/[\w-]+>$/.test(m.headers.get("list-unsubscribe") ?? ""))).toBe(true);
    // Every alert fired and ended, the addresses with them; the spot job is done.
    expect(await db.select().from(alerts)).toEqual([]);
    expect(await db.select().from(alertSubscribers)).toEqual([]);
    expect((await db.select().from(alertJobs)).filter((j) => j.kind === "spot" && j.nextAttemptAt !== null)).toEqual([]);
    const refused = smtp.attempts.filter((x) => x.code === 451).length;
    expect(refused).toBeGreaterThan(ALERTS * 0.3);
    console.log(`[figure] spot alerts: ${ALERTS} confirmed alerts on one run, one refund (answered in ${refundMs.toFixed(0)} ms over HTTP); each address received one mail; ${refused} of ${smtp.attempts.length} SMTP attempts answered 451 and retried; process A stopped by SIGTERM after ${atStop} mails and restarted; ${seconds.toFixed(1)} s from the refund to the last mail`);
  }, 240_000);
});
