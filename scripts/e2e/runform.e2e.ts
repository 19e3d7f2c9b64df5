// The run form's time field in Chromium: '7:45 PM' is saved as 19:45 (not 07:45), the
// resolved day and time show before saving, and the parser behind it (chrono-node) comes with
// the form's chunk, outside /admin's first load and its 150 KiB budget.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { gzipSync } from "node:zlib";
import { ARTIFACTS, loadedScripts, useE2E } from "./harness";
import type { RaidRun } from "../../src/kinds/raid/schemas";
import { DEFAULT_LOCALE, LOCALES } from "../../src/shared/i18n/locales";

/** A screenshot of the viewport, what a person sees (a modal dialog and the top of the page). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

const e2e = useE2E();
const gz = async (url: string) => gzipSync(new Uint8Array(await (await fetch(url)).arrayBuffer())).byteLength;
const hasParser = async (url: string) => (await (await fetch(url)).text()).includes("forwardDate");

/** Creates a raid run through the API as the signed-in staff member, for the first booster. */
async function apiCreateRaidRun(page: Page, scheduledDate: string): Promise<RaidRun> {
  const boosters = (await (await page.request.get(`${e2e.url}/api/users/boosters`)).json()) as { id: number }[];
  const res = await page.request.post(`${e2e.url}/api/runs`, {
    headers: { Origin: e2e.url },
    data: {
      gameId: 1, title: "WoW Raid Run", region: "EU", raidId: 1, difficulty: "normal_10", factionId: 1, completionModeId: 1,
      gameplayType: "selfplay", classRestrictions: null, timezone: "CET", scheduledDate, boosterId: boosters[0]!.id,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as RaidRun;
}

/**
 * /admin's first load (the runs tab with its table), each script gzipped at level 6 and summed:
 * within 150 KiB, and without the run form's date parser. Returns the scripts loaded.
 */
async function expectAdminBudget(page: Page, name: string): Promise<string[]> {
  await page.locator("table tbody tr td").first().waitFor();
  const firstLoad = await loadedScripts(page);
  const firstLoadGzip = (await Promise.all(firstLoad.map(gz))).reduce((a, b) => a + b, 0);
  console.log(`${name} first-load JS: ${(firstLoadGzip / 1024).toFixed(1)} KiB gzip in ${firstLoad.length} files`);
  expect(firstLoadGzip).toBeLessThanOrEqual(150 * 1024);
  expect((await Promise.all(firstLoad.map(hasParser))).some(Boolean)).toBe(false);
  return firstLoad;
}

describe("run form time field", () => {
  test("/admin's first load stays within 150 KiB in every language (each ships its own catalogue)", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      // The URL prefix puts the console in that language, the same bundle a de / ru account preference gets.
      await page.goto(`${e2e.url}/${locale}/admin?tab=runs&game=3&tool=1`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await expectAdminBudget(page, `/${locale}/admin`);
    }
  });

  test("'7:45 PM' is saved as 19:45 CET after showing the day and time in words; the parser loads with the form, /admin's first load stays within 150 KiB", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    const run = await apiCreateRaidRun(page, "2027-01-15 18:00");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    const firstLoad = await expectAdminBudget(page, "/admin");


    await page.getByPlaceholder("Search by ID, raid name, or booster").fill(run.displayId!);
    await page.getByRole("button", { name: `Edit run ${run.displayId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit WoW Raid Run" });
    const time = dialog.getByLabel("Time", { exact: true });
    expect(await time.inputValue()).toBe("18:00");
    await time.fill("7:45 PM");
    await dialog.getByText("Saves as Fri 15 Jan, 19:45 CET").waitFor();
    const later = (await loadedScripts(page)).filter((u) => !firstLoad.includes(u));
    expect((await Promise.all(later.map(hasParser))).some(Boolean)).toBe(true);
    await shot(page, "run-form-time-1280");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Discard changes?" }).waitFor();
    await shot(page, "run-form-discard-1280");
    await page.keyboard.press("Enter"); // Keep editing
    await dialog.getByRole("button", { name: "Update Run" }).click();
    await page.getByText("WoW Raid run updated successfully").waitFor();
    await page.getByRole("row").filter({ hasText: run.displayId! }).getByText("19:45 CET").waitFor();
    const runs = (await (await page.request.get(`${e2e.url}/api/runs?gameId=1`)).json()) as RaidRun[];
    expect(runs.find((r) => r.id === run.id)!.scheduledDate).toBe("2027-01-15 19:45");
  });

  test("at 390 px: a day in words fills the day; a time it cannot read names the field and an example; Escape asks 'Discard changes?' with focus on Keep editing", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("button", { name: "Create Run" }).click();
    const dialog = page.getByRole("dialog", { name: "Create WoW Raid Run" });
    const time = dialog.getByLabel("Time", { exact: true });
    await time.fill("next tue 18:30");
    await dialog.getByText(/^Saves as Tue \d+ \w{3}, 18:30 CET$/).waitFor();
    await time.blur();
    expect(await time.inputValue()).toBe("18:30");
    // The calendar turned to the day typed and marks it.
    await dialog.getByRole("button", { name: /, selected$/ }).waitFor();
    await time.fill("9:5");
    await time.blur();
    const message = dialog.getByText('Time: "9:5" is not a time we can read. Type it like 19:45, 7:45 PM or tomorrow 9pm.');
    await message.waitFor();
    await message.scrollIntoViewIfNeeded();
    await shot(page, "run-form-time-390");
    // Escape with typed input asks first, with focus on "Keep editing".
    await page.keyboard.press("Escape");
    const ask = page.getByRole("dialog", { name: "Discard changes?" });
    await ask.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Keep editing");
    await shot(page, "run-form-discard-390");
    await page.keyboard.press("Enter");
    expect(await ask.isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await ask.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Create Run");
  });
});
