// Repeat and bulk scheduling in Chromium, on a desktop and on a 390 px phone: repeat creation,
// bulk shift with undo, and the overlap warning before saving.
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useE2E } from "./harness";
import { axeViolations } from "../audit/axe";
import type { ChallengeRun } from "../../src/kinds/challenge/schemas";
import type { RaidRun } from "../../src/kinds/raid/schemas";

const e2e = useE2E();

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const ymdOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
/** The 15th of next month (always ahead), picked on the form's first calendar. */
async function pickNextMonth15(dialog: Locator): Promise<string> {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  await dialog.getByRole("button", { name: "Go to the Next Month" }).first().click();
  await dialog.getByRole("button", { name: new RegExp(`^15, \\w+, ${MONTHS[d.getMonth()]} ${d.getFullYear()}`) }).first().click();
  return ymdOf(d);
}
const plusDays = (ymd: string, days: number) => {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return ymdOf(new Date(y, m - 1, d + days));
};

async function apiPost<R>(page: Page, path: string, data: unknown): Promise<R> {
  const res = await page.request.post(`${e2e.url}${path}`, { headers: { Origin: e2e.url }, data });
  expect(res.status()).toBe(201);
  return (await res.json()) as R;
}
const raidBody = (scheduledDate: string) => ({
  gameId: 1, region: "EU", raidId: 1, difficulty: "normal_10", factionId: 1, completionModeId: 1, gameplayType: "selfplay",
  classRestrictions: null, timezone: "CET", scheduledDate,
});
const raidRuns = async (page: Page) => (await (await page.request.get(`${e2e.url}/api/runs?gameId=1`)).json()) as RaidRun[];

/** axe-core (WCAG A/AA) on the page as it is now. */
async function expectNoAxeViolations(page: Page, state: string) {
  expect({ state, violations: await axeViolations(page) }).toEqual({ state, violations: [] });
}

const WIDTHS = [{ width: 1280, height: 900, tag: "1280" }, { width: 390, height: 844, tag: "390" }] as const;

