// German and Russian in a real browser at 390 and 1280 px (issue #30): a calendar whose island
// hydrates and works in the page's language (filter, zone switch, the live "starts in" line),
// a run page, the contact dialog and the staff console of a de / ru account; nothing wider
// than a 390 px screen; axe-clean on the Russian calendar (the longest strings) on a phone.
// Every expected text is the catalogue's, read in that locale.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cardTime } from "../../src/domain/cardTime";
import { countdown } from "../../src/domain/whenRules";
import { inLocale } from "../../src/http/locale";
import type { Locale } from "../../src/shared/i18n/locales";
import { T } from "../../src/shared/text";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { axeViolations } from "./axe";
import { islandsHydrated, useE2E } from "./harness";
import { widerThanViewport } from "./pseudo";

const LANGS = ["de", "ru"] as const satisfies readonly Locale[];
// The staff console speaks the account's language: the owner chose German, the administrator Russian.
const STAFF: Record<(typeof LANGS)[number], string> = { de: "owner@example.com", ru: "admin@example.com" };
const e2e = useE2E({
  prepare: async (db) => {
    for (const [locale, email] of Object.entries(STAFF)) await db.update(users).set({ locale }).where(eq(users.email, email));
  },
});

const WIDTHS = [[390, 844], [1280, 900]] as const;
const CALENDAR = "/category/wow/mop-raid-calendar";

type Card = { label: string; time: string; instant: string; text: string };
const cards = (page: Page): Promise<Card[]> => page.locator(".run-grid > li").evaluateAll((lis) => lis.map((li) => ({
  label: li.querySelector(".run-card__id")!.textContent!,
  time: li.querySelector(".run-card__time")!.textContent!,
  instant: li.querySelector("time")!.getAttribute("datetime")!,
  text: (li as HTMLElement).innerText,
})));

async function expectFits(page: Page, width: number, what: string) {
  if (width > 390) return;
  expect({ what, wide: await widerThanViewport(page) }).toEqual({ what, wide: [] });
}

