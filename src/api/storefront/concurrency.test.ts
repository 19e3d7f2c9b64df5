// The figure of issue #28: 200 parallel signed paid orders of quantity 1 on a run with 10
// places, 50 of them repeats, against a real listening server. Places end at exactly 10,
// every distinct order is recorded once, the other 140 are flagged overbooked: no lost
// update and no double count, on PGlite (`bun run test`) and PostgreSQL (DATABASE_URL set).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { auditEvents, raidRuns, storefrontOrders } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { listenOptions, serveApp } from "../../http/listen";
import { signatureHeader } from "../../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { overbookedByRun } from "./orders";
import { freshSecrets } from "../../config/secretRules";

const SECRET = freshSecrets().JWT_SECRET;
let t: TestApp;
let server: ReturnType<typeof serveApp>;
beforeAll(async () => {
  await resetDb();
  t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
  server = serveApp(t.app, { ...listenOptions({ port: 0, reusePort: false }, "127.0.0.1"), development: false });
}, 60_000);
afterAll(async () => {
  await server.stop(true);
});

test("200 parallel signed paid orders (150 distinct, 50 repeats) on a run with 10 places", async () => {
  const run = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 10 });
  const at = Math.floor(TEST_NOW.getTime() / 1000);
  const distinct = Array.from({ length: 150 }, (_, i) => `ord-${i}`);
  // Every third of the first 150 orders is delivered twice: 50 repeats racing their first delivery.
  const deliveries = [...distinct, ...distinct.filter((_, i) => i % 3 === 0)];
  expect(deliveries).toHaveLength(200);
  const url = `http://127.0.0.1:${server.port}${STOREFRONT_ORDERS_PATH}`;
  const started = performance.now();
  const answers = await Promise.all(deliveries.map(async (orderId) => {
    const body = JSON.stringify({ orderId, run: run.displayId, quantity: 1, status: "paid" });
    const res = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, at, body) } });
    return { orderId, status: res.status, body: (await res.json()) as { counted: number; overbooked: number } };
  }));
  const ms = performance.now() - started;

  expect(answers.filter((a) => a.status !== 200)).toEqual([]);
  const [row] = await t.db.select({ taken: raidRuns.spotsTaken }).from(raidRuns).where(eq(raidRuns.id, run.id));
  expect(row!.taken).toBe(10);
  const orders = await t.db.select().from(storefrontOrders).where(eq(storefrontOrders.run, run.displayId));
  expect(orders).toHaveLength(150);
  expect(new Set(orders.map((o) => o.orderId)).size).toBe(150);
  expect(orders.filter((o) => o.counted === 1 && o.overbooked === 0)).toHaveLength(10);
  expect(orders.filter((o) => o.counted === 0 && o.overbooked === 1)).toHaveLength(140);
  // A repeat answers exactly what its order's first delivery answered.
  const byOrder = new Map(orders.map((o) => [o.orderId, { counted: o.counted, overbooked: o.overbooked }]));
  for (const a of answers) expect({ orderId: a.orderId, ...a.body }).toMatchObject({ orderId: a.orderId, ...byOrder.get(a.orderId) });
  // One audit event per distinct order; the staff warning sums the overbooked places.
  const [events] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(eq(auditEvents.entityId, run.displayId));
  expect(events!.n).toBe(150);
  expect((await overbookedByRun(t.db, "raid", [run.id])).get(run.id)).toBe(140);
  console.log(`storefront orders: 200 parallel deliveries in ${Math.round(ms)} ms (${Math.round(200_000 / ms)}/s), places 10/10, 150 recorded, 140 overbooked`);
}, 120_000);
