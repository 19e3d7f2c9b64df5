// The staff console and the account forms in
// Chromium. axe-core must find nothing on any admin or dashboard state, dialogs open
// included; the tables fit at 1280 and 390 px; the run form's time is 24-hour in en-US;
// the account forms work without JavaScript.
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { invites } from "../../db/schema";
import { sha256 } from "../../src/api/auth/sessions";
import { useE2E } from "./harness";
import { axeViolations } from "../audit/axe";

// An invitation made ahead of time, so the no-JS registration knows its token.
const TOKEN = "e2e-audit-invite-token-0123456789abcdefghijkl";
const e2e = useE2E({
  prepare: async (db) => {
    await db.insert(invites).values({
      email: "nojs@example.com", userType: "booster", tokenHash: sha256(TOKEN), boosterUserId: "BB-4101",
      gameIds: [1], expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
  },
});

/** axe on the page as it is now; the state's name makes a failure readable. */
async function expectNoAxeViolations(page: Page, state: string) {
  const found = await axeViolations(page);
  expect({ state, violations: found }).toEqual({ state, violations: [] });
}

/** The table fits its container (no sideways scrolling) and every cell of its first row is on screen. */
async function expectTableFits(table: Locator) {
  const fit = await table.evaluate((t) => {
    const wrap = t.closest(".table-wrap")!;
    const row = t.querySelector("tbody tr")!;
    const box = wrap.getBoundingClientRect();
    const cells = [...row.querySelectorAll("td")].map((td) => {
      const r = td.getBoundingClientRect();
      return { label: td.getAttribute("data-label"), visible: r.width > 0 && r.height > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 };
    });
    return { scroll: wrap.scrollWidth, client: wrap.clientWidth, page: document.documentElement.scrollWidth, viewport: innerWidth, cells };
  });
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.page).toBeLessThanOrEqual(fit.viewport);
  expect(fit.cells.filter((c) => !c.visible)).toEqual([]);
  return fit.cells.map((c) => c.label);
}

describe("staff console audit (axe-core, WCAG A/AA)", () => {
  test("admin Runs tab: the page, the run form, Add Class, delete", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    await page.locator("table tbody tr td").first().waitFor();
    await expectNoAxeViolations(page, "admin runs");
    await page.getByRole("button", { name: "Create Run" }).click();
    const form = page.getByRole("dialog", { name: "Create WoW Raid Run" });
    await form.waitFor();
    await expectNoAxeViolations(page, "run form");
    await form.getByRole("button", { name: "Create Run" }).click();
    await form.getByText("Scheduled date and time is required").waitFor();
    await expectNoAxeViolations(page, "run form with errors");
    await form.getByRole("radio", { name: "Add specific classes" }).check();
    await form.getByRole("button", { name: "Add Class" }).click();
    await page.getByRole("dialog", { name: "Add Class" }).waitFor();
    await expectNoAxeViolations(page, "add class");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    const ask = page.getByRole("dialog", { name: "Discard changes?" });
    await ask.waitFor();
    await expectNoAxeViolations(page, "discard changes");
    await ask.getByRole("button", { name: "Discard" }).click();
    await form.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: /^Delete run / }).first().click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page, "delete run");
  });

  test("admin Users tab: the page, invite, edit and delete", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=users`);
    await page.getByRole("table").locator("tbody tr td").first().waitFor();
    await page.getByRole("button", { name: /^Edit / }).first().waitFor();
    await expectNoAxeViolations(page, "admin users");
    await page.getByRole("button", { name: /Invite/ }).first().click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page, "invite dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: /^Edit / }).last().click();
    await page.getByRole("dialog", { name: "Edit User" }).waitFor();
    await expectNoAxeViolations(page, "edit user");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: /^Delete / }).last().click();
    await page.getByRole("dialog", { name: "Delete User" }).waitFor();
    await expectNoAxeViolations(page, "delete user");
  });

  test("admin Games tab and the booster dashboard with its run form", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=games`);
    await page.getByRole("list").first().waitFor();
    await expectNoAxeViolations(page, "admin games");
    await page.goto(`${e2e.url}/admin?tab=activity`);
    await page.getByRole("table", { name: "Activity" }).locator("tbody tr").first().waitFor();
    await expectNoAxeViolations(page, "admin activity");
    const booster = await e2e.page();
    await e2e.signIn(booster, "booster@example.com");
    await booster.locator(".run-panel h2").first().waitFor();
    await expectNoAxeViolations(booster, "dashboard");
    await booster.getByRole("button", { name: "Create Run" }).click();
    await booster.getByRole("dialog").waitFor();
    await expectNoAxeViolations(booster, "dashboard run form");
  });
});

