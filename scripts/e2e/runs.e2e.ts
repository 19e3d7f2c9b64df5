import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useE2E } from "./harness";
import type { RaidRun } from "../../src/kinds/raid/schemas";

const e2e = useE2E();

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The 15th of next month: always ahead, and one click of the calendar's 'next month' away. */
function nextMonth15(): { label: RegExp; ymd: string } {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-15`;
  // Day buttons are named number first: '15, Tuesday, December 2026'.
  return { label: new RegExp(`^15, \\w+, ${MONTHS[d.getMonth()]} ${d.getFullYear()}`), ymd };
}

async function pickNextMonth15(dialog: Locator) {
  const day = nextMonth15();
  await dialog.getByRole("button", { name: "Go to the Next Month" }).click();
  await dialog.getByRole("button", { name: day.label }).click();
  return day.ymd;
}

/** Re-reads a value until it satisfies `ok` (or 5 s pass) and returns the last reading. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 50 && !ok(v); i++) {
    await Bun.sleep(100);
    v = await read();
  }
  return v;
}

const counter = (page: Page, label: string) =>
  page.locator(".stat").filter({ hasText: label }).locator(".stat__value").textContent().then(Number);

/** Creates a raid run through the API as the signed-in page's user (same-origin, like the island). */
async function apiCreateRaidRun(page: Page, scheduledDate: string): Promise<RaidRun> {
  const res = await page.request.post(`${e2e.url}/api/runs`, {
    headers: { Origin: e2e.url },
    data: {
      gameId: 1, title: "WoW Raid Run", region: "EU", raidId: 1, difficulty: "normal_10", factionId: 1, completionModeId: 1,
      gameplayType: "selfplay", classRestrictions: null, timezone: "CET", scheduledDate,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as RaidRun;
}

/** The public raid calendar's card for a run (EU and Mogu'shan Vaults are the defaults). */
const publicCard = (page: Page, displayId: string) => page.locator("li.run-card").filter({ hasText: displayId });

describe("run management in the browser", () => {
  test("the owner creates a raid run with class restrictions; it shows on the public calendar and the counters move", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    const before = await counter(page, "Total Available Runs");

    await page.getByRole("button", { name: "Create Run" }).click();
    const dialog = page.getByRole("dialog", { name: "Create WoW Raid Run" });
    await dialog.getByLabel("Raid").selectOption({ label: "Mogu'shan Vaults" });
    await dialog.getByLabel("Difficulty").selectOption({ label: "Heroic 25" });
    await dialog.getByLabel("Booster").selectOption({ label: "BB-1001 · Frostbolt" });
    await dialog.getByLabel("Faction").selectOption({ label: "Alliance" });
    await dialog.getByLabel("Completion Mode").selectOption({ label: "Full Clear" });
    await dialog.getByLabel("Gameplay Type").selectOption({ label: "Selfplay & Pilot" });
    await dialog.getByRole("radio", { name: "Add specific classes" }).check();
    await dialog.getByRole("button", { name: "Add Class" }).click();
    const add = page.getByRole("dialog", { name: "Add Class" });
    await add.getByLabel("Class").selectOption("Paladin");
    await add.getByRole("checkbox", { name: "Healer" }).check();
    await add.getByLabel("Service Type").selectOption("Full Gear Priority");
    await add.getByRole("button", { name: "Add" }).click();
    await expect(add.isVisible()).resolves.toBe(false);
    const ymd = await pickNextMonth15(dialog);
    await dialog.getByLabel("Time", { exact: true }).fill("21:15");
    await e2e.screenshot(page, "runs-create-dialog-1280");
    await dialog.getByRole("button", { name: "Create Run" }).click();
    await page.getByText("WoW Raid run created successfully").waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);

    const runs = (await (await page.request.get(`${e2e.url}/api/runs?gameId=1`)).json()) as RaidRun[];
    const created = runs.find((r) => r.scheduledDate === `${ymd} 21:15` && r.classRestrictions.length === 1)!;
    expect(created.displayId).toMatch(/^MOP-\d+$/);
    expect(created.classRestrictions).toEqual([{ wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" }]);
    expect(created.booster.boosterId).toBe("BB-1001");
    // Sorted by start time, next month's run is on a later page: search for it.
    await page.getByPlaceholder("Search by ID, raid name, or booster").fill(created.displayId!);
    const row = page.getByRole("row").filter({ hasText: created.displayId! });
    // Restrictions fold into the run cell's "1 class" disclosure; opening it lists them.
    await row.getByText("1 class", { exact: true }).click();
    await row.getByText("Paladin").waitFor();
    expect(await row.getByText("21:15 CET").isVisible()).toBe(true);
    expect(await eventually(() => counter(page, "Total Available Runs"), (n) => n === before + 1)).toBe(before + 1);
    await e2e.screenshot(page, "runs-admin-1280");

    await page.goto(`${e2e.url}/game/mop-raid-calendar`);
    const card = publicCard(page, created.displayId!);
    await card.waitFor();
    expect(await card.locator(".run-card__time").textContent()).toContain("21:15");
    expect(await card.getByText("Class Limitation").isVisible()).toBe(true);
  });

  test("a booster edits the time of their run and the public page shows the new time", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "booster@example.com");
    const run = await apiCreateRaidRun(page, `${nextMonth15().ymd} 18:00`);
    await page.goto(`${e2e.url}/dashboard?game=3&tool=1`);
    await page.getByRole("heading", { name: "Booster Dashboard" }).waitFor();
    await page.getByPlaceholder("Search by ID, raid name, or booster").fill(run.displayId!);
    await page.getByRole("button", { name: `Edit run ${run.displayId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit WoW Raid Run" });
    expect(await dialog.getByLabel("Booster").inputValue()).toBe("BB-1001");
    expect(await dialog.getByLabel("Time", { exact: true }).inputValue()).toBe("18:00");
    await dialog.getByLabel("Time", { exact: true }).fill("19:40");
    await dialog.getByRole("button", { name: "Update Run" }).click();
    await page.getByText("WoW Raid run updated successfully").waitFor();
    await page.getByRole("row").filter({ hasText: run.displayId! }).getByText("19:40 CET").waitFor();

    await page.goto(`${e2e.url}/game/mop-raid-calendar`);
    const card = publicCard(page, run.displayId!);
    await card.waitFor();
    expect(await card.locator(".run-card__time").textContent()).toContain("19:40");
  });

  test("a booster duplicates and deletes their run", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await e2e.signIn(page, "booster@example.com");
    const run = await apiCreateRaidRun(page, `${nextMonth15().ymd} 17:05`);
    await page.goto(`${e2e.url}/dashboard?game=3&tool=1`);
    const search = page.getByPlaceholder("Search by ID, raid name, or booster");
    await search.fill(run.displayId!);
    await page.getByRole("button", { name: `Duplicate run ${run.displayId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate WoW Raid Run" });
    expect(await dialog.getByLabel("Time", { exact: true }).inputValue()).toBe("17:05");
    await e2e.screenshot(page, "runs-duplicate-dialog-390");
    await dialog.getByRole("button", { name: "Duplicate Run" }).click();
    await page.getByText("WoW Raid run duplicated successfully").waitFor();

    const mine = (await (await page.request.get(`${e2e.url}/api/runs?gameId=1`)).json()) as RaidRun[];
    const copy = mine.find((r) => r.id !== run.id && r.scheduledDate === run.scheduledDate)!;
    expect(copy.displayId).not.toBe(run.displayId);
    await search.fill(copy.displayId!);
    await page.getByRole("button", { name: `Delete run ${copy.displayId}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Raid Run" });
    await confirm.getByText(`Are you sure you want to delete the run ${copy.displayId}?`).waitFor();
    await confirm.getByRole("button", { name: "Delete Run" }).click();
    await page.getByText("WoW Raid run deleted successfully").waitFor();
    await page.getByText("No runs match your current filters.").waitFor();
    const after = (await (await page.request.get(`${e2e.url}/api/runs?gameId=1`)).json()) as RaidRun[];
    expect(after.some((r) => r.id === copy.id)).toBe(false);
    expect(after.some((r) => r.id === run.id)).toBe(true);
    await e2e.screenshot(page, "runs-dashboard-390");
  });

  test("the admin switches games; the URL and the counters follow, and a reload keeps the choice", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs`);
    await page.getByText("Select a specific game to manage runs").waitFor();
    await page.getByRole("link", { name: "MoP Raid Calendar" }).click();
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    expect(new URL(page.url()).search).toBe("?tab=runs&game=3&tool=1");
    const raidTotal = await counter(page, "Total Available Runs");
    await page.getByRole("link", { name: "Destiny 2" }).click();
    await page.getByRole("link", { name: "Desert Perpetual Calendar" }).click();
    await page.getByRole("heading", { name: "Desert Perpetual Runs" }).waitFor();
    await page.locator(".stat__value").first().waitFor();
    const desertTotal = await eventually(() => counter(page, "Total Available Runs"), (n) => n !== raidTotal);
    expect(desertTotal).not.toBe(raidTotal);
    expect(new URL(page.url()).search).toBe("?tab=runs&game=2&tool=5");
    await page.reload();
    await page.getByRole("heading", { name: "Desert Perpetual Runs" }).waitFor();
    expect(await counter(page, "Total Available Runs")).toBe(desertTotal);
    await page.goBack();
    await page.getByText("Select a specific game to manage runs").waitFor();
    const phone = await e2e.page({ width: 390, height: 844 });
    await e2e.signIn(phone, "admin@example.com");
    await phone.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await phone.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    await e2e.screenshot(phone, "runs-admin-390");
  });
});
