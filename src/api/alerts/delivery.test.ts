// A visitor's whole way through a real SMTP server (smtp-server + mailparser, in process),
// with the mail channel and the alerts' channel on the outbox engine: "Notify me" on a full
// run, the confirmation mail, its link, a refund through the signed storefront webhook, the
// alert mail with its RFC 8058 headers, and the mail client's one-click POST.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { alerts, alertSubscribers } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, ORIGIN, testManifest, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { smtpReceiver, type SmtpReceiver } from "../../testing/smtpReceiver";
import { startTestMailDelivery } from "../../testing/mailDelivery";
import { captureLog } from "../../testing/log";
import { signatureHeader } from "../../http/storefrontSignature";
import { startOutbox, type Outbox } from "../../ops/outbox/engine";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { T } from "../../shared/text";
import { alertChannel } from "./channel";
import { everythingChanged, newChangeFeed } from "../../../db/changes";

const SECRET = "XH/yKQ8ORdmrnGj9WzxQ46PQ9kGZfXXz068/jnDXLXs=";
const A = T.alerts;

let t: TestApp;
let smtp: SmtpReceiver;
let outboxes: Outbox[] = [];
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
}, 60_000);
beforeEach(async () => {
  await resetDb();
  smtp = await smtpReceiver();
  // The app's clock plus real time, as the test mail delivery keeps it.
  const t0 = performance.now();
  const clock = () => new Date(t.clock().getTime() + (performance.now() - t0));
  const deps = { db: t.db, config: t.config, clock, manifest: await testManifest() };
  outboxes = [
    startTestMailDelivery(t, smtp.url, { clock }),
    // A feed of its own: the spot job a write queues wakes the loop after the commit (outboxQueued).
    startOutbox({ channels: [alertChannel(deps, captureLog().logger)], clock, log: captureLog().logger, feed: newChangeFeed() }),
  ];
});
afterEach(async () => {
  for (const o of outboxes) await o.stop();
  await smtp.close();
});

const linkIn = (text: string, kind: string) => new RegExp(`${ORIGIN}/alerts/${kind}/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? null;
function deliver(order: { orderId: string; run: string; quantity: number; status: string }) {
  const raw = JSON.stringify(order);
  return t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, {
    method: "POST", headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(t.clock().getTime() / 1000), raw) }, body: raw,
  }));
}
const form = (path: string, body: Record<string, string>, origin: string | null = ORIGIN) => t.app.handle(new Request(ORIGIN + path, {
  method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) }, body: new URLSearchParams(body).toString(),
}));

describe("a spot alert, end to end over SMTP", () => {
  test("Notify me → confirmation mail → confirm → a refund → one alert mail with one-click unsubscribe → the mail client's POST ends it", async () => {
    const r = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 2 });
    expect((await deliver({ orderId: "o1", run: r.displayId, quantity: 2, status: "paid" })).status).toBe(200);
    // The plain form on the run page; an unconfirmed second visitor gets only the confirmation.
    const signUp = await form("/alerts", { email: "Fan@Example.com", type: "spot", run: r.displayId, back: `/runs/${r.displayId}` });
    expect(signUp.headers.get("location")).toBe(`/runs/${r.displayId}?alert=sent#alert`);
    await form("/alerts", { email: "never@example.com", type: "spot", run: r.displayId, back: "/" });
    const [first] = await smtp.waitFor(2);
    const confirmation = smtp.to("fan@example.com")[0]!;
    expect(confirmation.subject).toBe(A.mail.confirmSubject);
    expect(confirmation.headers.has("list-unsubscribe")).toBe(false);
    expect(first).toBeDefined();
    const token = linkIn(confirmation.text, "confirm")!;
    expect(confirmation.html).toContain(`/alerts/confirm/${token}`);
    expect((await form(`/alerts/confirm/${token}`, {})).status).toBe(200);

    expect((await deliver({ orderId: "o1", run: r.displayId, quantity: 1, status: "refunded" })).status).toBe(200);
    const mails = await smtp.waitFor(3);
    const alert = mails[2]!;
    expect(alert.to).toEqual(["fan@example.com"]);
    expect(alert.subject).toBe(A.mail.spotSubject({ run: r.displayId }));
    expect(alert.text).toContain("2 places are open"); // the refund gives the whole order back
    const stop = linkIn(alert.text, "unsubscribe")!;
    expect(alert.headers.get("list-unsubscribe")).toBe(`<${ORIGIN}/alerts/unsubscribe/${stop}>`);
    expect(alert.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // The spot alert fired and ended; the address went with it. The one-click POST (no Origin,
    // as a mail client sends it) still answers that the alert is stopped.
    expect(await t.db.select().from(alerts)).toHaveLength(1);
    const res = await form(`/alerts/unsubscribe/${stop}`, { "List-Unsubscribe": "One-Click" }, null);
    expect(res.status).toBeLessThan(500);
    // Nothing but the confirmation ever went to the unconfirmed address.
    expect(smtp.to("never@example.com").map((m) => m.subject)).toEqual([A.mail.confirmSubject]);
    expect((await t.db.select().from(alertSubscribers)).map((s) => s.email)).toEqual(["never@example.com"]);
  }, 30_000);

  test("one-click unsubscribe over SMTP: a new-runs digest's List-Unsubscribe URL, POSTed with no Origin, ends the alert", async () => {
    const res = await t.request("POST", "/api/alerts", { body: { email: "a@example.com", type: "new-runs", calendar: "mop-raid-calendar" } });
    expect(res.status).toBe(202);
    const [confirmation] = await smtp.waitFor(1);
    await form(`/alerts/confirm/${linkIn(confirmation!.text, "confirm")}`, {});
    const r = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001") });
    // Written straight to the table: tell the read models, as the API's run writes do.
    everythingChanged();
    // The digest sweep runs within its minute: move the clock on.
    t.setNow(new Date(t.clock().getTime() + 61_000));
    for (const o of outboxes) o.wake();
    const [, digest] = await smtp.waitFor(2);
    expect(digest!.text).toContain(r.displayId);
    const url = /<([^>]+)>/.exec(digest!.headers.get("list-unsubscribe")!)![1]!;
    const stopped = await t.app.handle(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain(A.unsubscribe.done);
    expect(await t.db.select().from(alerts)).toEqual([]);
    expect(await t.db.select().from(alertSubscribers)).toEqual([]);
  }, 30_000);
});