describe("admin tables fit", () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px every column of the run, user and activity tables is on screen without sideways scrolling`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
      const runs = page.getByRole("table", { name: /Raid/ });
      await runs.locator("tbody tr td").first().waitFor();
      expect(await expectTableFits(runs)).toEqual(["Select", "ID", "Raid & Difficulty", "Start", "Status", "Spots", "Booster", "Clicks (all time)", "Actions"]);
      await e2e.screenshot(page, `admin-runs-${width}`);
      // What a person sees of the table (the full-page shot of 50 rows at 390 is ~21,000 px tall).
      await runs.locator("tbody tr").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/admin-runs-table-${width}.png` });
      await page.goto(`${e2e.url}/admin?tab=users`);
      const users = page.getByRole("table", { name: "All App Users" });
      await users.getByRole("button", { name: /^Edit / }).first().waitFor();
      expect(await expectTableFits(users)).toEqual(["User", "Email", "Role", "Status", "Games", "Joined", "Actions"]);
      await e2e.screenshot(page, `admin-users-${width}`);
      await page.goto(`${e2e.url}/admin?tab=activity`);
      const activity = page.getByRole("table", { name: "Activity" });
      await activity.locator("tbody tr td").first().waitFor();
      expect(await expectTableFits(activity)).toEqual(["When", "Who", "Action", "Entity", "Changes"]);
      await e2e.screenshot(page, `admin-activity-${width}`);
    });
  }
});

describe("run form date and time", () => {
  test("in an en-US browser typing 2130 gives 21:30 (not 02:13); past days cannot be picked; day buttons are named by their number", async () => {
    const page = await e2e.page({ locale: "en-US" });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("button", { name: "Create Run" }).click();
    const form = page.getByRole("dialog");
    await form.waitFor();
    const time = form.getByLabel("Time", { exact: true });
    await time.click();
    await page.keyboard.type("2130");
    expect(await time.inputValue()).toBe("21:30");
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    if (yesterday.getMonth() === today.getMonth()) {
      expect(await form.getByRole("button", { name: new RegExp(`^${yesterday.getDate()}, `) }).isDisabled()).toBe(true);
    }
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    if (tomorrow.getMonth() !== today.getMonth()) await form.getByRole("button", { name: /next month/i }).click();
    const day = form.getByRole("button", { name: new RegExp(`^${tomorrow.getDate()}, `) });
    await day.click();
    // After 21:30 CET the typed time has chosen tomorrow already: clicking it keeps it chosen.
    // The label follows the click's state update, so wait for it.
    await form.getByRole("button", { name: new RegExp(`^${tomorrow.getDate()}, .*, selected$`) }).waitFor({ timeout: 5_000 });
    expect(await form.getByText("Scheduled date and time is required").count()).toBe(0);
  });
});

describe("zod in the browser never needs eval (the CSP forbids it)", () => {
  test("no CSP violation on /auth or in the run form after a client-side validation", async () => {
    const page = await e2e.page();
    // Chrome reports a refused eval (even one caught, like zod's probe) as an event, not a console error.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    await page.goto(`${e2e.url}/auth`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email address").waitFor();
    expect(await violations()).toEqual([]);
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Runboard123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("button", { name: "Create Run" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: "Create Run" }).click();
    await form.getByText("Scheduled date and time is required").waitFor();
    expect(await violations()).toEqual([]);
  });
});

describe("account forms without JavaScript", () => {
  test("sign-in: a bad email and a wrong password come back to /auth with the message and the email; the right one signs in", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}/auth`);
    await page.getByLabel("Email").fill("a@b");
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email address").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(await page.getByLabel("Email").inputValue()).toBe("a@b");
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Wrong12345");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Login failed. Please check your credentials.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("Runboard123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
  });

  test("registration: passwords that don't match come back to the form with the message and the nickname, not raw JSON; then the account is made", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}/register/${TOKEN}`);
    await page.getByLabel("Nickname").fill("NoScript");
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByLabel("Confirm Password", { exact: true }).fill("Secret124");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("alert").getByText("Passwords don't match").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/register/${TOKEN}`);
    expect(await page.getByLabel("Nickname").inputValue()).toBe("NoScript");
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByLabel("Confirm Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
  });
});
