import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games } from "../../db/schema";
import { DEFAULT_LOCALE, LOCALES } from "../../src/shared/i18n/locales";
import { loadedScripts, useE2E } from "./harness";

// The Challenge Mode tool is hidden in production, so WoW shows one tool.
const e2e = useE2E({ prepare: async (db) => { await db.update(games).set({ visible: false }).where(eq(games.slug, "mop-challenge-mode-calendar")); } });

describe("landing and category pages", () => {
  test("the landing page lists the visible games with their counts and hides a game whose visible flag is false", async () => {
    const page = await e2e.page();
    const res = await page.goto(`${e2e.url}/`);
    expect(res!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Blazing Extra Tools" }).isVisible()).resolves.toBe(true);
    const cards = page.getByRole("list", { name: "Blazing Extra Tools" }).getByRole("listitem");
    expect(await cards.count()).toBe(2);
    const wow = cards.filter({ hasText: "World of Warcraft" });
    expect(await wow.getByText("1 tool").isVisible()).toBe(true);
    expect(await wow.getByText("Browse Tools").isVisible()).toBe(true);
    expect(await wow.getByText(/^Available Runs: \d+$/).textContent()).toMatch(/Available Runs: [1-9]\d*/);
    expect(await page.getByText("Admin & Seller Login").isVisible()).toBe(true);
    // An anonymous visitor gets no JavaScript at all.
    expect(await page.locator("script").count()).toBe(0);
    // What the page fetched, read from the page's own resource timing rather than a
    // playwright `request` listener (that subscription raced under load when run from Bun).
    expect(await loadedScripts(page)).toEqual([]);
    await e2e.screenshot(page, "landing-1280");
    const phone = await e2e.page({ width: 390, height: 844 });
    await phone.goto(`${e2e.url}/`);
    await e2e.screenshot(phone, "landing-390");
  });

  test("the landing page has no script in any language", async () => {
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      const page = await e2e.page();
      expect((await page.goto(`${e2e.url}/${locale}/`))!.status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await page.locator("script").count()).toBe(0);
      expect(await loadedScripts(page)).toEqual([]);
    }
  });

  test("the category page lists its visible children and links through", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/`);
    await page.getByRole("link", { name: /World of Warcraft/ }).click();
    await page.waitForURL("**/category/wow");
    await expect(page.getByRole("heading", { level: 1, name: "World of Warcraft" }).isVisible()).resolves.toBe(true);
    const tools = page.getByRole("list", { name: "World of Warcraft" }).getByRole("listitem");
    expect(await tools.count()).toBe(1);
    expect(await tools.first().getByText(/^Available Runs: \d+$/).isVisible()).toBe(true);
    await tools.first().getByRole("link").click();
    await page.waitForURL("**/category/wow/mop-raid-calendar");
    // The calendar is an island page: the probe the landing test relies on does see scripts.
    expect((await loadedScripts(page)).length).toBeGreaterThan(0);
  });

  test("an unknown path shows the not-found text with status 404", async () => {
    const page = await e2e.page();
    const res = await page.goto(`${e2e.url}/no/such/page`);
    expect(res!.status()).toBe(404);
    expect(await page.getByText("404 Page Not Found").isVisible()).toBe(true);
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    const cat = await page.goto(`${e2e.url}/category/unknown-game`);
    expect(cat!.status()).toBe(404);
  });
});
