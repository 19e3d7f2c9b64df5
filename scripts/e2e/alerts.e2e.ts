// Visitor alerts in a real browser (issue #29 item 6), against a production server whose mail
// goes to a real SMTP receiver in this process: the forms at 390 and 1280 px with and without
// JavaScript (axe-clean, in view, focus visible), the calendar's JavaScript with its form, and
// a visitor followed from a full run's "Notify me" to the confirmation link to the mail that
// says places opened, sent when the storefront refunds an order. Screenshots: e2e-artifacts/.
import { CALENDAR_JS_BUDGET } from "./budgets";
import { afterAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { games, raidRuns } from "../../db/schema";
import { GAME_IDS } from "../../src/shared/enums";
import { freshSecrets } from "../../src/config/secretRules";
import { signatureHeader } from "../../src/http/storefrontSignature";
import { boosterRow, makeRun } from "../../src/testing/factories";
import { smtpReceiver } from "../../src/testing/smtpReceiver";
import { axeViolations } from "./axe";
import { loadedScripts, useE2E } from "./harness";

const CALENDAR = "/category/wow/mop-raid-calendar";
const HOUR = 3_600_000;
const SECRET = freshSecrets().JWT_SECRET;
const smtp = await smtpReceiver();
afterAll(() => smtp.close());

/** A run full from the start, and one the journey fills with an order and opens with its refund. */
const ids = { full: "", journey: "" };

const e2e = useE2E({
  env: { SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@runboard.test>", STOREFRONT_WEBHOOK_SECRET: SECRET },
  prepare: async (db) => {
    await db.delete(raidRuns);
    await db.update(games).set({ bookingCutoffMinutes: 15 }).where(eq(games.id, GAME_IDS.raid));
    const boosterId = await boosterRow(db, "BB-1001");
    const at = (h: number) => new Date(Date.now() + h * HOUR);
    await makeRun(db, "raid", { boosterId, startsAt: at(24), spots: 10, spotsTaken: 2 });
    ids.full = (await makeRun(db, "raid", { boosterId, startsAt: at(26), spots: 4, spotsTaken: 4 })).displayId;
    ids.journey = (await makeRun(db, "raid", { boosterId, startsAt: at(30), spots: 2, spotsTaken: 0 })).displayId;
  },
});

/** What the store's server sends: no cookie, no Origin, the body signed now. */
async function order(status: "paid" | "refunded", quantity: number) {
  const body = JSON.stringify({ orderId: "shop-alerts-1", run: ids.journey, quantity, status });
  const res = await fetch(`${e2e.url}/api/storefront/orders`, {
    method: "POST", body, headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(Date.now() / 1000), body) },
  });
  expect(res.status).toBe(200);
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The focused element's focus indicator: the site's :focus-visible outline, or the fields' ring (a box shadow). */
const focusRing = (page: Page) => page.evaluate(() => {
  const style = getComputedStyle(document.activeElement!);
  if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) return "outline";
  return style.boxShadow !== "none" ? "ring" : "none";
});

/** Whether the element is inside the viewport and not covered (the phone's sticky booking bar). */
const uncovered = (page: Page, selector: string) => page.locator(selector).evaluate((el) => {
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return box.top >= 0 && box.bottom <= innerHeight && (top === el || el.contains(top));
});

/** Resolves once `n` mails to `address` have arrived (polls; the test's timeout bounds it). */
async function mailsTo(address: string, n: number) {
  while (smtp.to(address).length < n) await Bun.sleep(20);
  return smtp.to(address);
}

/** Everything a calendar page loads before any interaction, gzipped (level 6) and summed: the calendar budget (./budgets.ts). */
async function jsGzip(page: Page): Promise<number> {
  const urls = await loadedScripts(page);
  const sizes = await Promise.all(urls.map(async (u) => Bun.gzipSync(new Uint8Array(await (await fetch(new URL(new URL(u).pathname, e2e.url))).arrayBuffer())).byteLength));
  return sizes.reduce((a, b) => a + b, 0);
}

