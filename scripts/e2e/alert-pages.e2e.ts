// The pages an alert mail's links open (confirm, unsubscribe, manage), in Chromium at 390 and
// 1280 px: plain HTML with no script, buttons that POST, axe-clean. Mail goes to a real SMTP
// receiver in this process; the run fills and reopens through the signed storefront webhook.
import { afterAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loadedScripts, useE2E } from "./harness";
import { axeViolations } from "./axe";
import { smtpReceiver } from "../../src/testing/smtpReceiver";
import { boosterRow, makeRun } from "../../src/testing/factories";
import { signatureHeader } from "../../src/http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../src/shared/storefront";
import { T } from "../../src/shared/text";
import { freshSecrets } from "../../src/config/secretRules";

const SECRET = freshSecrets().JWT_SECRET;
const smtp = await smtpReceiver();
const runs: { displayId: string }[] = [];
const e2e = useE2E({
  env: { SMTP_URL: smtp.url, STOREFRONT_WEBHOOK_SECRET: SECRET, MAIL_POLL_MS: "20" },
  async prepare(db) {
    const booster = await boosterRow(db, "BB-1001");
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    runs.push(await makeRun(db, "raid", { boosterId: booster, spots: 2, startsAt: inTwoDays }));
    runs.push(await makeRun(db, "raid", { boosterId: booster, startsAt: inTwoDays }));
  },
});
afterAll(() => smtp.close());

const A = T.alerts;
const EMAIL = "visitor@example.com";
const linkIn = (text: string, kind: string) => new RegExp(`/alerts/${kind}/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? null;

function order(status: "paid" | "refunded") {
  const raw = JSON.stringify({ orderId: "e2e-1", run: runs[0]!.displayId, quantity: 2, status });
  return fetch(e2e.url + STOREFRONT_ORDERS_PATH, {
    method: "POST", headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(Date.now() / 1000), raw) }, body: raw,
  });
}
const signUp = (body: Record<string, string>) => fetch(`${e2e.url}/api/alerts`, {
  method: "POST", headers: { "content-type": "application/json", origin: e2e.url }, body: JSON.stringify({ email: EMAIL, ...body }),
});

/** The page has no script, no horizontal scroll, and no axe violation. */
async function checkPage(page: Page, width: number, name: string) {
  expect(await loadedScripts(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
  await e2e.screenshot(page, `alert-${name}-${width}`);
}

describe("alert link pages", () => {
  test("confirm → a refund's alert mail → unsubscribe and manage, at 390 and 1280 px", async () => {
    expect((await order("paid")).status).toBe(200);
    expect((await signUp({ type: "spot", run: runs[0]!.displayId })).status).toBe(202);
    expect((await signUp({ type: "reminder", run: runs[1]!.displayId })).status).toBe(202);
    // One confirmation (the second sign-up came within 10 minutes), listing both.
    const [confirmation] = await smtp.waitFor(1);
    const confirm = linkIn(confirmation!.text, "confirm")!;
    for (const width of [390, 1280]) {
      const page = await e2e.page({ width, height: 844 });
      await page.goto(`${e2e.url}/alerts/confirm/${confirm}`);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(A.confirm.title);
      expect(await page.locator("main").innerText()).toContain(A.describe.reminder({ run: runs[1]!.displayId }));
      await checkPage(page, width, "confirm");
    }
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/alerts/confirm/${confirm}`);
    await page.getByRole("button", { name: A.confirm.button }).click();
    await page.getByText(A.confirm.done({ n: 2 })).waitFor();
    await checkPage(page, 390, "confirmed");

    expect((await order("refunded")).status).toBe(200);
    const mails = await smtp.waitFor(2);
    const alert = mails[1]!;
    expect(alert.subject).toBe(A.mail.spotSubject({ run: runs[0]!.displayId }));
    const token = linkIn(alert.text, "unsubscribe")!;
    for (const width of [390, 1280]) {
      const p = await e2e.page({ width, height: 844 });
      await p.goto(`${e2e.url}/alerts/manage/${token}`);
      expect(await p.locator("main").innerText()).toContain(A.describe.reminder({ run: runs[1]!.displayId }));
      await checkPage(p, width, "manage");
      await p.goto(`${e2e.url}/alerts/unsubscribe/${token}`);
      // The spot alert fired and ended: its link says so.
      expect(await p.locator("main").innerText()).toContain(A.unsubscribe.goneTitle);
      await checkPage(p, width, "unsubscribe-gone");
    }
    // Removing the reminder from the manage page: the last alert, so the address goes.
    const m = await e2e.page({ width: 1280, height: 900 });
    await m.goto(`${e2e.url}/alerts/manage/${token}`);
    await m.getByRole("button", { name: A.manage.removeLabel({ alert: A.describe.reminder({ run: runs[1]!.displayId }) }) }).click();
    await m.getByText(A.manage.empty).waitFor();
    await checkPage(m, 1280, "manage-empty");
  });
});
