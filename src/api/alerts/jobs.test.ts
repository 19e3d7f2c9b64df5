// The alerts firing: spot (a refund through the signed storefront webhook, staff raising
// spots one run at a time or in bulk), reminders on the injected clock, new-runs digests, and
// pruning; each alert mailed exactly once, with one-click unsubscribe that works cross-site.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { alertJobs, alertSubscribers, alerts, mailOutbox, raidRuns } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, testManifest, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { signatureHeader } from "../../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { GAME_SLUGS } from "../../shared/enums";
import { T } from "../../shared/text";
import { everythingChanged } from "../../../db/changes";
import type { AppDeps } from "../../http/context";
import { ensureSweeps, runDueAlertJobs } from "./jobs";

const SECRET = "XH/yKQ8ORdmrnGj9WzxQ46PQ9kGZfXXz068/jnDXLXs=";
const A = T.alerts;
const HOUR = 3_600_000;

let t: TestApp;
let deps: AppDeps;
beforeAll(async () => {
  t = await makeTestApp({ env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
  deps = { db: t.db, config: t.config, clock: t.clock, manifest: await testManifest() };
}, 60_000);
beforeEach(async () => {
  await resetDb();
  t.setNow(TEST_NOW);
});

const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
const booster = () => boosterRow(t.db, "BB-1001");
const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
const alertMails = async () => (await outbox()).filter((m) => m.purpose !== "alert-confirm");
const linkIn = (text: string | null, kind: string) => new RegExp(`${ORIGIN}/alerts/${kind}/([A-Za-z0-9_-]+)`).exec(text ?? "")?.[1] ?? null;
/** Runs every due alert job at the app's clock, as the worker would. */
const work = async () => {
  everythingChanged();
  return runDueAlertJobs(deps, t.clock());
};
const post = (path: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(ORIGIN + path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(body).toString() }));

/** Signs up and (unless `confirm: false`) confirms through the confirmation mail's link, as a visitor would. */
async function subscribe(email: string, body: Record<string, string>, o: { confirm?: boolean } = {}) {
  const before = (await outbox()).length;
  const res = await t.request("POST", "/api/alerts", { body: { email, ...body } });
  expect(res.status).toBe(202);
  await work(); // the confirm job
  if (o.confirm === false) return;
  const mail = (await outbox()).slice(before).find((m) => m.recipient === email)!;
  await confirm(mail.textBody);
}
async function confirm(text: string | null) {
  const res = await post(`/alerts/confirm/${linkIn(text, "confirm")}`, {}, { origin: ORIGIN });
  expect(await res.text()).toContain(A.confirm.doneTitle);
}

function deliver(order: { orderId: string; run: string; quantity: number; status: string }) {
  const raw = JSON.stringify(order);
  return t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, {
    method: "POST", headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(t.clock().getTime() / 1000), raw) }, body: raw,
  }));
}

