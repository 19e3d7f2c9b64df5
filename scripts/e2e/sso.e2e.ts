// External sign-in in Chromium against a real OpenID Connect provider (oidc-provider on
// loopback): an invitation opened and accepted through the provider, then logout there too.
import { afterAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { freePort } from "../../src/testing/net";
import { startTestProvider } from "../../src/testing/oidcProvider";
import { useE2E } from "./harness";

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const idp = await startTestProvider(origin, {
  "recruit-sub": { email: "recruit@example.com", email_verified: true, given_name: "Rita" },
});
afterAll(() => idp.close());
const e2e = useE2E({
  port,
  env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret },
});

/** An invitation made by the signed-in owner through the API, as the invite dialog does; its link. */
async function invite(page: Page, body: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (b) => {
    const res = await fetch("/api/invites", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    if (res.status !== 201) throw new Error(`invite: ${res.status}`);
    return ((await res.json()) as { inviteUrl: string }).inviteUrl;
  }, body);
}

/** Signs in on the provider's own form (any password). */
async function providerSignIn(page: Page, login: string) {
  await page.waitForURL((u) => u.origin === idp.issuer && u.pathname.startsWith("/interaction/"));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

describe("single sign-on", () => {
  test("the opened booster invitation becomes a booster with its id through the provider; logout signs out there too", async () => {
    const owner = await e2e.page();
    await e2e.signIn(owner, "owner@example.com");
    // Two open invitations for one person: the older one (booster) is the one opened.
    const boosterLink = await invite(owner, { email: "recruit@example.com", userType: "booster", boosterUserId: "BB-7001", gameIds: [3, 1] });
    await invite(owner, { email: "recruit@example.com", userType: "administrator" });

    const page = await e2e.page();
    await page.goto(boosterLink);
    expect(await page.getByText("BB-7001").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Continue with Single Sign-On" }).click();
    await providerSignIn(page, "recruit-sub");

    // Back on the site, signed in and pending: the profile comes first.
    await page.waitForURL((u) => u.origin === origin && u.pathname === "/complete-profile");
    await page.getByLabel("Gaming Nickname").fill("Recruit");
    await page.getByRole("button", { name: "Complete Profile" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect(await page.getByText("Welcome, Recruit").isVisible()).toBe(true);
    expect(await page.getByText("Booster ID: BB-7001").isVisible()).toBe(true);
    await e2e.screenshot(page, "sso-dashboard");

    // Logout ends the provider's session as well and comes back home.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.origin === idp.issuer);
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await page.waitForURL((u) => u.origin === origin && u.pathname === "/");
    expect(await page.getByRole("link", { name: "Admin & Seller Login" }).isVisible()).toBe(true);

    // The next sign-in asks the provider for an account again.
    await page.goto(`${origin}/auth`);
    await page.getByRole("link", { name: "Continue with Single Sign-On" }).click();
    await providerSignIn(page, "recruit-sub");
    await page.waitForURL((u) => u.origin === origin && u.pathname === "/dashboard");
  });
});
