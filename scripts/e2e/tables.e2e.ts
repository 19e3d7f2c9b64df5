// Staff tables that read at a glance at the widths staff use: no header breaks inside a word,
// rows stay short, and the booster dashboard shows runs on its first screen. Screenshots of
// the run table and the Activity tab at 1280 and 390 land in e2e-artifacts/.
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { ARTIFACTS, useE2E } from "./harness";

const e2e = useE2E();

/** Header words that do not fit their cell or are split across lines, measured with a Range per word. */
function brokenHeaderWords(table: Locator): Promise<string[]> {
  return table.evaluate((t) => {
    const broken: string[] = [];
    for (const th of t.querySelectorAll("thead th")) {
      if (th.closest(".visually-hidden") || th.querySelector(".visually-hidden") && !th.textContent?.replace(th.querySelector(".visually-hidden")!.textContent ?? "", "").trim()) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      const width = th.getBoundingClientRect().width;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".visually-hidden")) continue;
        const text = node.textContent ?? "";
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1 || range.getBoundingClientRect().width > width) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

/** The median height of the table's body rows, in CSS pixels. */
function medianRowHeight(table: Locator): Promise<number> {
  return table.evaluate((t) => {
    const heights = [...t.querySelectorAll("tbody tr")].map((r) => r.getBoundingClientRect().height).sort((a, b) => a - b);
    return heights[Math.floor(heights.length / 2)] ?? 0;
  });
}

async function expectReadable(table: Locator, name: string) {
  await table.locator("tbody tr td").first().waitFor();
  expect({ name, broken: await brokenHeaderWords(table) }).toEqual({ name, broken: [] });
  const median = await medianRowHeight(table);
  console.log(`${name}: median row ${median.toFixed(1)} px`);
  expect(median).toBeLessThanOrEqual(64);
}

async function inviteSomeone(page: Page) {
  const res = await page.request.post(`${e2e.url}/api/invites`, {
    headers: { Origin: e2e.url }, data: { email: "table-reader@example.com", userType: "administrator" },
  });
  expect(res.status()).toBe(201);
}

describe("staff tables read at a glance", () => {
  for (const width of [1280, 1440, 1920]) {
    test(`at ${width} px no header breaks inside a word and the median row is at most 64 px`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      for (const [tool, name] of [[1, /Raid/], [4, /Challenge/]] as const) {
        await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=${tool}`);
        await expectReadable(page.getByRole("table", { name }), `runs ${tool} @${width}`);
      }
      await page.goto(`${e2e.url}/admin?tab=runs&game=2&tool=5`);
      await expectReadable(page.getByRole("table", { name: /Desert/ }), `desert runs @${width}`);
      if (width === 1280) await inviteSomeone(page);
      await page.goto(`${e2e.url}/admin?tab=users`);
      const users = page.getByRole("table", { name: "All App Users" });
      await users.getByRole("button", { name: /^Edit / }).first().waitFor();
      await expectReadable(users, `users @${width}`);
      await expectReadable(page.getByRole("table", { name: /Pending/ }), `invites @${width}`);
      await page.goto(`${e2e.url}/admin?tab=activity`);
      await expectReadable(page.getByRole("table", { name: "Activity" }), `activity @${width}`);
    }, 120_000);
  }

  test("the booster dashboard at 1280x800 shows at least 10 runs on its first screen", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    await e2e.signIn(page, "booster@example.com");
    await page.goto(`${e2e.url}/dashboard?game=3&tool=1`);
    const table = page.locator("table.table--fit").first();
    await table.locator("tbody tr td").first().waitFor();
    const onScreen = await page.evaluate(() =>
      [...document.querySelectorAll("table.table--fit tbody tr")].filter((r) => {
        const box = r.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
      }).length);
    const firstRowTop = await table.locator("tbody tr").first().evaluate((r) => r.getBoundingClientRect().top);
    console.log(`booster dashboard: ${onScreen} runs on the first 1280x800 screen (first row at ${firstRowTop.toFixed(0)} px)`);
    await page.screenshot({ path: `${ARTIFACTS}/tables-dashboard-1280.png` });
    expect(onScreen).toBeGreaterThanOrEqual(10);
  }, 120_000);

  for (const width of [1280, 390]) {
    test(`screenshots of the run table and the Activity tab at ${width} px`, async () => {
      const page = await e2e.page({ width, height: width === 390 ? 844 : 800 });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
      await page.getByRole("table", { name: /Raid/ }).locator("tbody tr td").first().waitFor();
      await e2e.screenshot(page, `tables-runs-${width}`);
      await page.getByRole("table", { name: /Raid/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}/tables-runs-${width}-screen.png` });
      await page.goto(`${e2e.url}/admin?tab=activity`);
      await page.getByRole("table", { name: "Activity" }).locator("tbody tr td").first().waitFor();
      await e2e.screenshot(page, `tables-activity-${width}`);
      // Phones keep the card layout: nothing scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, 120_000);
  }
});
