// Demand insights in the browser: the Insights view opens by keyboard at
// its own URL, draws its charts, shows them as tables; and the run panel's clicks column
// counts booking-link clicks made through /go/{displayId}.
import { request as httpRequest } from "node:http";
import { describe, expect, test } from "bun:test";
import { loadedScripts, useE2E } from "./harness";
import { axeViolations } from "./axe";
import { boosterRow, makeRun } from "../../src/testing/factories";
import { countClick } from "../../src/api/clicks/bookingClicks";
import { formatScheduled } from "../../src/domain/time";

const DAY = 86_400_000;
const seeded = { clickDay: "", upcoming: "" };

const e2e = useE2E({
  prepare: async (db) => {
    const b = await boosterRow(db, "BB-1001");
    const now = Date.now();
    const past = await makeRun(db, "raid", { boosterId: b, startsAt: new Date(now - 2 * DAY), difficulty: "heroic_25", status: "completed", spots: 10, spotsTaken: 6 });
    const clickDay = new Date(now - 3 * DAY);
    for (let i = 0; i < 3; i++) await countClick(db, "raid", past.id, clickDay);
    await countClick(db, "raid", past.id, new Date(now - 2 * DAY));
    seeded.clickDay = formatScheduled(clickDay, "CET").slice(0, 10); // the console counts CET days
    seeded.upcoming = (await makeRun(db, "raid", { boosterId: b, startsAt: new Date(now + 2 * DAY) })).displayId;
  },
});

describe("Insights view", () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px: opened by keyboard, charts drawn with text alternatives, a chart shown as a table`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
      const link = page.getByRole("navigation", { name: "Runs area view" }).getByRole("link", { name: "Insights" });
      const firstLoad = await loadedScripts(page);
      await link.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Insights: MoP Raid Calendar" }).waitFor();
      expect(new URL(page.url()).search).toBe("?tab=runs&game=3&tool=1&view=insights");

      const daily = page.getByRole("img", { name: /^Offered runs and booking clicks per day\. Over 30 days: \d+ offered runs and 4 booking clicks\./ });
      await daily.waitFor();
      expect(await daily.locator("rect").count()).toBe(30);
      await page.getByRole("img", { name: /^Clicks per offered run by difficulty\./ }).waitFor();
      // Sell-through: the completed run's places (the seeded demo runs may add theirs).
      await page.getByRole("img", { name: /^Places taken against places offered per day\. Over 30 days: \d+ places taken of \d+ places offered/ }).waitFor();
      // The chart code (d3) came with the view, in a chunk the first load did not fetch.
      const hasCharts = async (url: string) => (await (await fetch(url)).text()).includes("insights-line");
      const later = (await loadedScripts(page)).filter((u) => !firstLoad.includes(u));
      expect((await Promise.all(later.map(hasCharts))).some(Boolean)).toBe(true);
      expect((await Promise.all(firstLoad.map(hasCharts))).some(Boolean)).toBe(false);
      // The charts fit the width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const box = await daily.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      await e2e.screenshot(page, `insights-${width}`);
      expect(await axeViolations(page)).toEqual([]);

      const figure = page.getByRole("figure", { name: "Offered runs and booking clicks per day" });
      await figure.getByRole("button", { name: "Show as table" }).click();
      const row = figure.getByRole("table").getByRole("row").filter({ hasText: seeded.clickDay });
      expect(await row.locator("th, td").allTextContents()).toEqual([seeded.clickDay, expect.any(String), "3"]);
      expect(await figure.getByRole("img").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // The period: a link that puts ?days= in the URL; a reload opens the same view and period.
      await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
      const week = page.getByRole("img", { name: /^Offered runs and booking clicks per day\. Over 7 days:/ });
      await week.waitFor();
      expect(new URL(page.url()).search).toBe("?tab=runs&game=3&tool=1&view=insights&days=7");
      expect(await week.locator("rect").count()).toBe(7);
      await page.reload();
      await page.getByRole("img", { name: /^Offered runs and booking clicks per day\. Over 7 days:/ }).waitFor();
    });
  }

  test("the run panel's clicks column counts /go clicks: one per visitor's address and run an hour", async () => {
    // Two visitors on two loopback addresses, the first one twice (with another browser).
    const go = (from: string, agent: string) => new Promise<number>((done, fail) => {
      const req = httpRequest(`${e2e.url}/go/${seeded.upcoming}`, { localAddress: from, headers: { "user-agent": agent } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on("error", fail);
      req.end();
    });
    expect(await go("127.0.0.2", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36")).toBe(302);
    expect(await go("127.0.0.2", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15")).toBe(302);
    expect(await go("127.0.0.3", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15")).toBe(302);
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByPlaceholder("Search by ID, raid name, or booster").fill(seeded.upcoming);
    const row = page.getByRole("table", { name: "MoP Raid Runs" }).getByRole("row").filter({ hasText: seeded.upcoming });
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    expect(await row.locator('td[data-label="Clicks (all time)"]').textContent()).toBe("2");
  });
});
