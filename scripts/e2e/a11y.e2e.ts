// axe-core on every public page, at 1280 px and on a 390 px phone (filters open), and with
// the contact dialog open: no violations of its default rules (WCAG A/AA, best practices).
import { describe, expect, test } from "bun:test";
import { axeViolations } from "./axe";
import { useE2E } from "./harness";

const e2e = useE2E();
const PAGES = ["/", "/category/wow", "/category/d2", "/game/mop-raid-calendar", "/category/wow/mop-challenge-mode-calendar", "/game/desert-perpetual-calendar"];

describe("axe: 0 violations", () => {
  for (const path of PAGES) {
    test(`${path} at 1280 px and at 390 px`, async () => {
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

  test("a calendar with the contact dialog open", async () => {
    const page = await e2e.page({ timezoneId: "Asia/Tokyo" });
    await page.goto(`${e2e.url}/game/mop-raid-calendar`);
    await page.locator(".run-grid > li").first().getByRole("button", { name: "CONTACT US" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
