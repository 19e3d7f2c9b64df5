import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loadedScripts, useE2E } from "./harness";
import { parseFeed } from "../../src/testing/ical";
import { utcDateTime } from "../../src/domain/ical";

const STORE = "https://store.example.test/raids";
const TOKEN = "e2e-metrics-token-0123456789";
// Headless Chromium says "HeadlessChrome", which /go rightly takes for automation: book as a desktop browser.
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const e2e = useE2E({ env: { STOREFRONT_RAID_URL: STORE, METRICS_TOKEN: TOKEN } });
const CALENDAR = "/category/wow/mop-raid-calendar";

/** Opens the raid calendar and follows the first card's display id to its run page. */
async function openFirstRunPage(page: Page): Promise<string> {
  await page.goto(`${e2e.url}${CALENDAR}`);
  const id = page.locator(".run-grid .run-card__id").first();
  const label = (await id.textContent())!;
  await id.click();
  await page.waitForURL(`${e2e.url}/runs/${label}`);
  return label;
}

/** The storefront is another site: answer it here, so the test sees where the browser went. */
async function stubStorefront(page: Page) {
  await page.context().route("https://store.example.test/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Store</title><p>Store</p>" }));
  await page.context().setExtraHTTPHeaders({ "user-agent": DESKTOP });
}

