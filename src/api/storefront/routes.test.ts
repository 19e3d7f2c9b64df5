// POST /api/storefront/orders: the storefront's signed order webhook, through the whole app
// (signature before parsing, no Origin, idempotency, places, overbooking, refunds, refusals).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { auditEvents, raidRuns, storefrontOrders } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { databaseChecksum } from "../../testing/checksum";
import { checkSignature, signatureHeader, storefrontSignature } from "../../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { T } from "../../shared/text";
import { parseConfig } from "../../config/appConfig";
import { freshSecrets } from "../../config/secretRules";

/** The README's worked example, verbatim ("Storefront integration"). */
const README = {
  secret: "XH/yKQ8ORdmrnGj9WzxQ46PQ9kGZfXXz068/jnDXLXs=",
  t: 1795780800,
  body: '{"orderId":"ord_1001","run":"MOP-57","quantity":2,"status":"paid"}',
  hex: "64488cd6bcaa810db16e1ef6d49d35affc3980fa2c34b04b4e519331e811be63",
};
const SECRET = README.secret;
const nowS = () => Math.floor(TEST_NOW.getTime() / 1000);

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
  off = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb();
});

type Order = { orderId: string; run: string; quantity: number; status: string };
/** A delivery as the store sends it: no cookie, no Origin, the raw body signed at `at` (unix seconds). */
function deliver(body: Order | string, opts: { at?: number; secret?: string; header?: string | null; app?: TestApp } = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const header = opts.header !== undefined ? opts.header : signatureHeader(opts.secret ?? SECRET, opts.at ?? nowS(), raw);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (header !== null) headers["runboard-signature"] = header;
  return (opts.app ?? t).app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, { method: "POST", headers, body: raw }));
}
async function answer(res: Response): Promise<{ status: number; body: unknown }> {
  return { status: res.status, body: await res.json() };
}

const run = async (spots: number | null, over: Partial<typeof raidRuns.$inferInsert> = {}) =>
  makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots, ...over });
const placesOf = async (id: number) => (await t.db.select({ n: raidRuns.spotsTaken }).from(raidRuns).where(eq(raidRuns.id, id)))[0]!.n;
const ordersOf = (orderId: string) => t.db.select().from(storefrontOrders).where(eq(storefrontOrders.orderId, orderId)).orderBy(storefrontOrders.id);
const eventsOf = (displayId: string) => t.db.select().from(auditEvents)
  .where(and(eq(auditEvents.entityType, "run"), eq(auditEvents.entityId, displayId), sql`${auditEvents.action} like 'order.%'`)).orderBy(auditEvents.id);
const everything = () => databaseChecksum(t.db, { schema: "public", sequences: false });

