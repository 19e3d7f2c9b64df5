// Mails in the recipient's language, through a real SMTP server (smtp-server + mailparser):
// an alert's mails in the language the alert was made in, with links to its pages in that
// language; a staff mail in the account's (or the invitation's) language; English unchanged.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { alerts, raidRuns, users } from "../../db/schema";
import { TEST_NOW, resetDb } from "../testing/db";
import { ORIGIN, makeTestApp, testManifest, type TestApp } from "../testing/app";
import { boosterRow, makeRun } from "../testing/factories";
import { smtpReceiver, type SmtpReceiver } from "../testing/smtpReceiver";
import { startTestMailDelivery } from "../testing/mailDelivery";
import type { Outbox } from "../ops/outbox/engine";
import { afterAnswerIdle } from "../ops/afterAnswer";
import { runDueAlertJobs, runSpotJob, type AlertJob } from "../api/alerts/jobs";

let t: TestApp;
let smtp: SmtpReceiver;
let delivery: Outbox;
beforeAll(async () => {
  t = await makeTestApp();
  await resetDb();
  smtp = await smtpReceiver();
  delivery = startTestMailDelivery(t, smtp.url);
}, 60_000);
afterAll(async () => {
  await delivery.stop();
  await smtp.close();
});
beforeEach(async () => {
  await resetDb();
  t.setNow(TEST_NOW);
  smtp.received.length = 0;
});
afterEach(() => afterAnswerIdle(t.db));

const deps = async () => ({ db: t.db, config: t.config, clock: t.clock, manifest: await testManifest() });
const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const linkIn = (text: string, kind: string) => new RegExp(`${ORIGIN}(/[a-z]{2})?/alerts/${kind}/[A-Za-z0-9_-]+`).exec(text)?.[0] ?? null;

/** A full run and a spot alert on it, made in `locale` (as a /de/ page would store it), confirmation queued. */
async function alertIn(locale: string, email: string) {
  const r = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 2, spotsTaken: 2 });
  expect((await t.request("POST", "/api/alerts", { body: { email, type: "spot", run: r.displayId } })).status).toBe(202);
  await t.db.update(alerts).set({ locale });
  await runDueAlertJobs(await deps(), t.clock());
  return r;
}

describe("an alert's mails speak the language it was made in", () => {
  test("a German alert: German confirmation, its link opens the German page, and the alert mail is German with /de/ links", async () => {
    const r = await alertIn("de", "fan@example.com");
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.subject).toBe("Bestätige deine Benachrichtigung");
    expect(confirmation!.text).toContain("Jemand, hoffentlich du, hat diese E-Mails angefordert:");
    const confirm = linkIn(confirmation!.text, "confirm")!;
    expect(confirm.startsWith(`${ORIGIN}/de/alerts/confirm/`)).toBe(true);
    expect(confirmation!.html).toContain(`href="${confirm}"`);
    const page = await t.request("GET", confirm.slice(ORIGIN.length));
    expect(page.status).toBe(200);
    expect(lang(await page.text())).toBe("de");
    expect((await t.request("POST", confirm.slice(ORIGIN.length))).status).toBe(200);

    // A place opens: the spot job mails the confirmed alert.
    await t.db.update(raidRuns).set({ spotsTaken: 1 }).where(eq(raidRuns.id, r.id));
    await runSpotJob(await deps(), { runKind: "raid", runId: r.id } as AlertJob, t.clock());
    const [, spot] = await smtp.waitFor(2);
    expect(spot!.subject).toBe(`Platz frei in ${r.displayId}`);
    expect(spot!.text).toContain(`${ORIGIN}/de/runs/${r.displayId}`);
    const stop = linkIn(spot!.text, "unsubscribe")!;
    expect(stop.startsWith(`${ORIGIN}/de/alerts/unsubscribe/`)).toBe(true);
    expect(spot!.headers.get("list-unsubscribe")).toBe(`<${stop}>`);
    const manage = linkIn(spot!.text, "manage")!;
    expect(manage.startsWith(`${ORIGIN}/de/alerts/manage/`)).toBe(true);
    expect(lang(await (await t.request("GET", manage.slice(ORIGIN.length))).text())).toBe("de");
  }, 30_000);

  test("an English alert is as before: English words, links without a prefix", async () => {
    await alertIn("en", "reader@example.com");
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.subject).toBe("Confirm your alert");
    expect(linkIn(confirmation!.text, "confirm")!.startsWith(`${ORIGIN}/alerts/confirm/`)).toBe(true);
  }, 30_000);
});

describe("staff mails speak the recipient's language", () => {
  test("a Russian account's reset mail is Russian, its expiry day through Intl in Russian", async () => {
    await t.db.update(users).set({ locale: "ru" }).where(eq(users.email, "booster@example.com"));
    expect((await t.request("POST", "/api/auth/forgot", { body: { email: "booster@example.com" } })).status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Новый пароль для Runboard");
    expect(mail!.text).toContain("Кто-то, вероятно вы, запросил сброс пароля для аккаунта Runboard booster@example.com.");
    // TEST_NOW is Saturday 2026-11-21 10:00 UTC; the link lasts an hour.
    expect(mail!.text).toContain("сб 2026-11-21 · 11:00 UTC");
  }, 30_000);

  test("a staff reset for an English account stays English", async () => {
    const [booster] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"));
    // The owner's German console does not decide the booster's mail.
    const owner = await t.cookieFor("owner@example.com");
    await t.request("POST", "/api/auth/preferences", { cookie: owner, body: { locale: "de" } });
    await t.request("POST", `/api/users/${booster!.id}/password-reset`, { cookie: owner, headers: { "accept-language": "de" } });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Set a new Runboard password");
    expect(mail!.text).toContain("Sat 2026-11-21 · 11:00 UTC");
  }, 30_000);

  test("an invitation made on a German page is German", async () => {
    const owner = await t.cookieFor("owner@example.com");
    await t.request("POST", "/api/invites", { cookie: owner, headers: { "accept-language": "de" }, body: { email: "neu@example.com", userType: "administrator" } });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["neu@example.com"]);
    expect(mail!.subject).toBe("Du bist eingeladen, Runboard als Administrator beizutreten");
    expect(mail!.text).toMatch(/Sa\.? 2026-11-28 · 10:00 UTC/);
  }, 30_000);
});