/** axe-core's violations on the page (evaluated through the driver, which the page's CSP does not govern). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await Bun.file(require.resolve("axe-core/axe.min.js")).text());
  const result = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run());
  return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
}

async function bookingCounts(): Promise<Record<string, number>> {
  const text = await (await fetch(`${e2e.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Object.fromEntries([...text.matchAll(/^booking_redirects_total\{result="(\w+)"\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

describe("run page", () => {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    test(`from a card to its page at ${width} px: details, booking button, JSON-LD, no React`, async () => {
      const page = await e2e.page({ width, height });
      const label = await openFirstRunPage(page);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(await page.locator("main").innerText()).toContain(label);
      const book = page.getByRole("link", { name: "Book on Blazing Boost" });
      expect(await book.isVisible()).toBe(true);
      expect(await book.getAttribute("href")).toBe(`/go/${label}?source=run`);
      const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(event["@type"]).toBe("Event");
      expect(event.offers.url).toBe(`${e2e.url}/go/${label}?source=run`);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // No React: only the live updates', the share control's and the time lines' plain scripts.
      const scripts = (await loadedScripts(page)).map((u) => new URL(u).pathname).sort();
      expect(scripts).toHaveLength(3);
      expect(scripts[0]).toMatch(/^\/assets\/live-/);
      expect(scripts[1]).toMatch(/^\/assets\/share-/);
      expect(scripts[2]).toMatch(/^\/assets\/when-/);
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `run-page-${width}`);
      await page.getByRole("link", { name: /^More .* runs$/ }).click();
      await page.waitForURL((u) => u.pathname === CALENDAR);
    });
  }

  test("one run into a calendar without JavaScript: the .ics downloads as {id}.ics with the feed's UID; Google's link has its UTC times", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}${CALENDAR}`);
    const label = (await page.locator(".run-grid .run-card__id").first().textContent())!;
    await page.goto(`${e2e.url}/runs/${label}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download .ics" }).click()]);
    expect(download.suggestedFilename()).toBe(`${label}.ics`);
    const [event] = parseFeed(await Bun.file((await download.path())!).text()).events;
    const inFeed = parseFeed(await (await fetch(`${e2e.url}/calendars/mop-raid-calendar.ics`)).text()).events.find((e) => e.uid === event!.uid);
    expect(event).toEqual(inFeed!);
    expect(event!.alarms.map((a) => a.minutes)).toEqual([-60]);
    const google = new URL((await page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href"))!);
    expect(google.searchParams.get("dates")).toBe(`${utcDateTime(event!.start)}/${utcDateTime(event!.end)}`);

    // The calendar's contact dialog offers the same two links.
    const js = await e2e.page();
    await js.goto(`${e2e.url}${CALENDAR}`);
    await js.locator(".run-grid > li").first().getByRole("button", { name: /^Contact us about / }).click();
    const dialog = js.getByRole("dialog");
    expect(await dialog.getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe(`/runs/${label}.ics`);
    expect(new URL((await dialog.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href"))!).searchParams.get("dates")).toBe(google.searchParams.get("dates"));
  });

  test("share control: copy the link (the field stays without JavaScript)", async () => {
    const page = await e2e.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.url });
    const label = await openFirstRunPage(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("status").filter({ hasText: "Link copied." }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.url}/runs/${label}`);

    const noJs = await e2e.page({ javaScriptEnabled: false });
    await noJs.goto(`${e2e.url}/runs/${label}`);
    expect(await noJs.getByLabel("Link to this run").inputValue()).toBe(`${e2e.url}/runs/${label}`);
    expect(await noJs.getByRole("button", { name: "Copy link" }).count()).toBe(0);
  });
});

describe("booking through /go", () => {
  test("the contact dialog and the run page land on the storefront with the run; one click counted per visitor and hour", async () => {
    const page = await e2e.page();
    await stubStorefront(page);
    const before = await bookingCounts();
    await page.goto(`${e2e.url}${CALENDAR}`);
    const label = (await page.locator(".run-grid .run-card__id").first().textContent())!;
    await page.getByRole("button", { name: `Contact us about ${label}`, exact: true }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.innerText()).toContain("The store opens in a new tab.");
    expect(await axeViolations(page)).toEqual([]);
    const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: "Book on Blazing Boost" }).click()]);
    await popup.waitForURL(/^https:\/\/store\.example\.test\//);
    const landed = new URL(popup.url());
    expect(landed.origin + landed.pathname).toBe(STORE);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ run: label, utm_source: "runboard", utm_medium: "calendar" });
    await popup.close();
    await page.keyboard.press("Escape");

    // The same visitor books the same run again from its page within the hour: redirected, not counted again.
    await page.goto(`${e2e.url}/runs/${label}`);
    const [again] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Book on Blazing Boost" }).click()]);
    await again.waitForURL(/^https:\/\/store\.example\.test\//);
    expect(new URL(again.url()).searchParams.get("run")).toBe(label);
    const after = await bookingCounts();
    expect((after.counted ?? 0) - (before.counted ?? 0)).toBe(1);
    expect((after.repeat ?? 0) - (before.repeat ?? 0)).toBe(1);
  });
});

describe("run page in the viewer's own time", () => {
  test("a visitor in Tokyo sees their time and a countdown after the script runs; without JavaScript only the absolute time", async () => {
    const page = await e2e.page({ timezoneId: "Asia/Tokyo" });
    const label = await openFirstRunPage(page);
    const iso = (await page.locator(".run-page__time time").getAttribute("datetime"))!;
    const local = page.locator("[data-when-local]");
    await local.filter({ hasText: "(Tokyo)" }).waitFor();
    const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
    const part = (t: string) => tokyo.find((p) => p.type === t)!.value;
    expect(await local.textContent()).toBe(`Your time: ${part("weekday")} ${part("hour")}:${part("minute")} (Tokyo)`);
    expect(await page.locator("[data-when-countdown]").textContent()).toMatch(/^(Starts in \d+ (days?|h)( \d+ min)?|Starts in \d+ min|Starting soon)$/);

    const noJs = await e2e.page({ javaScriptEnabled: false, timezoneId: "Asia/Tokyo" });
    await noJs.goto(`${e2e.url}/runs/${label}`);
    expect(await noJs.locator("[data-when-local]").textContent()).toBe("");
    expect(await noJs.locator(".run-page__time time").getAttribute("datetime")).toBe(iso);
  });
});
