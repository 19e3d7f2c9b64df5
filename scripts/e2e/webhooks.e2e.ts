import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { useE2E } from "./harness";

const e2e = useE2E();
const HOOK = "https://discord.com/api/webhooks/998877/Very-Secret-Part-a1B2";

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

async function gamesTab(page: Page, email: string): Promise<void> {
  await e2e.signIn(page, email, undefined, "/admin?tab=games");
  if (!page.url().endsWith("/admin?tab=games")) await page.goto(`${e2e.url}/admin?tab=games`);
  // dnd-kit mounts its screen-reader text only after hydration.
  await page.locator("#games-admin-dnd").waitFor({ state: "attached" });
}

describe("Discord webhooks in the Games tab", () => {
  test("the owner sets a game's webhook URL and from then on sees only its last 4 characters", async () => {
    const page = await e2e.page();
    await gamesTab(page, "owner@example.com");
    const row = page.getByRole("listitem").filter({ has: page.getByText("MoP Raid Calendar", { exact: true }) });
    expect(await row.textContent()).toContain("No webhook");
    await page.getByRole("button", { name: "Set webhook of MoP Raid Calendar" }).click();
    const dialog = page.getByRole("dialog", { name: "Discord webhook for MoP Raid Calendar" });
    await dialog.getByLabel("Webhook URL").fill("http://discord.com/api/webhooks/1/x");
    await dialog.getByRole("button", { name: "Save webhook" }).click();
    await dialog.getByText("Webhook URL must use https").waitFor();
    await dialog.getByLabel("Webhook URL").fill(HOOK);
    await dialog.getByRole("button", { name: "Save webhook" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await toast(page).textContent()).toContain("Webhook saved");
    expect(await row.textContent()).toContain("Webhook set (…a1B2)");
    expect(await page.content()).not.toContain("Very-Secret-Part");
    await page.screenshot({ path: "e2e-artifacts/webhook-set.png" });

    // After a reload the page is rendered by the server: still the hint only.
    await page.reload();
    await page.locator("#games-admin-dnd").waitFor({ state: "attached" });
    expect(await row.textContent()).toContain("Webhook set (…a1B2)");
    expect(await page.content()).not.toContain("Very-Secret-Part");

    // Removing asks first (the URL is never shown again); then focus lands on the game's own "Set webhook", not on <body>.
    await page.getByRole("button", { name: "Remove webhook of MoP Raid Calendar" }).click();
    const ask = page.getByRole("dialog", { name: "Remove the webhook of MoP Raid Calendar?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove webhook of MoP Raid Calendar");
    expect(await row.textContent()).toContain("Webhook set (…a1B2)");
    await page.keyboard.press("Enter");
    await ask.getByRole("button", { name: "Remove webhook" }).click();
    await row.getByText("No webhook").waitFor();
    expect(await toast(page).textContent()).toContain("Webhook removed");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Set webhook of MoP Raid Calendar");

    // The dialog's own Cancel over a typed URL asks before discarding it.
    await page.keyboard.press("Enter");
    const again = page.getByRole("dialog", { name: "Discord webhook for MoP Raid Calendar" });
    await again.getByLabel("Webhook URL").fill(HOOK);
    await again.getByRole("button", { name: "Cancel" }).click();
    const discard = page.getByRole("dialog", { name: "Discard changes?" });
    expect(await discard.getByRole("button", { name: "Keep editing" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await discard.getByRole("button", { name: "Discard" }).click();
    await again.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Set webhook of MoP Raid Calendar");
  });

  test("an administrator's Games tab has no webhook controls", async () => {
    const page = await e2e.page();
    await gamesTab(page, "admin@example.com");
    expect(await page.getByRole("button", { name: /webhook of/ }).count()).toBe(0);
    expect(await page.getByText("Discord webhook").count()).toBe(0);
  });
});
