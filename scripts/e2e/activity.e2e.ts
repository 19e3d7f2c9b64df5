import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { RaidRun } from "../../src/kinds/raid/schemas";
import { useE2E } from "./harness";

const e2e = useE2E();

/** Creates and then changes a raid run through the API as the signed-in page's user. */
async function runWithHistory(page: Page): Promise<RaidRun> {
  const created = await page.request.post(`${e2e.url}/api/runs`, {
    headers: { Origin: e2e.url },
    data: {
      gameId: 1, region: "EU", raidId: 1, difficulty: "normal_10", factionId: 1, completionModeId: 1, boosterId: 1,
      gameplayType: "selfplay", classRestrictions: null, timezone: "CET", scheduledDate: "2031-03-10 20:00",
    },
  });
  expect(created.status()).toBe(201);
  const run = (await created.json()) as RaidRun;
  const changed = await page.request.patch(`${e2e.url}/api/runs/${run.id}`, { headers: { Origin: e2e.url }, data: { scheduledDate: "2031-03-11 20:00" } });
  expect(changed.status()).toBe(200);
  return run;
}

const rows = (page: Page) => page.getByRole("table", { name: "Activity" }).locator("tbody tr");
const actions = (page: Page) => page.getByRole("table", { name: "Activity" }).locator("tbody .badge").allTextContents();

describe("the Activity tab", () => {
  for (const width of [1280, 390]) {
    test(`lists events, filters them, and a run row's History link opens its own history (${width}px)`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      const run = await runWithHistory(page);

      await page.goto(`${e2e.url}/admin?tab=activity`);
      // Newest first: the change, the creation, then the owner's own sign-in.
      expect((await actions(page)).slice(0, 3)).toEqual(["Run changed", "Run created", "Signed in"]);
      // Fields and times in words: the changed date's label, and a CET time over an ISO datetime attribute.
      const newest = rows(page).first();
      expect(await newest.textContent()).toContain("Scheduled date: 2031-03-10 20:00 → 2031-03-11 20:00");
      expect(await newest.locator("time").textContent()).toMatch(/^\w{3} \d{4}-\d{2}-\d{2} · \d{2}:\d{2} CET$/);
      // Names, not ids: the creation names the booster as the run panels do, never "∅".
      const created = await rows(page).nth(1).textContent();
      expect(created).toContain("Booster: none → BB-1001 (Frostbolt)");
      expect(created).not.toContain("∅");
      expect(Number.isNaN(Date.parse((await newest.locator("time").getAttribute("datetime")) ?? ""))).toBe(false);

      // The actor filter picks from the staff list by name.
      await page.getByLabel("Who", { exact: true }).selectOption({ label: "Owner" });
      // Filter by entity type with the keyboard: only sign-ins (this file's sessions) remain.
      await page.getByLabel("Entity", { exact: true }).selectOption("session");
      await page.getByRole("button", { name: "Apply filters" }).press("Enter");
      await page.waitForURL((u) => u.searchParams.get("entityType") === "session");
      // The filtered page has replaced the table once no other action is listed.
      await page.waitForFunction(() => {
        const badges = [...document.querySelectorAll("table[aria-label=Activity] tbody .badge")].map((b) => b.textContent);
        return badges.length > 0 && badges.every((b) => b === "Signed in");
      });
      const sessions = await actions(page);
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(new Set(sessions)).toEqual(new Set(["Signed in"]));
      await e2e.screenshot(page, `activity-filtered-${width}`);

      // The run row in the Runs tab links to the run's history; the link works as a URL alone.
      await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
      await page.getByLabel("Search runs").fill(run.displayId!);
      const link = page.getByRole("link", { name: `History of ${run.displayId}` });
      await link.click();
      await page.waitForURL((u) => u.searchParams.get("tab") === "activity" && u.searchParams.get("entityId") === run.displayId);
      await rows(page).first().waitFor();
      expect(await actions(page)).toEqual(["Run changed", "Run created"]);
      expect(await page.getByLabel("Entity id").inputValue()).toBe(run.displayId!);
      await e2e.screenshot(page, `activity-run-history-${width}`);
      // The table fits the phone's width (rows stack as cards, no sideways scrolling).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, 120_000);
  }

  test("an unmatched filter shows the empty state; a user row links to that user's history", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.goto(`${e2e.url}/admin?tab=activity&entityType=invite&entityId=999999`);
    expect(await page.getByText("No events match these filters.").isVisible()).toBe(true);
    await page.goto(`${e2e.url}/admin?tab=users`);
    await page.getByRole("link", { name: "History of Sunfire" }).click();
    await page.waitForURL((u) => u.searchParams.get("entityType") === "user");
    expect(await page.getByLabel("Entity", { exact: true }).inputValue()).toBe("user");
  }, 120_000);
});
