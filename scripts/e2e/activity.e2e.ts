import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { RaidRun } from "../../src/kinds/raid/schemas";
import { gzipSync } from "node:zlib";
import { loadedScripts, useE2E } from "./harness";
import { axeViolations } from "../audit/axe";
import { consoleDayLabel, consoleToday } from "../../src/domain/dateFormat";

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

  // The From/To filters show and accept the console's date format in any browser locale and
  // zone (an en-US browser in Los Angeles here, where a native date input shows mm/dd/yyyy).
  for (const width of [1280, 390]) {
    test(`the From and To filters are console date fields: typed, picked with the keyboard, cleared, refused with the field's name (${width}px)`, async () => {
      const page = await e2e.page({ width, height: 900, locale: "en-US", timezoneId: "America/Los_Angeles" });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=activity`);
      await rows(page).first().waitFor();
      // /admin's budget holds on this tab too; the calendar's code is not part of the first load.
      const firstLoad = await loadedScripts(page);
      const texts = await Promise.all(firstLoad.map(async (u) => new Uint8Array(await (await fetch(u)).arrayBuffer())));
      const firstLoadGzip = texts.reduce((a, b) => a + gzipSync(b).byteLength, 0);
      console.log(`/admin?tab=activity first-load JS: ${(firstLoadGzip / 1024).toFixed(1)} KiB gzip in ${firstLoad.length} files`);
      expect(firstLoadGzip).toBeLessThanOrEqual(150 * 1024);
      const hasPicker = (b: Uint8Array) => new TextDecoder().decode(b).includes("rdp-");
      expect(texts.some(hasPicker)).toBe(false);
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      const from = page.getByLabel("From", { exact: true });
      const to = page.getByLabel("To", { exact: true });
      expect(await from.getAttribute("type")).toBe("text");

      // Typed: tomorrow (CET) has no events yet; the field shows the day as the console does.
      const today = consoleToday();
      const tomorrow = consoleToday(new Date(Date.now() + 24 * 3600 * 1000));
      await from.fill(tomorrow);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL((u) => u.searchParams.get("from") === tomorrow);
      await page.getByText("No events match these filters.").waitFor();
      expect(await from.inputValue()).toBe(consoleDayLabel(tomorrow)!);

      // Cleared by its own button, then picked with the keyboard: the calendar opens on today.
      await page.getByRole("button", { name: "Clear From date" }).click();
      expect(await from.inputValue()).toBe("");
      const pick = page.getByRole("button", { name: "Choose From date" });
      await pick.focus();
      await page.keyboard.press("Enter");
      const calendar = page.getByRole("group", { name: "From calendar" });
      await calendar.getByRole("grid").waitFor();
      const later = (await loadedScripts(page)).filter((u) => !firstLoad.includes(u));
      expect((await Promise.all(later.map(async (u) => hasPicker(new Uint8Array(await (await fetch(u)).arrayBuffer()))))).some(Boolean)).toBe(true);
      const focusedDay = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
      expect(focusedDay).toMatch(new RegExp(`^${Number(today.slice(8))}, .*, today$`));
      // The open calendar fits the screen and passes axe.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await e2e.screenshot(page, `activity-date-calendar-${width}`);
      await page.keyboard.press("Enter");
      await calendar.waitFor({ state: "hidden" });
      expect(await from.inputValue()).toBe(consoleDayLabel(today)!);
      // Typed in another accepted form for To: today's events, all of them on today's CET date.
      await to.fill(today.replaceAll("-", "/"));
      await to.press("Tab");
      expect(await to.inputValue()).toBe(consoleDayLabel(today)!);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL((u) => u.searchParams.get("from") === today && u.searchParams.get("to") === today);
      await page.waitForFunction(() => document.querySelectorAll("table[aria-label=Activity] tbody time").length > 0);
      const days = await page.getByRole("table", { name: "Activity" }).locator("tbody time").allTextContents();
      expect(days.every((d) => d.startsWith(consoleDayLabel(today)!))).toBe(true);

      // Not a date: the message names the field and the format, focus goes to it, nothing is sent.
      await to.fill("12/31/2026");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.getByText('To: "12/31/2026" is not a date. Type it as YYYY-MM-DD, for example 2026-11-28.').waitFor();
      expect(await to.getAttribute("aria-invalid")).toBe("true");
      expect(await to.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(new URL(page.url()).searchParams.get("to")).toBe(today);
    }, 120_000);
  }

  test("without JavaScript the date fields' text as shown ('Sat 2026-11-28') filters too", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await e2e.signIn(page, "owner@example.com");
    const tomorrow = consoleDayLabel(consoleToday(new Date(Date.now() + 24 * 3600 * 1000)))!;
    await page.goto(`${e2e.url}/admin?tab=activity&from=${encodeURIComponent(tomorrow)}`);
    await page.getByText("No events match these filters.").waitFor();
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe(tomorrow);
    await page.goto(`${e2e.url}/admin?tab=activity&to=${encodeURIComponent(tomorrow)}`);
    expect(await rows(page).count()).toBeGreaterThan(0);
  }, 120_000);
});
