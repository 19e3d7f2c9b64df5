// The pseudo-locale (en-XA, development only: accented and about 35 % longer) on every public
// page and every staff screen, at 390 px: no English catalogue word left unaccented (that would
// be text that bypassed T, hard-coded) and no element wider than the viewport.
import { afterAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { PSEUDO_LOCALE } from "../../src/shared/i18n/locales";
import { smtpReceiver } from "../../src/testing/smtpReceiver";
import { dataPhrases, pageTexts, unaccentedCatalogueWords, widerThanViewport } from "./pseudo";
import { inArray } from "drizzle-orm";
import { invites, users } from "../../db/schema";
import { sha256 } from "../../src/api/auth/sessions";
import { PASSWORD, useE2E } from "./harness";

const smtp = await smtpReceiver();
let data: string[] = [];
// An invitation made ahead of time, so the test knows its token (the API returns it only once).
const INVITE = "e2e-pseudo-invite-token-0123456789abcdefghij";
// Development mode: the pseudo-locale is not served in production.
const e2e = useE2E({
  env: { NODE_ENV: "development", SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@e2e.example>", MAIL_POLL_MS: "20" },
  prepare: async (db) => {
    await db.insert(invites).values({
      email: "recruit@example.com", userType: "booster", tokenHash: sha256(INVITE), boosterUserId: "BB-4001",
      gameIds: [3, 1], message: "Welcome to the raid team!", expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
    // The staff screens speak the account's language: these two chose the pseudo-locale.
    await db.update(users).set({ locale: PSEUDO_LOCALE }).where(inArray(users.email, ["owner@example.com", "booster@example.com"]));
    data = await dataPhrases(db);
  },
});
afterAll(() => smtp.close());

const XA = `/${PSEUDO_LOCALE}`;

/** Both checks on what the page shows now. */
async function expectPseudoClean(page: Page, name: string) {
  expect({ name, hardCoded: unaccentedCatalogueWords(await pageTexts(page), data) }).toEqual({ name, hardCoded: [] });
  expect({ name, wide: await widerThanViewport(page) }).toEqual({ name, wide: [] });
}

async function visit(path: string, opts: { status?: number } = {}) {
  const page = await e2e.page({ width: 390, height: 844 });
  const res = await page.goto(e2e.url + path);
  expect({ path, status: res!.status() }).toEqual({ path, status: opts.status ?? 200 });
  // Hydrated islands render their own text; the landmark says the document is in place.
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO_LOCALE);
  return page;
}

describe("pseudo-locale: public pages at 390 px", () => {
  const PAGES: [string, number?][] = [
    ["/"], ["/category/wow"], ["/category/d2"],
    ["/category/wow/mop-raid-calendar"], ["/category/wow/mop-challenge-mode-calendar"], ["/category/d2/desert-perpetual-calendar"],
    ["/runs/MOP-15"], ["/no/such/page", 404], ["/embed/calendars/mop-raid-calendar"],
  ];
  for (const [path, status] of PAGES) {
    test(`${XA}${path}`, async () => {
      const page = await visit(XA + path, { status });
      await expectPseudoClean(page, path);
      const filters = page.locator("summary.filters__summary");
      if (await filters.count()) {
        await filters.first().click();
        await expectPseudoClean(page, `${path} (filters open)`);
      }
    });
  }

  test(`${XA} calendar: the contact dialog`, async () => {
    const page = await visit(`${XA}/category/wow/mop-raid-calendar`);
    await page.locator(".run-grid > li").first().locator("button").last().click();
    await page.getByRole("dialog").waitFor();
    await expectPseudoClean(page, "contact dialog");
  });

  test(`${XA}/alerts/...: confirm, manage and unsubscribe pages`, async () => {
    const res = await fetch(`${e2e.url}/api/alerts`, {
      method: "POST", headers: { "content-type": "application/json", origin: e2e.url },
      body: JSON.stringify({ email: "pseudo@example.com", type: "reminder", run: "MOP-15" }),
    });
    expect(res.status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    const token = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const confirm = await visit(`${XA}/alerts/confirm/${token}`);
    await expectPseudoClean(confirm, "alert confirm");
    await confirm.locator("main form button").first().click();
    await confirm.waitForLoadState();
    await expectPseudoClean(confirm, "alert confirmed");
    for (const kind of ["manage", "unsubscribe"]) {
      await expectPseudoClean(await visit(`${XA}/alerts/${kind}/not-a-token`, { status: 404 }), `alert ${kind} (unknown link)`);
    }
  });
});

describe("pseudo-locale: staff screens at 390 px, as rendered by the server and once hydrated", () => {
  const SIGNED_OUT = ["/auth", "/forgot", `/invite/${INVITE}`, `/register/${INVITE}`, "/reset/not-a-token"];
  const SIGNED_IN: [string, string][] = [
    ["owner@example.com", "/admin?tab=runs&game=3&tool=1"], ["owner@example.com", "/admin?tab=users"],
    ["owner@example.com", "/admin?tab=games"], ["owner@example.com", "/admin?tab=activity"],
    ["owner@example.com", "/account"], ["booster@example.com", "/dashboard"],
  ];

  /**
   * The page as the server sent it (JavaScript off, same cookies), then hydrated. Signed out
   * the URL names the pseudo-locale; signed in the account's preference does, on today's paths.
   */
  async function both(page: Page, path: string, prefix: string) {
    const plain = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      await plain.addCookies(await page.context().cookies());
      const server = await plain.newPage();
      await server.goto(e2e.url + prefix + path);
      await expectPseudoClean(server, `${path} (server)`);
    } finally {
      await plain.close();
    }
    await page.goto(e2e.url + prefix + path);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO_LOCALE);
    await expectPseudoClean(page, `${path} (hydrated)`);
  }

  for (const path of SIGNED_OUT) {
    test(`${XA}${path}`, async () => {
      await both(await e2e.page({ width: 390, height: 844 }), path, XA);
    });
  }
  for (const [email, path] of SIGNED_IN) {
    test(`${path} as ${email}, whose language is ${PSEUDO_LOCALE}`, async () => {
      const page = await e2e.page({ width: 390, height: 844 });
      await e2e.signIn(page, email, PASSWORD);
      await both(page, path, "");
    });
  }
});
