// The calendar's filters disclosure in a browser without ::details-content (Safari before
// 18.4, Chrome before 131, Firefox before 143): such a browser drops the
// `@supports selector(::details-content)` block, which the route below removes from the
// stylesheet. The zone switch, region, filters and Subscribe must stay visible and usable on
// wide screens and collapsible on phones.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS, useE2E } from "./harness";

/** A screenshot of the viewport, what a person sees (a modal dialog and the top of the page). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

const e2e = useE2E();
const RAID = "/category/wow/mop-raid-calendar";
const RULE = "@supports selector(::details-content)";

/** The end of the block opening at the first "{" after `start`. */
function blockEnd(css: string, start: number): number {
  let depth = 0;
  for (let i = css.indexOf("{", start); i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

/**
 * The stylesheet as such a browser reads it: without the @supports block, and without any
 * rule whose selector names ::details-content (an unknown pseudo-element voids the rule).
 */
function withoutDetailsContent(css: string): string {
  let out = css;
  for (let at = out.indexOf(RULE); at >= 0; at = out.indexOf(RULE)) out = out.slice(0, at) + out.slice(blockEnd(out, at));
  out = out.replace(/[^{};]*::details-content[^{]*\{[^}]*\}/g, "");
  expect(out).not.toContain("details-content");
  expect(out.length).toBeLessThan(css.length);
  return out;
}

async function oldBrowserPage(opts: { width: number; height: number; javaScriptEnabled?: boolean }): Promise<Page> {
  const page = await e2e.page(opts);
  await page.route(/\/assets\/app-[^/]*\.css$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: withoutDetailsContent(await res.text()) });
  });
  return page;
}

const region = (page: Page) => page.getByRole("group", { name: "Region" });
const zone = (page: Page) => page.getByRole("group", { name: "Timezone" });
const summary = (page: Page) => page.locator("summary", { hasText: "Filters" });

describe("filters without ::details-content", () => {
  test("at 1280 px the panel opens by itself: zone switch, region, filters and Subscribe are visible and work", async () => {
    const page = await oldBrowserPage({ width: 1280, height: 800 });
    await page.goto(e2e.url + RAID);
    for (const l of [zone(page), region(page), page.getByLabel("Difficulty"), page.locator(".subscribe > summary")]) {
      expect(await l.isVisible()).toBe(true);
    }
    await shot(page, "calendar-filters-no-details-content-1280");
    await region(page).getByRole("link", { name: "US", exact: true }).click();
    await page.waitForURL(/region=US/);
    await zone(page).getByRole("link", { name: "CET" }).click();
    await page.waitForURL(/tz=CET/);
    await page.getByLabel("Difficulty").selectOption({ label: "Heroic 25" });
    await page.waitForURL(/difficulty=heroic_25/);
    await page.locator(".subscribe > summary").click();
    expect(await page.getByRole("link", { name: "Open in calendar app" }).isVisible()).toBe(true);
    // The summary stays, so the panel can still be folded away.
    await summary(page).click();
    expect(await region(page).isVisible()).toBe(false);
  });

  test("at 1280 px without JavaScript the 'Filters' summary shows and opens the panel", async () => {
    const page = await oldBrowserPage({ width: 1280, height: 800, javaScriptEnabled: false });
    await page.goto(e2e.url + RAID);
    expect(await summary(page).isVisible()).toBe(true);
    await summary(page).click();
    expect(await region(page).isVisible()).toBe(true);
    expect(await page.locator(".subscribe > summary").isVisible()).toBe(true);
  });

  test("at 390 px the panel starts closed and opens and closes from 'Filters'", async () => {
    const page = await oldBrowserPage({ width: 390, height: 844 });
    await page.goto(e2e.url + RAID);
    expect(await region(page).isVisible()).toBe(false);
    await summary(page).click();
    for (const l of [zone(page), region(page), page.getByLabel("Difficulty"), page.locator(".subscribe > summary")]) {
      expect(await l.isVisible()).toBe(true);
    }
    await shot(page, "calendar-filters-no-details-content-390");
    await summary(page).click();
    expect(await region(page).isVisible()).toBe(false);
  });
});

describe("filters with ::details-content (unchanged)", () => {
  test("at 1280 px no summary and the panel open; at 390 px closed behind 'Filters'", async () => {
    const wide = await e2e.page({ width: 1280, height: 800 });
    await wide.goto(e2e.url + RAID);
    expect(await summary(wide).isVisible()).toBe(false);
    expect(await region(wide).isVisible()).toBe(true);
    expect(await wide.locator("details.filters").getAttribute("open")).toBeNull();
    await shot(wide, "calendar-filters-1280");
    const phone = await e2e.page({ width: 390, height: 844 });
    await phone.goto(e2e.url + RAID);
    expect(await region(phone).isVisible()).toBe(false);
    await summary(phone).click();
    expect(await region(phone).isVisible()).toBe(true);
    await shot(phone, "calendar-filters-390");
  });
});
