// The viewer's own time and the countdown in a real browser with a non-European zone, the
// 'Your time' zone choice, and the calendars' 'show what exists' parts (tab counts, Reset
// filters, the phone layout).
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { countdown, yourTime } from "../../src/domain/whenRules";
import { cardTime } from "../../src/domain/cardTime";
import { T } from "../../src/shared/text";
import { useE2E } from "./harness";

const e2e = useE2E();
const RAID = "/game/mop-raid-calendar";
const when = T.calendar.when;

/** The first card of the grid that starts later than `after` (epoch ms), with its start. */
async function cardAfter(page: Page, after: number) {
  const starts = await page.locator(".run-grid > li time").evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute("datetime")!)));
  const i = starts.findIndex((s) => s > after);
  expect(i).toBeGreaterThanOrEqual(0);
  return { card: page.locator(".run-grid > li").nth(i), start: starts[i]! };
}

describe("viewers whose zone names a two-word or renamed city", () => {
  test("Buenos Aires never wraps inside the city on a 320 px phone; Chromium's 'Asia/Calcutta' reads Kolkata; the contact dialog adds the CET/EST time", async () => {
    const page = await e2e.page({ width: 320, height: 700, timezoneId: "America/Argentina/Buenos_Aires" });
    await page.goto(`${e2e.url}${RAID}?tz=local`);
    const time = page.locator(".run-grid > li .run-card__time").first();
    await time.filter({ hasText: "Aires)" }).waitFor();
    // The city's two words sit on one line (a wrap may fall only before the parenthesis).
    const lines = await time.evaluate((el) => {
      const range = document.createRange();
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let text = walk.nextNode();
      while (text && !text.textContent!.includes("Buenos")) text = walk.nextNode();
      const at = text!.textContent!.indexOf("Buenos");
      range.setStart(text!, at);
      range.setEnd(text!, at + "Buenos\u00a0Aires".length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await e2e.screenshot(page, "localtime-buenos-aires-320");
    await page.locator(".run-grid > li").first().getByRole("button", { name: /^Contact us about/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Interested in Run/ });
    expect(await dialog.getByText("Time to quote to support").locator("xpath=..").locator("dd").textContent()).toMatch(/^\w{3}, \w{3} \d+, \d\d:\d\d CET · \w{3}, \w{3} \d+, \d\d:\d\d EST$/);

    const india = await e2e.page({ timezoneId: "Asia/Calcutta" });
    await india.goto(`${e2e.url}${RAID}?tz=local`);
    await india.locator(".run-grid > li .run-card__time").first().filter({ hasText: "(Kolkata)" }).waitFor();
  });
});

describe("a viewer in Tokyo", () => {
  test("cards add 'Your time: … (Tokyo)' and a countdown that moves with the clock", async () => {
    const page = await e2e.page({ timezoneId: "Asia/Tokyo" });
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.goto(e2e.url + RAID);
    const { card, start } = await cardAfter(page, now + 3 * 3_600_000);
    const label = await card.locator(".run-card__id").textContent();
    // Without JavaScript's help the server wrote CET; the browser adds the viewer's time.
    expect(await card.locator(".run-card__time").textContent()).toBe(cardTime(start, "CET").time);
    expect(await card.locator(".run-when > p").first().textContent()).toBe(yourTime(start, "CET", "Asia/Tokyo", when)!);
    expect(await card.locator(".run-when > p").first().textContent()).toEndWith("(Tokyo)");

    // 2 h 15 min 30 s before the start, then a minute later.
    await page.clock.pauseAt(start - (2 * 60 + 15) * 60_000 - 30_000);
    await card.locator(".run-when__countdown", { hasText: "Starts in 2 h 15 min" }).waitFor();
    await page.clock.runFor(60_000);
    await card.locator(".run-when__countdown", { hasText: "Starts in 2 h 14 min" }).waitFor();

    // Crossing into the last 15 minutes: the card says so and the live region announces it once.
    await page.clock.pauseAt(start - 15 * 60_000 - 30_000);
    await page.clock.runFor(60_000);
    await card.locator(".run-when__countdown", { hasText: when.soon }).waitFor();
    await page.locator("[aria-live=polite]", { hasText: `${label} is starting soon` }).waitFor();
    expect(countdown(start, start - 14 * 60_000, when)).toBe(when.soon);
  });

  test("'Your time' as the zone shows Tokyo times, survives a reload through tz=local and is absent without JavaScript", async () => {
    const page = await e2e.page({ timezoneId: "Asia/Tokyo" });
    await page.goto(e2e.url + RAID);
    await page.getByRole("group", { name: "Timezone" }).getByRole("link", { name: "Your time" }).click();
    const first = page.locator(".run-grid > li").first();
    const start = Date.parse((await first.locator("time").getAttribute("datetime"))!);
    expect(await first.locator(".run-card__time").textContent()).toBe(cardTime(start, "local", "Asia/Tokyo").time);
    await page.waitForURL((u) => u.search === "?tz=local");
    await page.reload();
    await first.locator(".run-card__time", { hasText: "(Tokyo)" }).waitFor();

    const plain = await e2e.page({ timezoneId: "Asia/Tokyo", javaScriptEnabled: false });
    await plain.goto(e2e.url + RAID);
    expect(await plain.locator(".run-when > p").count()).toBe(0);
    expect(await plain.getByRole("link", { name: "Your time" }).count()).toBe(0);
  });
});

describe("calendars show what exists", () => {
  test("on a 390×844 phone the first card shows without scrolling; the filters open from 'Filters'", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(e2e.url + RAID);
    const time = await page.locator(".run-grid > li .run-card__time").first().boundingBox();
    expect(time!.y + time!.height).toBeLessThanOrEqual(844);
    expect(await page.getByRole("group", { name: "Region" }).isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Filters" }).click();
    expect(await page.getByRole("group", { name: "Region" }).isVisible()).toBe(true);
    await e2e.screenshot(page, "calendar-phone");
    // Wide screens show the filters at once, without the disclosure.
    const wide = await e2e.page();
    await wide.goto(e2e.url + RAID);
    expect(await wide.getByRole("group", { name: "Region" }).isVisible()).toBe(true);
    expect(await wide.locator("summary", { hasText: "Filters" }).isVisible()).toBe(false);
  });

  test("raid tabs count the runs each one shows; an empty view offers 'Reset filters'", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url + RAID}?region=US`);
    for (const tab of await page.locator(".tabs__tab").all()) {
      const n = Number(await tab.locator(".tabs__count").textContent());
      await tab.click();
      expect(await page.locator(".run-grid > li").count()).toBe(n);
    }
    // Filter down to nothing (some difficulty and gameplay pair has no run), then reset.
    await page.getByLabel("Faction & Realm").selectOption("Horde");
    search: for (const difficulty of ["normal_10", "heroic_10", "normal_25", "heroic_25"]) {
      for (const gameplay of ["selfplay", "pilot", "selfplay & pilot"]) {
        await page.getByLabel("Difficulty").selectOption(difficulty);
        await page.getByLabel("Gameplay Type").selectOption(gameplay);
        if (await page.locator(".run-grid > li").count() === 0) break search;
      }
    }
    expect(await page.locator(".run-grid > li").count()).toBe(0);
    await page.getByRole("link", { name: "Reset filters" }).click();
    await page.waitForURL((u) => u.search === "");
    expect(await page.locator(".run-grid > li").count()).toBeGreaterThan(0);
  });
});