describe("the alert forms", () => {
  for (const width of [390, 1280]) {
    for (const javaScriptEnabled of [true, false]) {
      const tag = `${javaScriptEnabled ? "js" : "nojs"}-${width}`;
      test(`a full run's page at ${width} px ${javaScriptEnabled ? "with" : "without"} JavaScript: Notify me and Remind me, axe-clean, in view, focus visible`, async () => {
        const page = await e2e.page({ width, height: 844, javaScriptEnabled });
        await page.goto(`${e2e.url}/runs/${ids.full}`);
        const notify = page.getByRole("form", { name: "Notify me" });
        const remind = page.getByRole("form", { name: "Remind me 1 hour before" });
        expect(await notify.getByRole("textbox", { name: "Email address" }).isVisible()).toBe(true);
        expect(await notify.getByRole("button", { name: "Send me the link" }).isVisible()).toBe(true);
        expect(await remind.getByRole("button", { name: "Send me the link" }).isVisible()).toBe(true);
        await noWiderThan(page, width);
        // axe runs as a script in the page: with JavaScript (the forms' markup is the same without).
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
        await e2e.screenshot(page, `alerts-${tag}-run-full`);

        // The Full bar's link leads to the form; from there the keyboard reaches the address with a visible ring, not under the bar.
        await page.locator(".run-page__book").getByRole("link", { name: "Notify me" }).click();
        await page.waitForFunction(() => location.hash === "#alert-spot");
        await page.keyboard.press("Tab"); // from the fragment the link named: the form's first field
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("alert-spot-email");
        expect(await focusRing(page)).toBe("ring");
        expect(await uncovered(page, "#alert-spot-email")).toBe(true);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send me the link");
        expect(await focusRing(page)).toBe("outline");
        expect(await uncovered(page, "#alert-spot button")).toBe(true);

        if (!javaScriptEnabled) {
          // The plain form post: back to this page with the result above the forms, scrolled to; the confirmation goes out.
          const address = `nojs-${width}@example.test`;
          await remind.getByRole("textbox", { name: "Email address" }).fill(address);
          await remind.getByRole("button", { name: "Send me the link" }).click();
          await page.waitForURL((u) => u.search === "?alert=sent" && u.hash === "#alert");
          expect(await page.locator("#alert").textContent()).toBe("Check your inbox: we sent a link to confirm this alert.");
          expect(await uncovered(page, "#alert .form-status")).toBe(true);
          await e2e.screenshot(page, `alerts-${tag}-run-sent`);
          const [mail] = await mailsTo(address, 1);
          expect(mail!.subject).toBe("Confirm your alert");
        }
      });
    }

    test(`a calendar at ${width} px: Email me new runs like these, axe-clean; a full run's card links to its page`, async () => {
      const page = await e2e.page({ width, height: 844 });
      await page.goto(`${e2e.url}${CALENDAR}`);
      const form = page.getByRole("form", { name: "Email me new runs like these" });
      expect(await form.getByRole("button", { name: "Send me the link" }).isVisible()).toBe(true);
      await noWiderThan(page, width);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.getByRole("link", { name: ids.full, exact: true }).getAttribute("href")).toBe(`/runs/${ids.full}`);
      await e2e.screenshot(page, `alerts-js-${width}-calendar`);
    });
  }

  test("the calendar's JavaScript with its alert form stays within the calendar budget; the form's script comes with the first focus and sends the filters in place", async () => {
    const page = await e2e.page({ width: 1280, height: 900 });
    await page.goto(`${e2e.url}${CALENDAR}`);
    const before = await jsGzip(page);
    console.log(`raid calendar JavaScript with the alert form: gzip ${before} B`);
    expect(before).toBeLessThanOrEqual(CALENDAR_JS_BUDGET);
    expect((await loadedScripts(page)).some((u) => /\/alerts-[^/]*\.js$/.test(u))).toBe(false);
    await page.getByRole("textbox", { name: "Email address" }).focus();
    await page.waitForFunction(() => document.querySelector("form[data-alert]")?.hasAttribute("data-alert-ready"));
    console.log(`after focusing the alert form: gzip ${await jsGzip(page)} B`);

    // Filtered in place by the island, then sent in place: the answer in the form, the page not reloaded.
    await page.getByRole("checkbox", { name: "Only runs with free spots" }).check();
    await page.waitForFunction(() => location.search === "?open=1");
    const form = page.getByRole("form", { name: "Email me new runs like these" });
    await form.getByRole("textbox", { name: "Email address" }).fill("filters@example.test");
    await form.getByRole("button", { name: "Send me the link" }).click();
    await form.getByRole("status").locator(".form-status--success").waitFor();
    expect(await form.getByRole("status").textContent()).toBe("Check your inbox: we sent a link to confirm this alert. If it does not arrive, check your spam folder.");
    expect(await page.evaluate(() => location.search)).toBe("?open=1");
    expect(await axeViolations(page)).toEqual([]);
    await e2e.screenshot(page, "alerts-js-1280-calendar-sent");
    const [mail] = await mailsTo("filters@example.test", 1);
    expect(mail!.text).toContain("matching your filters");
  });
});

