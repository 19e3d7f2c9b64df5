import { describe, expect, test } from "bun:test";
import { invites } from "../../db/schema";
import { sha256 } from "../../src/api/auth/sessions";
import { islandsHydrated, useE2E } from "./harness";

// An invitation made ahead of time, so the test knows its token (the API returns it only once).
const TOKEN = "e2e-invite-token-0123456789abcdefghijklmnop";
const e2e = useE2E({
  prepare: async (db) => {
    await db.insert(invites).values({
      email: "recruit@example.com", userType: "booster", tokenHash: sha256(TOKEN), boosterUserId: "BB-4001",
      gameIds: [3, 1], message: "Welcome to the raid team!", expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
  },
});

describe("accounts", () => {
  test("the owner signs in at /auth and lands on /admin", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/auth`);
    await e2e.screenshot(page, "auth-1280");
    await e2e.signIn(page, "owner@example.com");
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).isVisible()).toBe(true);
    expect(await page.getByText("Welcome, Owner").isVisible()).toBe(true);
  });

  test("a booster lands on /dashboard", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/auth`);
    await e2e.screenshot(page, "auth-390");
    await e2e.signIn(page, "booster@example.com");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.getByText("Booster ID: BB-1001").isVisible()).toBe(true);
  });

  test("a wrong password shows 'Login failed. Please check your credentials.' and stays on /auth", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/auth`);
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Wrong12345");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Login failed. Please check your credentials." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  test("an anonymous visit to /admin ends on /auth and returns there after sign-in", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/admin?tab=users`);
    await page.waitForURL((u) => u.pathname === "/auth");
    await islandsHydrated(page);
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/admin?tab=users");
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Runboard123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    expect(new URL(page.url()).search).toBe("?tab=users");
  });

  test("an invite link leads through registration to a signed-in booster", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/invite/${TOKEN}`);
    expect(await page.getByRole("heading", { level: 1, name: "You're invited" }).isVisible()).toBe(true);
    for (const text of ["recruit@example.com", "BB-4001", "Welcome to the raid team!"]) {
      expect(await page.getByText(text).isVisible()).toBe(true);
    }
    await e2e.screenshot(page, "invite-390");
    await page.getByRole("link", { name: "Create Account" }).click();
    await page.waitForURL(`**/register/${TOKEN}`);
    await islandsHydrated(page);
    expect(await page.getByLabel("Email").inputValue()).toBe("recruit@example.com");
    await page.getByLabel("Nickname").fill("Recruit");
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByLabel("Confirm Password", { exact: true }).fill("Secret12");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm Password", { exact: true }).fill("Secret123");
    await e2e.screenshot(page, "register-390");
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect(await page.getByText("Welcome, Recruit").isVisible()).toBe(true);
    expect(await page.getByText("Booster ID: BB-4001").isVisible()).toBe(true);
    // The link is spent: someone else opening it lands on sign-in (an HTTP 303), which says why.
    const other = await e2e.page();
    await other.goto(`${e2e.url}/invite/${TOKEN}`);
    expect(new URL(other.url()).pathname).toBe("/auth");
    expect(await other.getByText("This invitation has already been used. Please log in.").isVisible()).toBe(true);
  });

  test("logout returns to / signed out", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(await page.getByRole("link", { name: "Admin & Seller Login" }).isVisible()).toBe(true);
    const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(me).toBe(401);
  });

  test("without JavaScript, sign-in and logout still work", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${e2e.url}/auth?returnTo=%2Fdashboard`);
    await page.getByLabel("Email").fill("booster2@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Runboard123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(await page.getByRole("link", { name: "Admin & Seller Login" }).isVisible()).toBe(true);
  });

  test("the login page shows the error catalogue's message", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/login?error=access_denied`);
    expect(await page.getByRole("alert").textContent()).toBe("Access denied. Please verify you have a valid invitation.");
    await e2e.screenshot(page, "login-390");
  });
});