describe("spot", () => {
  test("a refund opens places on a full run: one job row in the write, then one mail per confirmed address, saying how many are left", async () => {
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 3 });
    expect((await deliver({ orderId: "o1", run: r.displayId, quantity: 3, status: "paid" })).status).toBe(200);
    await subscribe("a@example.com", { type: "spot", run: r.displayId });
    await subscribe("b@example.com", { type: "spot", run: r.displayId });
    await subscribe("waiting@example.com", { type: "spot", run: r.displayId }, { confirm: false });
    expect((await deliver({ orderId: "o1", run: r.displayId, quantity: 3, status: "refunded" })).status).toBe(200);
    // The write queued one small job, no mail.
    expect((await t.db.select().from(alertJobs)).filter((j) => j.kind === "spot" && j.nextAttemptAt).map((j) => [j.kind, j.runId])).toEqual([["spot", r.id]]);
    expect(await alertMails()).toEqual([]);
    await work();
    const mails = await alertMails();
    expect(mails.map((m) => m.recipient).sort()).toEqual(["a@example.com", "b@example.com"]);
    for (const m of mails) {
      expect(m.purpose).toBe("alert-spot");
      expect(m.subject).toBe(A.mail.spotSubject({ run: r.displayId }));
      expect(m.textBody).toContain("3 places are open");
      const token = linkIn(m.textBody, "unsubscribe")!;
      expect(m.headers).toEqual({ "List-Unsubscribe": `<${ORIGIN}/alerts/unsubscribe/${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(linkIn(m.textBody, "manage")).toBe(token);
    }
    // Fired alerts end, and their addresses with them; the unconfirmed one still waits.
    expect((await t.db.select().from(alertSubscribers)).map((s) => s.email)).toEqual(["waiting@example.com"]);
    // Exactly once: running again, or another opening, mails nobody.
    await work();
    await deliver({ orderId: "o2", run: r.displayId, quantity: 1, status: "paid" });
    await deliver({ orderId: "o2", run: r.displayId, quantity: 1, status: "refunded" });
    await work();
    expect(await alertMails()).toHaveLength(2);
  });

  test("staff raising spots (PATCH) and bulk 'Set spots' open places too; a run that is still full sends nothing", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const one = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 2, spotsTaken: 2, completionModeId: 1, gameplayType: "pilot" });
    const two = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 2, spotsTaken: 2 });
    await subscribe("a@example.com", { type: "spot", run: one.displayId });
    await subscribe("b@example.com", { type: "spot", run: two.displayId });
    await work(); // the spot jobs confirming queued find both runs full: nothing sent
    // Lowering the spots of a full run opens nothing.
    const lowered = await t.request("POST", "/api/runs/bulk", { cookie, body: { action: "spots", ids: [two.id], spots: 2 } });
    expect([lowered.status, await lowered.text()]).toEqual([200, expect.any(String)]);
    expect((await t.db.select().from(alertJobs)).filter((j) => j.kind === "spot" && j.nextAttemptAt)).toEqual([]);
    const patched = await t.request("PATCH", `/api/runs/${one.id}`, { cookie, body: { spots: 4 } });
    expect([patched.status, await patched.text()]).toEqual([200, expect.any(String)]);
    expect((await t.request("POST", "/api/runs/bulk", { cookie, body: { action: "spots", ids: [two.id], spots: 5 } })).status).toBe(200);
    await work();
    const mails = await alertMails();
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      ["a@example.com", A.mail.spotSubject({ run: one.displayId })], ["b@example.com", A.mail.spotSubject({ run: two.displayId })],
    ]);
    expect(mails[0]!.textBody).toContain("2 places are open");
    expect(mails[1]!.textBody).toContain("3 places are open");
  });

  test("undoing a bulk 'Set spots' that filled a run brings its places back: the spot alert fires", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 4, spotsTaken: 2 });
    const set = await t.request("POST", "/api/runs/bulk", { cookie, body: { action: "spots", ids: [r.id], spots: 2 } });
    expect(set.status).toBe(200);
    const { undoToken } = await set.json() as { undoToken: string };
    await subscribe("a@example.com", { type: "spot", run: r.displayId });
    await work(); // the spot job confirming queued finds the run full: nothing sent
    expect(await alertMails()).toEqual([]);
    expect((await t.request("POST", `/api/runs/bulk/undo/${undoToken}`, { cookie })).status).toBe(200);
    await work();
    const mails = await alertMails();
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([["a@example.com", A.mail.spotSubject({ run: r.displayId })]]);
    expect(mails[0]!.textBody).toContain("2 places are open");
  });

  test("places taken again before the fan-out: no mail, the alerts keep waiting for the next opening", async () => {
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 1 });
    await deliver({ orderId: "o1", run: r.displayId, quantity: 1, status: "paid" });
    await subscribe("a@example.com", { type: "spot", run: r.displayId });
    await deliver({ orderId: "o1", run: r.displayId, quantity: 1, status: "refunded" });
    await deliver({ orderId: "o2", run: r.displayId, quantity: 1, status: "paid" });
    await work();
    expect(await alertMails()).toEqual([]);
    expect(await t.db.select().from(alerts)).toHaveLength(1);
    await deliver({ orderId: "o2", run: r.displayId, quantity: 1, status: "refunded" });
    await work();
    expect((await alertMails()).map((m) => m.recipient)).toEqual(["a@example.com"]);
  });

  test("places that opened while the alert waited for its confirmation: confirming looks at once", async () => {
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 1 });
    await deliver({ orderId: "o1", run: r.displayId, quantity: 1, status: "paid" });
    await subscribe("a@example.com", { type: "spot", run: r.displayId }, { confirm: false });
    await deliver({ orderId: "o1", run: r.displayId, quantity: 1, status: "refunded" });
    await work();
    expect(await alertMails()).toEqual([]);
    await confirm((await outbox())[0]!.textBody);
    await work();
    expect((await alertMails()).map((m) => m.subject)).toEqual([A.mail.spotSubject({ run: r.displayId })]);
  });
});

describe("reminder", () => {
  test("sent at start − 60 min by the injected clock, once; not before", async () => {
    await ensureSweeps(t.db, t.clock());
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(5 * HOUR) });
    await subscribe("a@example.com", { type: "reminder", run: r.displayId });
    t.setNow(at(4 * HOUR - 60_000));
    await work();
    expect(await alertMails()).toEqual([]);
    t.setNow(at(4 * HOUR));
    await work();
    const mails = await alertMails();
    expect(mails.map((m) => [m.purpose, m.recipient, m.subject])).toEqual([["alert-reminder", "a@example.com", A.mail.reminderSubject({ run: r.displayId })]]);
    expect(mails[0]!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    t.setNow(at(4 * HOUR + 2 * 60_000));
    await work();
    expect(await alertMails()).toHaveLength(1);
  });

  test("not sent when the run was cancelled, started or deleted meanwhile; those alerts end", async () => {
    await ensureSweeps(t.db, t.clock());
    const cancelled = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(5 * HOUR) });
    const started = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(5 * HOUR) });
    const deleted = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(5 * HOUR) });
    const moved = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(5 * HOUR) });
    for (const [i, r] of [cancelled, started, deleted, moved].entries()) await subscribe(`v${i}@example.com`, { type: "reminder", run: r.displayId });
    await t.db.update(raidRuns).set({ status: "cancelled" }).where(eq(raidRuns.id, cancelled.id));
    await t.db.update(raidRuns).set({ status: "in_progress" }).where(eq(raidRuns.id, started.id));
    await t.db.delete(raidRuns).where(eq(raidRuns.id, deleted.id));
    // Moved a day later: its reminder waits for the new start.
    await t.db.update(raidRuns).set({ startsAt: at(29 * HOUR) }).where(eq(raidRuns.id, moved.id));
    t.setNow(at(4 * HOUR));
    await work();
    expect(await alertMails()).toEqual([]);
    expect((await t.db.select().from(alerts)).map((a) => a.runId)).toEqual([moved.id]);
    t.setNow(at(28 * HOUR));
    await work();
    expect((await alertMails()).map((m) => m.subject)).toEqual([A.mail.reminderSubject({ run: moved.displayId })]);
  });
});

describe("new-runs", () => {
  test("a digest of new runs matching the filters, at most one mail an hour", async () => {
    await ensureSweeps(t.db, t.clock());
    await makeRun(t.db, "raid", { boosterId: await booster(), region: "US" }); // before the alert: not new
    await subscribe("a@example.com", { type: "new-runs", calendar: GAME_SLUGS.raid, filters: "region=US" });
    await work();
    expect(await alertMails()).toEqual([]);
    const us = await makeRun(t.db, "raid", { boosterId: await booster(), region: "US" });
    await makeRun(t.db, "raid", { boosterId: await booster(), region: "EU" }); // does not match
    t.setNow(at(60_000));
    await work();
    let mails = await alertMails();
    expect(mails.map((m) => [m.purpose, m.subject])).toEqual([["alert-new-runs", A.mail.newRunsSubject({ n: 1, calendar: "MoP Raid Calendar" })]]);
    expect(mails[0]!.textBody).toContain(us.displayId);
    expect(mails[0]!.textBody).toContain(`${ORIGIN}/category/wow/${GAME_SLUGS.raid}?region=US`);
    const later = await makeRun(t.db, "raid", { boosterId: await booster(), region: "US" });
    t.setNow(at(30 * 60_000));
    await work();
    expect(await alertMails()).toHaveLength(1);
    t.setNow(at(HOUR + 60_000));
    await work();
    mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain(later.displayId);
    expect(mails[1]!.textBody).not.toContain(us.displayId);
  });
});

describe("confirmation", () => {
  test("an alert asked for within 10 minutes of the last confirmation gets its own once they are over", async () => {
    await ensureSweeps(t.db, t.clock());
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(30 * HOUR) });
    const r2 = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(30 * HOUR) });
    await subscribe("a@example.com", { type: "reminder", run: r.displayId });
    t.setNow(at(60_000));
    await subscribe("a@example.com", { type: "reminder", run: r2.displayId }, { confirm: false });
    await work();
    expect(await outbox()).toHaveLength(1);
    t.setNow(at(10 * 60_000));
    await work();
    const mails = await outbox();
    expect(mails.map((m) => m.purpose)).toEqual(["alert-confirm", "alert-confirm"]);
    expect(mails[1]!.textBody).toContain(A.describe.reminder({ run: r2.displayId }));
    expect(mails[1]!.textBody).not.toContain(A.describe.reminder({ run: r.displayId }));
    await confirm(mails[1]!.textBody);
    t.setNow(at(30 * 60_000));
    await work();
    expect(await outbox()).toHaveLength(2);
  });
});

describe("pruning and unsubscribing", () => {
  test("unconfirmed alerts and their addresses are pruned after 48 h; confirmed ones stay", async () => {
    await ensureSweeps(t.db, t.clock());
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), spots: 1, spotsTaken: 1, startsAt: at(100 * HOUR) });
    await subscribe("late@example.com", { type: "spot", run: r.displayId }, { confirm: false });
    await subscribe("kept@example.com", { type: "spot", run: r.displayId });
    t.setNow(at(47 * HOUR));
    await work();
    expect(await t.db.select().from(alertSubscribers)).toHaveLength(2);
    t.setNow(at(49 * HOUR));
    await work();
    expect((await t.db.select().from(alertSubscribers)).map((s) => s.email)).toEqual(["kept@example.com"]);
  });

  test("one-click unsubscribe: a POST from anywhere ends the alert; GET only shows a button; manage removes the rest, then the address", async () => {
    await ensureSweeps(t.db, t.clock());
    const r = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(3 * HOUR) });
    const r2 = await makeRun(t.db, "raid", { boosterId: await booster(), startsAt: at(30 * HOUR) });
    await subscribe("a@example.com", { type: "reminder", run: r2.displayId }, { confirm: false });
    await subscribe("a@example.com", { type: "new-runs", calendar: GAME_SLUGS.raid }, { confirm: false });
    // One confirmation mail (the second sign-up came within 10 minutes); its link confirms both.
    const confirmations = await outbox();
    expect(confirmations).toHaveLength(1);
    await confirm(confirmations[0]!.textBody);
    expect((await t.db.select().from(alerts)).every((a) => a.consentedAt)).toBe(true);
    await makeRun(t.db, "raid", { boosterId: await booster() });
    t.setNow(at(61_000)); // the digest sweep's next minute
    await work();
    const digest = (await alertMails())[0]!;
    const token = linkIn(digest.textBody, "unsubscribe")!;
    const shown = await t.app.handle(new Request(`${ORIGIN}/alerts/unsubscribe/${token}`));
    expect(await shown.text()).toContain(`action="/alerts/unsubscribe/${token}"`);
    expect(await t.db.select().from(alerts)).toHaveLength(2);
    // What a mail client sends (RFC 8058): its own origin, the one-click body.
    const res = await post(`/alerts/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" }, { origin: "https://mail.example" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(A.unsubscribe.done);
    expect((await t.db.select().from(alerts)).map((a) => a.type)).toEqual(["reminder"]);
    // Manage from the same mail: the reminder is left; removing it deletes the address.
    const manage = await t.app.handle(new Request(`${ORIGIN}/alerts/manage/${token}`));
    const html = await manage.text();
    expect(html).toContain(A.describe.reminder({ run: r2.displayId }));
    const [left] = await t.db.select().from(alerts);
    expect((await post(`/alerts/manage/${token}`, { alert: String(left!.id) }, { origin: "https://evil.example" })).status).toBe(403);
    const removed = await post(`/alerts/manage/${token}`, { alert: String(left!.id) }, { origin: ORIGIN });
    expect(await removed.text()).toContain(A.manage.empty);
    expect(await t.db.select().from(alertSubscribers)).toEqual([]);
    expect(r.id).toBeGreaterThan(0);
  });
});
