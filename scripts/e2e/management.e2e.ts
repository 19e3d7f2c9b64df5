import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { useE2E } from "./harness";

const e2e = useE2E();

/**
 * Waits until an island is hydrated and its effects have run, so keys and clicks reach
 * handlers: every element is owned by React, and (Games tab) dnd-kit has mounted its
 * screen-reader instructions, which it does only after hydration.
 */
async function hydrated(page: Page, island: "UsersAdmin" | "GamesAdmin") {
  await page.waitForFunction((name) => {
    const all = document.querySelectorAll(`[data-island="${name}"] *`);
    const last = all[all.length - 1];
    return !!last && Object.keys(last).some((k) => k.startsWith("__reactProps"));
  }, island);
  if (island === "GamesAdmin") await page.locator("#games-admin-dnd").waitFor({ state: "attached" });
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

async function openTab(page: Page, email: string, tab: "users" | "games") {
  await e2e.signIn(page, email, undefined, `/admin?tab=${tab}`);
  if (!page.url().endsWith(`/admin?tab=${tab}`)) await page.goto(`${e2e.url}/admin?tab=${tab}`);
  await hydrated(page, tab === "users" ? "UsersAdmin" : "GamesAdmin");
}

/** Names of the game cards on the landing page, in order. */
async function landingGames(page: Page): Promise<string[]> {
  await page.goto(`${e2e.url}/`);
  return page.getByRole("list", { name: "Blazing Extra Tools" }).getByRole("heading").allTextContents();
}

describe("user management", () => {
  test("the owner invites a booster with two games and the link leads to registration", async () => {
    const page = await e2e.page();
    await openTab(page, "owner@example.com", "users");
    await page.getByRole("button", { name: "Invite User" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite New User" });
    await dialog.getByLabel("Email").fill("newbooster@example.com");
    await dialog.getByLabel("User Type").selectOption("booster");
    await dialog.getByLabel("Booster ID").fill("BB-3000");
    await dialog.getByRole("checkbox", { name: "MoP Raid Calendar" }).check();
    await dialog.getByRole("checkbox", { name: "Desert Perpetual Calendar" }).check();
    // Each child brings its parent along.
    expect(await dialog.getByRole("checkbox", { name: "World of Warcraft" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Destiny 2" }).isChecked()).toBe(true);
    await dialog.getByLabel("Message (optional)").fill("Welcome aboard!");
    await dialog.getByRole("button", { name: "Generate Invitation Link" }).click();
    const link = dialog.getByLabel("Invitation Link", { exact: true });
    await link.waitFor();
    expect(await toast(page).textContent()).toContain("Invitation link generated successfully");
    expect(await link.getAttribute("readonly")).not.toBeNull();
    expect(await dialog.getByRole("button", { name: "Done" }).isVisible()).toBe(true);
    const url = await link.inputValue();
    expect(url).toMatch(/\/invite\/[\w-]+$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The invitee (no session) opens the link and reaches account creation.
    const invitee = await e2e.page();
    await invitee.goto(url);
    expect(await invitee.getByText("newbooster@example.com").first().isVisible()).toBe(true);
    expect(await invitee.getByText("BB-3000").first().isVisible()).toBe(true);
    await invitee.getByRole("link", { name: "Create Account" }).click();
    await invitee.waitForURL((u) => u.pathname === new URL(url).pathname.replace("/invite/", "/register/"));
    const email = invitee.getByLabel("Email");
    expect(await email.inputValue()).toBe("newbooster@example.com");
    expect(await email.getAttribute("readonly")).not.toBeNull();
  });

  test("an administrator edits a booster's games", async () => {
    const page = await e2e.page();
    await openTab(page, "admin@example.com", "users");
    await page.getByRole("button", { name: "Edit Sunfire" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit User" });
    const games = dialog.getByRole("group", { name: "Assigned Games" });
    // Sunfire starts with WoW + raid and D2 + Desert.
    expect(await games.getByRole("checkbox", { name: "Desert Perpetual Calendar" }).isChecked()).toBe(true);
    await games.getByRole("checkbox", { name: "Desert Perpetual Calendar" }).uncheck();
    expect(await games.getByRole("checkbox", { name: "Destiny 2" }).isChecked()).toBe(false);
    await games.getByRole("checkbox", { name: "MoP Challenge Mode Calendar" }).check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await toast(page).textContent()).toContain("User updated successfully");

    await page.reload();
    await hydrated(page, "UsersAdmin");
    await page.getByRole("button", { name: "Edit Sunfire" }).click();
    dialog = page.getByRole("dialog", { name: "Edit User" });
    const checked = await dialog.getByRole("checkbox").evaluateAll((els) =>
      els.filter((e) => (e as HTMLInputElement).checked).map((e) => e.closest("label")!.textContent!.trim()));
    expect(checked).toEqual(["World of Warcraft", "MoP Raid Calendar", "MoP Challenge Mode Calendar"]);
  });

  test("an administrator finds no edit button on the owner", async () => {
    const page = await e2e.page();
    await openTab(page, "admin@example.com", "users");
    const table = page.getByRole("table", { name: "All App Users" });
    const ownerRow = table.getByRole("row").filter({ hasText: "owner@example.com" });
    expect(await ownerRow.count()).toBe(1);
    expect(await ownerRow.getByRole("button").count()).toBe(0);
    expect(await table.getByRole("button", { name: "Edit Frostbolt" }).isVisible()).toBe(true);
    await e2e.screenshot(page, "admin-users-1280");
    const phone = await e2e.page({ width: 390, height: 844 });
    await openTab(phone, "owner@example.com", "users");
    await e2e.screenshot(phone, "admin-users-390");
  });
});

describe("game management", () => {
  test("reordering by keyboard changes the order on /", async () => {
    const page = await e2e.page();
    await openTab(page, "admin@example.com", "games");
    expect(await landingGames(page)).toEqual(["World of Warcraft", "Destiny 2"]);
    await page.goto(`${e2e.url}/admin?tab=games`);
    await hydrated(page, "GamesAdmin");
    // Drag handle by keyboard: pick up Destiny 2, move it up one row, drop.
    await page.getByRole("button", { name: "Reorder Destiny 2" }).focus();
    // Each step waits for the screen-reader announcement, as a listening user would.
    await page.keyboard.press("Space");
    await page.getByText("Picked up Destiny 2.").waitFor({ state: "attached" });
    // dnd-kit's keyboard sensor starts listening for arrow keys in a timer queued at pick-up,
    // and React may show the announcement before that timer runs; a person is never that
    // quick, the driver is. Let the page's queued timers run first.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowUp");
    await page.getByText("Destiny 2 is over World of Warcraft.").waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    await toast(page).getByText("Game order updated").waitFor();
    const rows = page.getByRole("list", { name: "Games in display order" }).locator(".game-row__name");
    expect(await rows.allTextContents())
      .toEqual(["Destiny 2", "Desert Perpetual Calendar", "World of Warcraft", "MoP Raid Calendar", "MoP Challenge Mode Calendar"]);
    expect(await landingGames(page)).toEqual(["Destiny 2", "World of Warcraft"]);

    // The arrow buttons work from the keyboard too, and focus stays on the moved game.
    await page.goto(`${e2e.url}/admin?tab=games`);
    await hydrated(page, "GamesAdmin");
    await page.getByRole("button", { name: "Move Destiny 2 down" }).focus();
    await page.keyboard.press("Enter");
    await toast(page).getByText("Game order updated").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Destiny 2 down");
    expect(await landingGames(page)).toEqual(["World of Warcraft", "Destiny 2"]);
  });

  test("the owner hides a game and it leaves /", async () => {
    const page = await e2e.page();
    await openTab(page, "owner@example.com", "games");
    const production = page.getByRole("switch", { name: "Production visibility of Destiny 2" });
    expect(await page.getByRole("switch", { name: "Dev visibility of Destiny 2" }).isVisible()).toBe(true);
    await production.uncheck();
    await toast(page).getByText("Production visibility updated").waitFor();
    // The e2e server runs in production mode, so production visibility rules the public pages.
    expect(await landingGames(page)).toEqual(["World of Warcraft"]);
    await page.goto(`${e2e.url}/admin?tab=games`);
    await hydrated(page, "GamesAdmin");
    expect(await page.getByRole("switch", { name: "Production visibility of Destiny 2" }).isChecked()).toBe(false);
    await e2e.screenshot(page, "admin-games-1280");
    const phone = await e2e.page({ width: 390, height: 844 });
    await openTab(phone, "admin@example.com", "games");
    expect(await phone.getByText("Hidden").first().isVisible()).toBe(true);
    await e2e.screenshot(phone, "admin-games-390");
  });
});