describe("a visitor followed from Notify me to the mail", () => {
  test("Notify me on a full run (JavaScript), the confirmation mail and its link, then a refund opens places: one mail, with one-click unsubscribe", async () => {
    await order("paid", 2); // the run is full now
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/runs/${ids.journey}`);
    expect(await page.locator(".run-page__spots").textContent()).toBe("Full");
    const form = page.getByRole("form", { name: "Notify me" });
    const email = form.getByRole("textbox", { name: "Email address" });
    await email.fill("visitor@example.test");
    await form.getByRole("button", { name: "Send me the link" }).click();
    // The answer shows in the form's live region, in place (no navigation), and focus stays in the form.
    const status = form.getByRole("status");
    await status.locator(".form-status--success").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/runs/${ids.journey}`);
    expect(await page.evaluate(() => document.activeElement?.closest("form")?.getAttribute("aria-labelledby"))).toBe("alert-spot-title");
    expect(await axeViolations(page)).toEqual([]); // with the answer in place
    await e2e.screenshot(page, "alerts-journey-sent");

    const [confirmation] = await mailsTo("visitor@example.test", 1);
    const link = confirmation!.text.match(/https?:\/\/\S+\/alerts\/confirm\/[\w-]+/)?.[0];
    expect(link?.startsWith(`${e2e.url}/alerts/confirm/`)).toBe(true);
    await page.goto(link!);
    // A GET never confirms (mail scanners open links too): the page asks for the click.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Confirm your alerts");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { level: 1, name: "Alerts confirmed" }).waitFor();
    await e2e.screenshot(page, "alerts-journey-confirmed");
    expect(smtp.to("visitor@example.test")).toHaveLength(1); // nothing but the confirmation before places open

    await order("refunded", 2);
    const alert = (await mailsTo("visitor@example.test", 2))[1]!;
    expect(alert.subject).toBe(`A place opened on ${ids.journey}`);
    expect(alert.text).toContain("2 places are open"); // the refund gave the whole order back
    expect(alert.headers.get("list-unsubscribe")).toMatch(new RegExp(`^<${e2e.url.replace(/[.]/g, "\\.")}/alerts/unsubscribe/[\\w-]+>$`));
    expect(alert.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // One click, as a mail client sends it (no Origin): a spot alert ends with its one mail, and
    // its address with it, so there is nothing left to stop; the answer is a page, never an error.
    const unsubscribe = alert.headers.get("list-unsubscribe")!.slice(1, -1);
    const res = await fetch(unsubscribe, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toContain("text/html");
    // Places open to everyone waiting at once, and only once: no second mail.
    expect(smtp.to("visitor@example.test")).toHaveLength(2);
  });
});
