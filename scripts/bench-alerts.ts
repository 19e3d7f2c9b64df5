// Issue #29's alert figure, the part a benchmark measures: the refund that opens places on a
// full run answers in ≤ 50 ms whatever the number of spot alerts waiting on it, because the
// write queues one job row and the fan-out happens in the alerts' job. In process
// (app.handle, production answers), on PGlite, or on PostgreSQL when DATABASE_URL is set
// (a scratch database): the signed refund with 0 and with 1,000 confirmed spot alerts on its
// run, 15 times each (median and worst), then the fan-out of 1,000 alerts to queued mails.
// `bun scripts/bench-alerts.ts`.
import { eq } from "drizzle-orm";
import { alertJobs, alertSubscribers, alerts, mailOutbox } from "../db/schema";
import { placesChanged } from "../src/api/alerts/triggers";
import { resetDb, closeTestDb } from "../src/testing/db";
import { makeTestApp, ORIGIN } from "../src/testing/app";
import { boosterRow, makeRun } from "../src/testing/factories";
import { signatureHeader } from "../src/http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../src/shared/storefront";
import { runDueAlertJobs } from "../src/api/alerts/jobs";
import { everythingChanged } from "../db/changes";
import { testManifest } from "../src/testing/app";

const SECRET = "bench-storefront-secret-0123456789abcdef";
const ALERTS = 1000;
const ROUNDS = 15;

await resetDb({ runs: false });
const t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
const booster = await boosterRow(t.db, "BB-1001");
const now = t.clock();

function order(body: { orderId: string; run: string; quantity: number; status: string }): Promise<Response> {
  const raw = JSON.stringify(body);
  return t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, {
    method: "POST", headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(now.getTime() / 1000), raw) }, body: raw,
  }));
}

/** A full run (a paid order took its places) with `n` confirmed spot alerts waiting. */
async function fullRun(n: number, tag: string) {
  const run = await makeRun(t.db, "raid", { boosterId: booster, spots: 2 });
  if ((await order({ orderId: `${tag}-paid`, run: run.displayId, quantity: 2, status: "paid" })).status !== 200) throw new Error("paid order refused");
  if (n) {
    const subs = await t.db.insert(alertSubscribers).values(Array.from({ length: n }, (_, i) => ({ email: `${tag}-${i}@example.com`, createdAt: now })))
      .returning({ id: alertSubscribers.id });
    await t.db.insert(alerts).values(subs.map((s) => ({ subscriberId: s.id, type: "spot", runKind: "raid", runId: run.id, run: run.displayId, createdAt: now, consentedAt: now })));
  }
  return run;
}

async function refundTimes(n: number, label: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await fullRun(n, `${label}${i}`);
    const t0 = performance.now();
    const res = await order({ orderId: `${label}${i}-paid`, run: run.displayId, quantity: 2, status: "refunded" });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`refund answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

const fmt = (xs: number[]) => `median ${xs[Math.floor(xs.length / 2)]!.toFixed(1)} ms, worst ${xs[xs.length - 1]!.toFixed(1)} ms`;
const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
await refundTimes(0, "warm"); // warms the route, the statements and the JIT
const none = await refundTimes(0, "none");
const many = await refundTimes(ALERTS, "many");
console.log(`${db}: signed refund opening places, no spot alerts waiting:        ${fmt(none)} (${ROUNDS} runs)`);
console.log(`${db}: signed refund opening places, ${ALERTS} spot alerts waiting:     ${fmt(many)} (${ROUNDS} runs; target ≤ 50 ms)`);

// The write's own part, alone: the one statement that queues the job, under 1,000 waiting
// alerts, timed inside its transaction (the write's commit is paid once, with or without it).
const alone: number[] = [];
const probe = await fullRun(ALERTS, "probe");
for (let i = 0; i < ROUNDS; i++) {
  await t.db.transaction(async (tx) => {
    const t1 = performance.now();
    await placesChanged(tx, "raid", [{ id: probe.id, spots: 2, spotsTaken: 0 }], now);
    alone.push(performance.now() - t1);
  });
  await t.db.delete(alertJobs).where(eq(alertJobs.runId, probe.id));
}
console.log(`${db}: the write's alert statement alone (placesChanged, ${ALERTS} alerts waiting): ${fmt(alone.sort((a, b) => a - b))}`);
await t.db.delete(alerts).where(eq(alerts.runId, probe.id));

// The fan-out the refunds queued: the first run's 1,000 alerts become 1,000 queued mails.
await t.db.delete(mailOutbox);
const deps = { db: t.db, config: t.config, clock: t.clock, manifest: await testManifest() };
const t0 = performance.now();
await runDueAlertJobs(deps, now);
const fanOutMs = performance.now() - t0;
const queued = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.purpose, "alert-spot"))).length;
console.log(`${db}: fan-out of ${ROUNDS} spot jobs to ${queued} queued mails (one token each): ${fanOutMs.toFixed(0)} ms (${(queued / (fanOutMs / 1000)).toFixed(0)} mails/s)`);
// No enumeration by timing: the sign-up does the same three statements whatever the address.
// Ten sign-ups each (the per-address limit allows 20 an hour; the clock moves an hour between
// groups) for new addresses, for addresses whose same alert is confirmed already, and for
// addresses with an alert waiting for confirmation.
const target = await fullRun(0, "timing");
const known = await t.db.insert(alertSubscribers).values(Array.from({ length: 10 }, (_, i) => ({ email: `known${i}@example.com`, createdAt: now })))
  .returning({ id: alertSubscribers.id });
await t.db.insert(alerts).values(known.map((k) => ({ subscriberId: k.id, type: "spot", runKind: "raid", runId: target.id, run: target.displayId, createdAt: now, consentedAt: now })));
// A strict app: its read model refreshes on its own writes only (not before every request).
const strict = await makeTestApp({ strict: true });
everythingChanged();
async function signUps(emails: string[]): Promise<number[]> {
  strict.setNow(new Date(strict.clock().getTime() + 61 * 60_000));
  const times: number[] = [];
  for (const email of emails) {
    const t1 = performance.now();
    const res = await strict.request("POST", "/api/alerts", { body: { email, type: "spot", run: target.displayId } });
    await res.arrayBuffer();
    times.push(performance.now() - t1);
    if (res.status !== 202) throw new Error(`sign-up answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}
await signUps(Array.from({ length: 10 }, (_, i) => `warm${i}@example.com`));
const fresh = await signUps(Array.from({ length: 10 }, (_, i) => `new${i}@example.com`));
const confirmed = await signUps(Array.from({ length: 10 }, (_, i) => `known${i}@example.com`));
const waitingAgain = await signUps(Array.from({ length: 10 }, (_, i) => `new${i}@example.com`));
console.log(`${db}: POST /api/alerts, a new address: ${fmt(fresh)}; the same alert confirmed already: ${fmt(confirmed)}; waiting for confirmation: ${fmt(waitingAgain)} (10 each)`);

await closeTestDb();
process.exit(0);
