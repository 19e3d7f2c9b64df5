import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invites, passwordResets, users } from "../../db/schema";
import { sha256 } from "../../src/api/auth/sessions";
import { useE2E } from "./harness";
import type { Page } from "playwright-core";

// Links made ahead of time, so the tests know their tokens (the API shows a token only once).
const NO_JS_RESET = "e2e-reset-token-0123456789abcdefghijklmnopq";
const REISSUE = "e2e-reissue-invite-0123456789abcdefghijklmn";
const REVOKE = "e2e-revoke-invite-0123456789abcdefghijklmno";
const e2e = useE2E({
  prepare: async (db) => {
    const week = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await db.insert(invites).values([
      { email: "reissue@example.com", userType: "booster", tokenHash: sha256(REISSUE), boosterUserId: "BB-5001", gameIds: [3, 1], expiresAt: week },
      { email: "revoke@example.com", userType: "administrator", tokenHash: sha256(REVOKE), expiresAt: week },
    ]);
    const [sunfire] = await db.select({ id: users.id }).from(users).where(eq(users.email, "booster2@example.com"));
    await db.insert(passwordResets).values({ userId: sunfire!.id, tokenHash: sha256(NO_JS_RESET), expiresAt: new Date(Date.now() + 3600 * 1000) });
  },
});

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id ?? null);

describe("pending invitations", () => {
  test("staff see them, re-issue one (the old link dies) and revoke another", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com", undefined, "/admin?tab=users");
    const list = page.getByRole("table", { name: "Pending Invitations" });
    for (const text of ["reissue@example.com", "revoke@example.com", "World of Warcraft, MoP Raid Calendar"]) {
      expect(await list.getByText(text).isVisible()).toBe(true);
    }
    await e2e.screenshot(page, "pending-invites-1280");

    await page.getByRole("button", { name: "Re-issue invitation for reissue@example.com" }).click();
    const reissue = page.getByRole("dialog", { name: "Re-issue Invitation" });
    await reissue.getByRole("button", { name: "Re-issue Link" }).click();
    const field = reissue.getByLabel("Invitation Link", { exact: true });
    await field.waitFor();
    const link = await field.inputValue();
    expect(await focusedLabel(page)).toBe("Copy invitation link");
    await reissue.getByRole("button", { name: "Done" }).click();
    await reissue.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Revoke invitation for revoke@example.com" }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke Invitation" });
    await revoke.getByRole("button", { name: "Revoke Invitation" }).click();
    await revoke.waitFor({ state: "hidden" });
    await list.getByText("revoke@example.com").waitFor({ state: "detached" });
    expect(await focusedLabel(page)).toBe("pending-invites-heading");

    const visitor = await e2e.page({ width: 390, height: 844 });
    await visitor.goto(`${e2e.url}/invite/${REISSUE}`);
    expect(await visitor.getByRole("heading", { level: 1, name: "Invalid Invitation" }).isVisible()).toBe(true);
    await visitor.goto(`${e2e.url}/invite/${REVOKE}`);
    expect(await visitor.getByRole("heading", { level: 1, name: "Invalid Invitation" }).isVisible()).toBe(true);
    await visitor.goto(link);
    expect(await visitor.getByText("reissue@example.com").isVisible()).toBe(true);
  });

  test("at 390 px an administrator sees the list and may re-issue a booster invitation", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await e2e.signIn(page, "admin@example.com", undefined, "/admin?tab=users");
    const list = page.getByRole("table", { name: "Pending Invitations" });
    await list.scrollIntoViewIfNeeded();
    await e2e.screenshot(page, "pending-invites-390");
    const button = list.getByRole("button", { name: "Re-issue invitation for reissue@example.com" });
    await button.scrollIntoViewIfNeeded();
    expect(await button.isVisible()).toBe(true);
  });
});

describe("password reset and change", () => {
  test("the owner issues a reset link; the booster sets a new password with it and signs in", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com", undefined, "/admin?tab=users");
    await page.getByRole("button", { name: "Create password reset link for Frostbolt" }).click();
    const dialog = page.getByRole("dialog", { name: "Password Reset Link" });
    await dialog.getByRole("button", { name: "Create Reset Link" }).click();
    const field = dialog.getByLabel("Password Reset Link", { exact: true });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);
    expect(await focusedLabel(page)).toBe("Copy password reset link");
    await e2e.screenshot(page, "reset-link-dialog-1280");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedLabel(page)).toBe("Create password reset link for Frostbolt");

    const booster = await e2e.page({ width: 390, height: 844 });
    await booster.goto(link);
    expect(await booster.getByText("Choose a new password for booster@example.com.").isVisible()).toBe(true);
    await booster.getByLabel("New Password", { exact: true }).fill("Fresh-Start9");
    await booster.getByLabel("Confirm New Password", { exact: true }).fill("Fresh-Start8");
    await booster.getByRole("button", { name: "Set Password" }).click();
    await booster.getByText("Passwords don't match").waitFor();
    await booster.getByLabel("Confirm New Password", { exact: true }).fill("Fresh-Start9");
    await e2e.screenshot(booster, "reset-form-390");
    await booster.getByRole("button", { name: "Set Password" }).click();
    await booster.waitForURL((u) => u.pathname === "/auth");
    await booster.getByText("Your password has been changed. Please sign in with your new password.").waitFor();
    await e2e.signIn(booster, "booster@example.com", "Fresh-Start9");
    expect(new URL(booster.url()).pathname).toBe("/dashboard");
    // The link worked once.
    await booster.goto(link);
    expect(await booster.getByRole("heading", { level: 1, name: "Invalid Reset Link" }).isVisible()).toBe(true);
  });

  test("without JavaScript: errors come back to the form, success goes to sign-in", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}/reset/${NO_JS_RESET}`);
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-Start9");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Fresh-Start7");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.waitForURL((u) => u.searchParams.get("error") === "passwordsDontMatch");
    expect(await page.getByRole("alert").textContent()).toBe("Passwords don't match");
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-Start9");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Fresh-Start9");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(await page.getByText("Your password has been changed. Please sign in with your new password.").isVisible()).toBe(true);
  });

  // Last: it changes the administrator's password.
  test("a signed-in user changes their own password on the account page", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL((u) => u.pathname === "/account");
    // (A wrong current password is a 400, which Chromium logs as a console error: the API
    // and island tests cover it.)
    await page.getByLabel("Current Password", { exact: true }).fill("Runboard123");
    await page.getByLabel("New Password", { exact: true }).fill("Changed-Pass2");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Changed-Pass3");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Changed-Pass2");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Your password has been changed. Your other sessions have been signed out.").waitFor();
    await e2e.screenshot(page, "account-1280");
    // Still signed in here.
    await page.goto(`${e2e.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin");
  });
});
