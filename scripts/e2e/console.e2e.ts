import { describe, expect, test } from "bun:test";
import { useE2E } from "./harness";

const e2e = useE2E();

describe("staff console by keyboard", () => {
  test("run form → Add Class → Escape keeps the run form and its input → Escape asks 'Discard changes?' → Discard → focus back on 'Create Run'", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();

    const create = page.getByRole("button", { name: "Create Run" });
    await create.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "Create WoW Raid Run" });
    await form.getByLabel("Raid").selectOption({ label: "Mogu'shan Vaults" });
    await form.getByRole("radio", { name: "Add specific classes" }).check();
    await form.getByRole("button", { name: "Add Class" }).focus();
    await page.keyboard.press("Enter");
    const add = page.getByRole("dialog", { name: "Add Class" });
    await add.waitFor();

    await page.keyboard.press("Escape");
    await add.waitFor({ state: "hidden" });
    expect(await form.isVisible()).toBe(true);
    expect(await form.getByLabel("Raid").evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe("Mogu'shan Vaults");
    expect(await form.getByRole("button", { name: "Add Class" }).evaluate((el) => el === document.activeElement)).toBe(true);

    // The form holds input: Escape asks first, with focus on "Keep editing"; Discard is next.
    await page.keyboard.press("Escape");
    const ask = page.getByRole("dialog", { name: "Discard changes?" });
    await ask.waitFor();
    expect(await ask.getByRole("button", { name: "Keep editing" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await ask.getByRole("button", { name: "Discard" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await form.waitFor({ state: "hidden" });
    expect(await create.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("Escape pressed twice at once (Chrome then closes the dialog without asking the page) still asks before the run form's input is lost", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("button", { name: "Create Run" }).click();
    const form = page.getByRole("dialog", { name: "Create WoW Raid Run" });
    await form.getByRole("radio", { name: "Add specific classes" }).check();
    await form.getByRole("button", { name: "Add Class" }).click();
    await page.getByRole("dialog", { name: "Add Class" }).waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    const ask = page.getByRole("dialog", { name: "Discard changes?" });
    await ask.waitFor();
    expect(await form.isVisible()).toBe(true);
    expect(await ask.getByRole("button", { name: "Keep editing" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await ask.waitFor({ state: "hidden" });
    expect(await form.getByRole("radio", { name: "Add specific classes" }).isChecked()).toBe(true);
  });
});