describe("German and Russian", () => {
  for (const lang of LANGS) {
    const say = <R>(f: () => R): R => inLocale(lang, f);
    for (const [width, height] of WIDTHS) {
      test(`${lang} calendar at ${width} px: texts, filter, zone switch, live line, contact dialog`, async () => {
        // Tokyo: the viewer's clock differs from CET, so the island adds its "your time" line.
        const page = await e2e.page({ width, height, timezoneId: "Asia/Tokyo" });
        expect((await page.goto(`${e2e.url}/${lang}${CALENDAR}`))!.status()).toBe(200);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await page.getByRole("link", { name: say(() => T.calendar.backToCategory) }).isVisible()).toBe(true);
        // Hydrated in this language: CONTACT US is the island's button, worded in the page's language.
        await page.locator(".run-grid button", { hasText: say(() => T.calendar.contactUs) }).first().waitFor();
        const first = await cards(page);
        expect(first.length).toBeGreaterThan(0);
        for (const c of first) {
          expect(c.time).toBe(cardTime(Date.parse(c.instant), "CET").time);
          // The live line: the same words the island computes, within the few seconds this check takes.
          const now = Date.now();
          const options = [now - 60_000, now, now + 60_000].map((t) => say(() => countdown(Date.parse(c.instant), t, T.calendar.when)));
          expect(options.some((o) => c.text.includes(o))).toBe(true);
          expect(c.text).toContain(say(() => T.calendar.when.yourTime({ time: "", zone: "" })).split(":")[0]!);
        }
        await expectFits(page, width, "calendar");

        // Filter: the first card's difficulty, worded in this language, as the select's option.
        const filters = page.locator("summary.filters__summary");
        if (await filters.isVisible()) await filters.click();
        const difficulty = (await page.locator(".run-grid > li").first().locator(".run-card__header .badge").textContent())!;
        await page.getByLabel(say(() => T.calendar.difficulty), { exact: true }).selectOption({ label: difficulty });
        await page.waitForURL(/difficulty=/);
        const filtered = await cards(page);
        expect(filtered.map((c) => c.label)).toEqual(first.filter((c) => c.text.includes(difficulty)).map((c) => c.label));
        await expectFits(page, width, "calendar, filters open");

        // Zone switch: EST times, and the URL says so.
        await page.getByRole("group", { name: say(() => T.calendar.timezone) }).getByRole("link", { name: "EST" }).click();
        await page.waitForURL(/tz=EST/);
        const est = await cards(page);
        expect(est.length).toBe(filtered.length);
        for (const c of est) expect(c.time).toBe(cardTime(Date.parse(c.instant), "EST").time);

        // The contact dialog from the first card, in this language.
        const card = est[0]!;
        await page.getByRole("button", { name: say(() => T.calendar.contactAbout({ id: card.label })) }).click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        expect(await dialog.getByRole("heading", { name: say(() => T.contact.title({ id: card.label })) }).isVisible()).toBe(true);
        const text = await dialog.innerText();
        expect(text).toContain(say(() => T.contact.readyToBook));
        expect(text).toContain(cardTime(Date.parse(card.instant), "EST").time);
        expect(await dialog.getByRole("link", { name: say(() => T.contact.openStore) }).getAttribute("href")).toBe(`/go/${card.label}?source=calendar`);
        await expectFits(page, width, "contact dialog");
        await e2e.screenshot(page, `languages-${lang}-contact-${width}`);
        await dialog.getByRole("button", { name: say(() => T.contact.close) }).click();
        await dialog.waitFor({ state: "hidden" });
      });

      test(`${lang} staff console at ${width} px: Runs, Users, Games and Activity tabs for an account in ${lang}`, async () => {
        const page = await e2e.page({ width, height });
        await e2e.signIn(page, STAFF[lang]);
        await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await page.getByRole("heading", { level: 1, name: say(() => T.admin.heading) }).isVisible()).toBe(true);
        await page.locator("table tbody tr td").first().waitFor();
        expect(await page.locator("main").textContent()).toContain(say(() => T.admin.totalAvailableRuns));
        await expectFits(page, width, "admin runs");
        const tabs: [string, string][] = [
          [say(() => T.admin.tabUsers), say(() => T.users.columns.email)],
          [say(() => T.admin.tabGames), say(() => T.admin.tabGames)],
          [say(() => T.admin.tabActivity), say(() => T.activity.heading)],
          [say(() => T.admin.tabRuns), say(() => T.admin.totalAvailableRuns)],
        ];
        for (const [tab, shows] of tabs) {
          await page.getByRole("link", { name: tab, exact: true }).click();
          const panel = page.getByRole("region", { name: tab, exact: true });
          await panel.waitFor();
          await islandsHydrated(page);
          await panel.getByText(shows, { exact: false }).first().waitFor();
          await expectFits(page, width, `admin ${tab}`);
          await e2e.screenshot(page, `languages-${lang}-admin-${tab.replace(/\W+/g, "_")}-${width}`);
        }
      });

      test(`${lang} run page at ${width} px`, async () => {
        const page = await e2e.page({ width, height });
        await page.goto(`${e2e.url}/${lang}${CALENDAR}`);
        const label = (await page.locator(".run-grid .run-card__id").first().textContent())!;
        await page.goto(`${e2e.url}/${lang}/runs/${label}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
        const book = page.getByRole("link", { name: say(() => T.contact.openStore) });
        expect(await book.getAttribute("href")).toBe(`/go/${label}?source=run`);
        expect(await page.locator("main").innerText()).toContain(say(() => T.contact.readyToBook));
        await expectFits(page, width, "run page");
        await e2e.screenshot(page, `languages-${lang}-run-${width}`);
      });
    }
  }

  test("axe: 0 violations on the Russian calendar at 390 px, filters open and the contact dialog open", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/ru${CALENDAR}`);
    await page.locator("summary.filters__summary").click();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(".run-grid > li").first().locator("button", { hasText: inLocale("ru", () => T.calendar.contactUs) }).click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