describe.each(WIDTHS)("repeat, bulk and overlap at $tag px", ({ width, height, tag }) => {
  test("the owner repeats a Challenge Mode run weekly for 3 weeks in one save; the new rows show at once", async () => {
    const page = await e2e.page({ width, height });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=4`);
    await page.getByRole("heading", { name: "Challenge Mode Runs" }).waitFor();
    await page.getByRole("button", { name: "Create Run" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Challenge Mode Run" });
    await dialog.getByLabel("Booster").selectOption({ label: "BB-1002 · Sunfire" });
    await dialog.getByLabel("Faction").selectOption("EU Horde");
    await dialog.getByLabel("Completion Mode").selectOption("Pilot Only");
    const ymd = await pickNextMonth15(dialog);
    const time = width === 1280 ? "06:05" : "10:05";
    await dialog.getByLabel("Time", { exact: true }).fill(time);
    // Keyboard: Space ticks the Repeat box, Enter presses 'Weekly'.
    await dialog.getByRole("checkbox", { name: "Repeat" }).press("Space");
    await dialog.getByRole("button", { name: "Weekly" }).press("Enter");
    await dialog.getByLabel("Number of weeks").fill("3");
    const dates = [ymd, plusDays(ymd, 7), plusDays(ymd, 14)];
    await dialog.getByText(`Creates 3 runs: ${dates.join(", ")}`).waitFor();
    await e2e.screenshot(page, `bulk-repeat-form-${tag}`);
    await expectNoAxeViolations(page, "repeat weekly");
    await dialog.getByRole("button", { name: "Pick dates" }).click();
    await expectNoAxeViolations(page, "repeat on picked dates");
    await dialog.getByRole("button", { name: "Weekly" }).click();
    await dialog.getByRole("button", { name: "Create Run" }).click();
    await page.getByText(/^3 Challenge Mode runs created successfully/).waitFor();

    const all = (await (await page.request.get(`${e2e.url}/api/challenge-mode-runs?gameId=4`)).json()) as ChallengeRun[];
    const made = all.filter((r) => r.booster.boosterId === "BB-1002" && dates.some((d) => r.scheduledDate === `${d} ${time}`));
    expect(made.map((r) => r.scheduledDate).sort()).toEqual(dates.map((d) => `${d} ${time}`));
    expect(made.every((r) => /^CM-\d+$/.test(r.displayId!))).toBe(true);
    // The panel reloaded: a new run is found by its id.
    await page.getByPlaceholder("Search by ID, title, or booster").fill(made[2]!.displayId!);
    await page.getByRole("row").filter({ hasText: made[2]!.displayId! }).waitFor();
  });

  test("a booster selects two runs, shifts them by a day and two hours, then undoes it from the toast", async () => {
    const page = await e2e.page({ width, height });
    await e2e.signIn(page, "booster@example.com");
    const year = width === 1280 ? 2029 : 2030;
    const a = await apiPost<RaidRun>(page, "/api/runs", raidBody(`${year}-03-01 12:00`));
    const b = await apiPost<RaidRun>(page, "/api/runs", raidBody(`${year}-03-08 12:00`));
    await page.goto(`${e2e.url}/dashboard?game=3&tool=1`);
    await page.getByRole("heading", { name: "Booster Dashboard" }).waitFor();
    const search = page.getByPlaceholder("Search by ID, raid name, or booster");
    for (const run of [a, b]) {
      await search.fill(run.displayId!);
      await page.getByRole("checkbox", { name: `Select run ${run.displayId}` }).check();
    }
    const bar = page.getByRole("group", { name: "Bulk actions" });
    await bar.getByText("2 runs selected").waitFor();
    await expectNoAxeViolations(page, "rows selected");
    await bar.getByRole("button", { name: "Shift" }).click();
    const dialog = page.getByRole("dialog", { name: "Shift runs" });
    await dialog.getByLabel("Days").fill("1");
    await dialog.getByLabel("Hours").fill("2");
    await e2e.screenshot(page, `bulk-shift-dialog-${tag}`);
    await expectNoAxeViolations(page, "shift dialog");
    await dialog.getByRole("button", { name: "Shift runs" }).click();
    await page.getByText("2 runs shifted").waitFor();
    await expectNoAxeViolations(page, "undo toast");
    const moved = (await raidRuns(page)).filter((r) => r.id === a.id || r.id === b.id).map((r) => r.scheduledDate);
    expect(moved.sort()).toEqual([`${year}-03-02 14:00`, `${year}-03-09 14:00`]);
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Restored 2 runs").waitFor();
    const back = (await raidRuns(page)).filter((r) => r.id === a.id || r.id === b.id).map((r) => r.scheduledDate);
    expect(back.sort()).toEqual([`${year}-03-01 12:00`, `${year}-03-08 12:00`]);
  });

  test("Duplicate to next week highlights and focuses the new row and offers Undo; a row's Delete offers the same Undo as a bulk delete", async () => {
    const page = await e2e.page({ width, height });
    await e2e.signIn(page, "booster@example.com");
    const year = width === 1280 ? 2031 : 2032;
    const run = await apiPost<RaidRun>(page, "/api/runs", raidBody(`${year}-05-01 12:00`));
    await page.goto(`${e2e.url}/dashboard?game=3&tool=1`);
    await page.getByRole("heading", { name: "Booster Dashboard" }).waitFor();
    const toastWith = (text: string) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status").filter({ hasText: text });

    await page.getByRole("button", { name: `Duplicate to next week run ${run.displayId}` }).click();
    const made = toastWith("created for next week");
    await made.waitFor();
    const copyId = /Run (\S+) created for next week/.exec((await made.textContent())!)![1]!;
    const copy = (await raidRuns(page)).find((r) => r.displayId === copyId)!;
    expect(copy.scheduledDate).toBe(`${year}-05-08 12:00`);
    const box = page.getByRole("checkbox", { name: `Select run ${copy.displayId}` });
    await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, `Select run ${copy.displayId}`);
    // On screen, and its row marked.
    const rect = (await box.boundingBox())!;
    expect(rect.y >= 0 && rect.y + rect.height <= height).toBe(true);
    expect(await page.locator("tr:has([data-fresh])").count()).toBe(1);
    expect(await page.locator("tr:has([data-fresh])").textContent()).toContain(copy.displayId!);
    await e2e.screenshot(page, `next-week-new-row-${tag}`);
    await toastWith("created for next week").getByRole("button", { name: "Undo" }).click();
    await toastWith(`Run ${copy.displayId} removed again`).waitFor();
    expect((await raidRuns(page)).some((r) => r.id === copy.id)).toBe(false);

    await page.getByRole("button", { name: `Delete run ${run.displayId}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Raid Run" });
    await confirm.getByText("You can undo this for 10 seconds.").waitFor();
    await confirm.getByRole("button", { name: "Delete Run" }).click();
    await toastWith("WoW Raid run deleted successfully").waitFor();
    expect((await raidRuns(page)).some((r) => r.id === run.id)).toBe(false);
    await toastWith("deleted successfully").getByRole("button", { name: "Undo" }).click();
    await toastWith("Restored 1 run").waitFor();
    const back = (await raidRuns(page)).find((r) => r.id === run.id);
    expect(back?.displayId).toBe(run.displayId);
    await page.getByRole("checkbox", { name: `Select run ${run.displayId}` }).waitFor();
  });

  test("the boxes work from the keyboard: Space ticks and unticks a row and the page's select-all (shown on a phone too), focus stays on the box", async () => {
    const page = await e2e.page({ width, height });
    await e2e.signIn(page, "booster@example.com");
    await page.goto(`${e2e.url}/dashboard?game=3&tool=4`);
    await page.getByRole("heading", { name: "Booster Dashboard" }).waitFor();
    const box = page.getByRole("checkbox", { name: /^Select run / }).first();
    const name = await box.getAttribute("aria-label");
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await box.focus();
    await page.keyboard.press("Space");
    const bar = page.getByRole("group", { name: "Bulk actions" });
    await bar.getByText("1 run selected").waitFor();
    expect(await focusedName()).toBe(name);
    await page.keyboard.press("Space");
    await bar.waitFor({ state: "detached" });
    expect(await focusedName()).toBe(name);
    const all = page.getByRole("checkbox", { name: "Select all runs on this page" });
    expect(await all.isVisible()).toBe(true);
    await all.focus();
    await page.keyboard.press("Space");
    await bar.getByText(/^\d+ runs selected$/).waitFor();
    expect(await focusedName()).toBe("Select all runs on this page");
    await page.keyboard.press("Space");
    await bar.waitFor({ state: "detached" });
  });

  test("the form warns before saving that the booster has a run at that time, and saving anyway works", async () => {
    const page = await e2e.page({ width, height });
    await e2e.signIn(page, "booster@example.com");
    await page.goto(`${e2e.url}/dashboard?game=3&tool=4`);
    await page.getByRole("heading", { name: "Booster Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Create Run" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Challenge Mode Run" });
    const ymd = await pickNextMonth15(dialog);
    const raid = await apiPost<RaidRun>(page, "/api/runs", raidBody(`${ymd} ${width === 1280 ? "14:00" : "03:00"}`));
    await dialog.getByLabel("Faction").selectOption("EU Horde");
    await dialog.getByLabel("Completion Mode").selectOption("Pilot Only");
    await dialog.getByLabel("Time", { exact: true }).fill(width === 1280 ? "15:30" : "04:30");
    const warning = dialog.getByText(/This booster already has an available run at that time/);
    await warning.waitFor();
    expect(await warning.textContent()).toContain(raid.displayId!);
    await e2e.screenshot(page, `bulk-overlap-warning-${tag}`);
    await expectNoAxeViolations(page, "overlap warning");
    await dialog.getByRole("button", { name: "Create Run" }).click();
    const toast = page.getByText(/^Challenge Mode run created successfully\. Overlaps with/);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(raid.displayId!);
  });
});
