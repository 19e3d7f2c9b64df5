// Calendar subscriptions in Chromium: the Subscribe control follows the filters, its feed
// parses and holds the runs the page shows, the copy button copies, and the control is
// axe-clean, fits a 390 px phone and works without JavaScript.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { parseFeed } from "../../src/testing/ical";
import { ROOT, useE2E } from "./harness";

const e2e = useE2E();
const RAID = "/category/wow/mop-raid-calendar";
const FEED = "/calendars/mop-raid-calendar.ics";
const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

const labels = (page: Page) => page.locator(".run-grid > li .run-card__id").allTextContents();

/** Opens the Subscribe disclosure and returns its links and URL field. */
async function openSubscribe(page: Page) {
  await page.locator(".subscribe > summary").click();
  const webcal = page.getByRole("link", { name: "Open in calendar app" });
  await webcal.waitFor();
  return {
    webcal: () => webcal.getAttribute("href"),
    google: () => page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href"),
    url: () => page.getByLabel("Calendar feed URL").inputValue(),
  };
}

/** The feed as a calendar app reads it: the event labels (the UIDs' local part), in order. */
async function feedLabels(url: string): Promise<string[]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  return parseFeed(await res.text()).events.map((e) => e.uid.slice(0, e.uid.indexOf("@")));
}

describe("Subscribe control", () => {
  test("follows the filters; its feed holds the runs the page shows; the URL copies; axe-clean", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}${RAID}`);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.url });
    const sub = await openSubscribe(page);
    const host = new URL(e2e.url).host;
    expect(await sub.webcal()).toBe(`webcal://${host}${FEED}`);
    expect(await feedLabels(await sub.url())).toEqual(await labels(page));

    // Filters changed in place: the links follow; the zone stays out of the feed.
    await page.getByRole("group", { name: "Region" }).getByRole("link", { name: "US" }).click();
    await page.getByRole("navigation", { name: "Raid" }).getByRole("link", { name: "Heart of Fear" }).click();
    // A US view shows EST by default; CET is a choice the page URL keeps and the feed ignores.
    await page.getByRole("group", { name: "Timezone" }).getByRole("link", { name: "CET" }).click();
    await page.waitForURL((u) => u.search === "?region=US&raid=heart-of-fear&tz=CET");
    const webcal = `webcal://${host}${FEED}?region=US&raid=heart-of-fear`;
    expect(await sub.webcal()).toBe(webcal);
    expect(await sub.google()).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    expect(await sub.url()).toBe(`${e2e.url}${FEED}?region=US&raid=heart-of-fear`);
    const shown = await labels(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(await feedLabels(await sub.url())).toEqual(shown);

    await page.getByRole("button", { name: "Copy URL" }).click();
    await page.getByRole("status").filter({ hasText: "Copied to clipboard" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await sub.url());

    // axe-core, evaluated through the DevTools protocol (the page's CSP allows no injected script).
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      return (await axe.run({ include: [".subscribe"] })).violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
    await e2e.screenshot(page, "subscribe-open-1280");
  });

  test("fits a 390 px phone and is reachable by keyboard", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}${RAID}?region=US`);
    // On a phone the control sits in the collapsed 'Filters' disclosure: open it by keyboard first.
    await page.locator(".filters__summary").focus();
    await page.keyboard.press("Enter");
    const summary = page.locator(".subscribe > summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: "Open in calendar app" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const box = (await page.getByRole("button", { name: "Copy URL" }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await e2e.screenshot(page, "subscribe-open-390");
  });

  test("without JavaScript: the disclosure opens and links to the feed of the URL's filters", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}${RAID}?region=US&tz=EST`);
    const sub = await openSubscribe(page);
    expect(await sub.webcal()).toBe(`webcal://${new URL(e2e.url).host}${FEED}?region=US`);
    expect(await page.getByRole("button", { name: "Copy URL" }).count()).toBe(0);
    expect(await feedLabels(await sub.url())).toEqual(await labels(page));
  });
});
