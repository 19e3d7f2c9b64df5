// axe-core on every public page, at 1280 px and on a 390 px phone (filters open), and with
// the contact dialog open: no violations of its default rules (WCAG A/AA, best practices).
import { describe, expect, test } from "bun:test";
import { axeViolations } from "./axe";
import { useE2E } from "./harness";

const e2e = useE2E();
const PAGES = ["/", "/category/wow", "/category/d2", "/game/mop-raid-calendar", "/category/wow/mop-challenge-mode-calendar", "/game/desert-perpetual-calendar"];

describe("public pages: axe finds 0 violations, focus stays in view", () => {
  for (const path of PAGES) {
    test(`axe on ${path} at 1280 px and at 390 px`, async () => {
      const page = await e2e.page();
      await page.goto(e2e.url + path);
      expect(await axeViolations(page)).toEqual([]);
      const phone = await e2e.page({ width: 390, height: 844 });
      await phone.goto(e2e.url + path);
      const filters = phone.locator("summary.filters__summary");
      if (await filters.count()) await filters.click();
      expect(await axeViolations(phone)).toEqual([]);
    });
  }

  test("a focused control is never left under the sticky header", async () => {
    const page = await e2e.page({ width: 1280, height: 700 });
    await page.goto(`${e2e.url}/game/mop-raid-calendar`);
    // The button sits under the header (inside the viewport, so the browser would not scroll
    // it on focus unless scroll-padding tells it that strip is covered).
    const button = page.locator(".run-grid > li").first().getByRole("button", { name: "CONTACT US" });
    await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 30));
    await button.focus();
    const header = (await page.locator(".site-header").boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test("axe on a calendar with the contact dialog open", async () => {
    const page = await e2e.page({ timezoneId: "Asia/Tokyo" });
    await page.goto(`${e2e.url}/game/mop-raid-calendar`);
    await page.locator(".run-grid > li").first().getByRole("button", { name: "CONTACT US" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