describe("the signature", () => {
  test("the README's worked example is what we compute, and what we accept", () => {
    expect(storefrontSignature(README.secret, README.t, README.body)).toBe(README.hex);
    const header = `t=${README.t},v1=${README.hex}`;
    expect(checkSignature(README.secret, header, new TextEncoder().encode(README.body), README.t * 1000)).toBe("ok");
  });

  test("a paid order signed by the store, with no cookie and no Origin, takes its places", async () => {
    const r = await run(10);
    const res = await deliver({ orderId: "ord-1", run: r.displayId, quantity: 3, status: "paid" });
    expect(await answer(res)).toEqual({ status: 200, body: { orderId: "ord-1", status: "paid", run: r.displayId, counted: 3, overbooked: 0 } });
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await placesOf(r.id)).toBe(3);
  });

  test("missing, malformed or wrong signatures get 401 and change nothing", async () => {
    const r = await run(10);
    const body = { orderId: "ord-1", run: r.displayId, quantity: 1, status: "paid" };
    const raw = JSON.stringify(body);
    const before = await everything();
    const good = storefrontSignature(SECRET, nowS(), raw);
    for (const header of [
      null, "", "garbage", `t=${nowS()}`, `v1=${good}`, `t=${nowS()},v1=${good.slice(0, 63)}`, `t=${nowS()},v0=${good}`,
      `t=${nowS() + 1},v1=${good}`, // the timestamp is signed too
      signatureHeader(freshSecrets().JWT_SECRET, nowS(), raw), // another secret
      `t=${nowS()},v1=${storefrontSignature(SECRET, nowS(), `${raw} `)}`, // another body
    ]) {
      expect({ header, ...(await answer(await deliver(body, { header }))) }).toEqual({ header, status: 401, body: { message: T.storefront.badSignature } });
    }
    expect(await everything()).toEqual(before);
  });

  test("several v1 values (a store rotating its secret): one matching is enough", async () => {
    const r = await run(10);
    const raw = JSON.stringify({ orderId: "ord-rot", run: r.displayId, quantity: 1, status: "paid" });
    const old = storefrontSignature(freshSecrets().JWT_SECRET, nowS(), raw);
    const res = await deliver(raw, { header: `t=${nowS()},v1=${old},v1=${storefrontSignature(SECRET, nowS(), raw)}` });
    expect(res.status).toBe(200);
    expect(await placesOf(r.id)).toBe(1);
  });

  test("a timestamp more than 5 minutes from now gets 400 and changes nothing; within 5 minutes is fine", async () => {
    const r = await run(10);
    const body = (orderId: string) => ({ orderId, run: r.displayId, quantity: 1, status: "paid" });
    const before = await everything();
    for (const at of [nowS() - 301, nowS() + 301, 0]) {
      expect(await answer(await deliver(body("late"), { at }))).toEqual({ status: 400, body: { message: T.storefront.staleSignature } });
    }
    expect(await everything()).toEqual(before);
    expect((await deliver(body("a"), { at: nowS() - 300 })).status).toBe(200);
    expect((await deliver(body("b"), { at: nowS() + 300 })).status).toBe(200);
  });

  test("the body is not parsed before the signature: invalid JSON with a bad signature is 401, with a good one 400", async () => {
    expect(await answer(await deliver("{not json", { header: `t=${nowS()},v1=${"0".repeat(64)}` }))).toEqual({ status: 401, body: { message: T.storefront.badSignature } });
    expect(await answer(await deliver("{not json"))).toEqual({ status: 400, body: { message: T.storefront.badJson } });
    // A stale, well-signed body that is not JSON either: the timestamp speaks first.
    expect((await deliver("{not json", { at: nowS() - 3600 })).status).toBe(400);
    expect(await answer(await deliver("\xff\xfe"))).toMatchObject({ status: 400 });
  });

  test("without STOREFRONT_WEBHOOK_SECRET the route answers 404, whatever is sent", async () => {
    const r = await run(10);
    const before = await everything();
    for (const secret of [SECRET, "anything"]) {
      const res = await deliver({ orderId: "o", run: r.displayId, quantity: 1, status: "paid" }, { app: off, secret });
      expect(await answer(res)).toEqual({ status: 404, body: { message: T.validation.notFound } });
    }
    expect(await everything()).toEqual(before);
  });

  test("the origin check still refuses other cross-site writes, and a signed delivery with a foreign Origin is still accepted", async () => {
    const res = await t.app.handle(new Request(`${ORIGIN}/api/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    expect(res.status).toBe(403);
    const r = await run(10);
    const raw = JSON.stringify({ orderId: "o", run: r.displayId, quantity: 1, status: "paid" });
    const signed = await t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, {
      method: "POST", body: raw, headers: { origin: "https://shop.example.com", "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, nowS(), raw) },
    }));
    expect(signed.status).toBe(200);
  });
});

describe("the body", () => {
  test("each field's rule, with a clear 400 and no change", async () => {
    const r = await run(10);
    const good = { orderId: "ord-1", run: r.displayId, quantity: 1, status: "paid" };
    const before = await everything();
    const cases: [unknown, string][] = [
      [{ ...good, orderId: "" }, T.storefront.orderId],
      [{ ...good, orderId: "x".repeat(101) }, T.storefront.orderId],
      [{ ...good, orderId: "a\u0000b" }, T.storefront.orderId],
      [{ ...good, orderId: 12 }, T.storefront.orderId],
      [{ ...good, run: "57" }, T.storefront.run],
      [{ ...good, run: "MOP-57; drop" }, T.storefront.run],
      [{ ...good, quantity: 0 }, T.storefront.quantity],
      [{ ...good, quantity: 51 }, T.storefront.quantity],
      [{ ...good, quantity: 1.5 }, T.storefront.quantity],
      [{ ...good, quantity: "1" }, T.storefront.quantity],
      [{ ...good, status: "shipped" }, T.storefront.status],
      [{ ...good, extra: 1 }, T.validation.invalidRequest],
      [[good], T.validation.invalidRequest],
    ];
    for (const [body, message] of cases) {
      expect({ input: body, ...(await answer(await deliver(JSON.stringify(body)))) }).toEqual({ input: body, status: 400, body: { message } });
    }
    expect(await everything()).toEqual(before);
    expect((await deliver({ ...good, orderId: "x".repeat(100), quantity: 50 })).status).toBe(200);
  });
});

describe("idempotency", () => {
  test("a replayed delivery (same body, same signature) answers the same 200 and changes nothing", async () => {
    const r = await run(10);
    const raw = JSON.stringify({ orderId: "ord-7", run: r.displayId, quantity: 2, status: "paid" });
    const header = signatureHeader(SECRET, nowS(), raw);
    const first = await deliver(raw, { header });
    const firstBody = await first.json();
    const before = await everything();
    const again = await deliver(raw, { header });
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 200, body: firstBody });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await everything()).toEqual(before);
    expect(await placesOf(r.id)).toBe(2);
  });

  test("a duplicate (same order and status, signed again later, even with another quantity) changes nothing", async () => {
    const r = await run(10);
    await deliver({ orderId: "ord-8", run: r.displayId, quantity: 2, status: "paid" });
    const before = await everything();
    t.setNow(new Date(TEST_NOW.getTime() + 60_000));
    try {
      const res = await deliver({ orderId: "ord-8", run: r.displayId, quantity: 5, status: "paid" }, { at: nowS() + 60 });
      expect(await answer(res)).toEqual({ status: 200, body: { orderId: "ord-8", status: "paid", run: r.displayId, counted: 2, overbooked: 0 } });
    } finally {
      t.setNow(TEST_NOW);
    }
    expect(await everything()).toEqual(before);
    expect(await ordersOf("ord-8")).toHaveLength(1);
  });
});

describe("places", () => {
  test("a paid order beyond the places left is recorded, fills the run and answers how many it overbooked", async () => {
    const r = await run(4, { spotsTaken: 3 });
    const res = await deliver({ orderId: "big", run: r.displayId, quantity: 3, status: "paid" });
    expect(await answer(res)).toEqual({ status: 200, body: { orderId: "big", status: "paid", run: r.displayId, counted: 1, overbooked: 2 } });
    expect(await placesOf(r.id)).toBe(4);
    expect((await ordersOf("big")).map((o) => [o.status, o.quantity, o.counted, o.overbooked])).toEqual([["paid", 3, 1, 2]]);
    // The audit trail says so, by the storefront.
    const [event] = await eventsOf(r.displayId);
    expect(event).toMatchObject({ action: "order.overbooked", actorId: null, actorKind: "storefront", changes: { orderId: [null, "big"], quantity: [null, 3], spotsTaken: [3, 4], overbooked: [null, 2] } });
    // A full run: the next paid order counts nothing and is all overbooked.
    expect(await (await deliver({ orderId: "more", run: r.displayId, quantity: 1, status: "paid" })).json()).toMatchObject({ counted: 0, overbooked: 1 });
    expect(await placesOf(r.id)).toBe(4);
  });

  test("staff see the overbooking on the run's row until the order is refunded", async () => {
    const r = await run(1);
    await deliver({ orderId: "over", run: r.displayId, quantity: 3, status: "paid" });
    const cookie = await t.cookieFor("admin@example.com");
    const row = async () => {
      const res = await t.request("GET", `/api/runs?gameId=1&page=1&q=${r.displayId}`, { cookie });
      return ((await res.json()) as { runs: { id: number; overbooked?: number }[] }).runs.find((x) => x.id === r.id)!;
    };
    expect((await row()).overbooked).toBe(2);
    await deliver({ orderId: "over", run: r.displayId, quantity: 3, status: "refunded" });
    expect("overbooked" in (await row())).toBe(false);
  });

  test("the admin's raid table shows the warning on the run's row, rendered on the server", async () => {
    const r = await run(1, { startsAt: new Date(TEST_NOW.getTime() + 60_000) }); // first in the default order
    await deliver({ orderId: "row", run: r.displayId, quantity: 2, status: "paid" });
    const res = await t.request("GET", "/admin?tab=runs&game=3&tool=1", { cookie: await t.cookieFor("owner@example.com") });
    const html = await res.text();
    expect(html).toContain(`>${r.displayId}<`);
    const row = html.slice(html.indexOf(`>${r.displayId}<`), html.indexOf("</tr>", html.indexOf(`>${r.displayId}<`)));
    expect(row).toContain("Overbooked by 1 place");
  });

  test("the Activity tab names the storefront as the actor", async () => {
    const r = await run(2);
    await deliver({ orderId: "a1", run: r.displayId, quantity: 1, status: "paid" });
    const res = await t.request("GET", `/api/audit-events?entityType=run&entityId=${r.displayId}`, { cookie: await t.cookieFor("owner@example.com") });
    const page = (await res.json()) as { events: { action: string; actor: unknown }[] };
    expect(page.events[0]).toMatchObject({ action: "order.paid", actor: { kind: "storefront", name: T.storefront.actor } });
  });

  test("a run that does not track places: the order is recorded, nothing is counted", async () => {
    const r = await run(null);
    expect(await (await deliver({ orderId: "u", run: r.displayId, quantity: 2, status: "paid" })).json()).toMatchObject({ counted: 0, overbooked: 0 });
    expect(await placesOf(r.id)).toBe(0);
    expect(await ordersOf("u")).toHaveLength(1);
  });

  test("a refund or cancellation gives back what the paid order counted, once", async () => {
    const r = await run(4, { spotsTaken: 1 });
    await deliver({ orderId: "p", run: r.displayId, quantity: 5, status: "paid" }); // counted 3, overbooked 2
    expect(await placesOf(r.id)).toBe(4);
    const refund = await deliver({ orderId: "p", run: r.displayId, quantity: 5, status: "refunded" });
    expect(await answer(refund)).toEqual({ status: 200, body: { orderId: "p", status: "refunded", run: r.displayId, counted: -3, overbooked: 0 } });
    expect(await placesOf(r.id)).toBe(1);
    // A cancellation of the same order after its refund gives nothing back again.
    expect(await (await deliver({ orderId: "p", run: r.displayId, quantity: 5, status: "cancelled" })).json()).toMatchObject({ counted: 0 });
    expect(await placesOf(r.id)).toBe(1);
    expect((await eventsOf(r.displayId)).map((e) => [e.action, e.changes.spotsTaken ?? null])).toEqual([
      ["order.overbooked", [1, 4]], ["order.refunded", [4, 1]], ["order.cancelled", null],
    ]);
  });

  test("a refund of an unknown order is recorded and changes nothing; a payment arriving after it counts nothing", async () => {
    const r = await run(10, { spotsTaken: 2 });
    expect(await answer(await deliver({ orderId: "ghost", run: r.displayId, quantity: 2, status: "refunded" })))
      .toEqual({ status: 200, body: { orderId: "ghost", status: "refunded", run: r.displayId, counted: 0, overbooked: 0 } });
    expect(await ordersOf("ghost")).toHaveLength(1);
    expect(await placesOf(r.id)).toBe(2);
    expect(await (await deliver({ orderId: "ghost", run: r.displayId, quantity: 2, status: "paid" })).json()).toMatchObject({ counted: 0 });
    expect(await placesOf(r.id)).toBe(2);
  });

  test("a refund naming another run than its payment is refused (400) and changes nothing", async () => {
    const a = await run(10);
    const b = await run(10);
    await deliver({ orderId: "x", run: a.displayId, quantity: 2, status: "paid" });
    const before = await everything();
    expect(await answer(await deliver({ orderId: "x", run: b.displayId, quantity: 2, status: "refunded" })))
      .toEqual({ status: 400, body: { message: T.storefront.otherRun({ orderId: "x", run: a.displayId }) } });
    expect(await everything()).toEqual(before);
  });

  test("a refund never takes the count below zero (staff lowered it meanwhile)", async () => {
    const r = await run(10);
    await deliver({ orderId: "p", run: r.displayId, quantity: 3, status: "paid" });
    await t.db.update(raidRuns).set({ spotsTaken: 1 }).where(eq(raidRuns.id, r.id));
    expect(await (await deliver({ orderId: "p", run: r.displayId, quantity: 3, status: "refunded" })).json()).toMatchObject({ counted: -1 });
    expect(await placesOf(r.id)).toBe(0);
  });
});

describe("runs that cannot take an order", () => {
  test("an unknown run: 404, nothing recorded", async () => {
    const before = await everything();
    expect(await answer(await deliver({ orderId: "o", run: "MOP-999999", quantity: 1, status: "paid" })))
      .toEqual({ status: 404, body: { message: T.storefront.unknownRun({ run: "MOP-999999" }) } });
    expect(await everything()).toEqual(before);
  });

  test("a run that started: 409, the order recorded (once), places unchanged", async () => {
    const r = await run(10, { startsAt: new Date(TEST_NOW.getTime() - 60_000), spotsTaken: 1 });
    const body = { orderId: "late", run: r.displayId, quantity: 1, status: "paid" };
    expect(await answer(await deliver(body))).toEqual({ status: 409, body: { message: T.storefront.refused.started } });
    expect(await answer(await deliver(body))).toEqual({ status: 409, body: { message: T.storefront.refused.started } });
    expect((await ordersOf("late")).map((o) => [o.refused, o.counted])).toEqual([["started", 0]]);
    expect(await placesOf(r.id)).toBe(1);
    expect((await eventsOf(r.displayId)).map((e) => e.action)).toEqual(["order.refused"]);
    // In progress counts as started, whatever the clock says.
    const busy = await run(10, { status: "in_progress" });
    expect((await deliver({ ...body, orderId: "b", run: busy.displayId })).status).toBe(409);
  });

  test("a cancelled run: 409, recorded", async () => {
    const r = await run(10, { status: "cancelled" });
    expect(await answer(await deliver({ orderId: "c", run: r.displayId, quantity: 1, status: "paid" }))).toEqual({ status: 409, body: { message: T.storefront.refused.cancelled } });
    expect(await ordersOf("c")).toHaveLength(1);
  });

  test("a deleted run: 409, recorded", async () => {
    const r = await run(10);
    const cookie = await t.cookieFor("owner@example.com");
    expect((await t.request("DELETE", `/api/runs/${r.id}`, { cookie })).status).toBe(200);
    expect(await answer(await deliver({ orderId: "d", run: r.displayId, quantity: 1, status: "paid" }))).toEqual({ status: 409, body: { message: T.storefront.refused.deleted } });
    expect((await ordersOf("d")).map((o) => o.refused)).toEqual(["deleted"]);
  });
});

describe("configuration", () => {
  test("production refuses a weak STOREFRONT_WEBHOOK_SECRET and accepts none (the webhook is then off) or a random one", () => {
    const base = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.com", ...freshSecrets() };
    expect(() => parseConfig({ ...base, STOREFRONT_WEBHOOK_SECRET: "shop-secret-2026" })).toThrow("STOREFRONT_WEBHOOK_SECRET must be at least 32 random bytes");
    expect(parseConfig(base).storefrontWebhookSecret).toBeUndefined();
    expect(parseConfig({ ...base, STOREFRONT_WEBHOOK_SECRET: README.secret }).storefrontWebhookSecret).toBe(README.secret);
  });
});
