// Every form that works without JavaScript answers a browser's plain post
// with a 303: back to its page with the error shown there (and the non-secret fields it
// had), or on to where the script would go. JSON callers keep getting JSON.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";

let t: TestApp;
let sso: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  sso = await makeTestApp({ env: { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "runboard" } });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

/** What a browser without JavaScript sends for a form. */
const browserPost = (app: TestApp, path: string, fields: Record<string, string>, cookie?: string) =>
  app.app.handle(new Request(ORIGIN + path, {
    method: "POST",
    headers: {
      origin: ORIGIN, "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  }));

/** Follows a 303 and reads the page like a person: its alert, and a labelled field's value. */
async function landing(app: TestApp, res: Response, cookie?: string) {
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const page = await app.request("GET", location, { cookie });
  expect(page.status).toBe(200);
  const html = await page.text();
  const doc = document.createElement("template");
  doc.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const field = (name: string) => {
    const l = [...doc.content.querySelectorAll("label")].find((x) => x.textContent === name);
    return (l ? doc.content.getElementById(l.getAttribute("for")!) : null) as HTMLInputElement | null;
  };
  return { location, alert: doc.content.querySelector('[role="alert"]')?.textContent ?? null, field };
}

async function invite(body: Record<string, unknown> = { email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [1] }) {
  const res = await t.request("POST", "/api/invites", { body, cookie: await t.cookieFor("owner@example.com") });
  return ((await res.json()) as { token: string }).token;
}

describe("sign-in form (/auth)", () => {
  test("an invalid email goes back to /auth with the message and the email kept, never the password", async () => {
    const res = await browserPost(t, "/api/auth/login", { email: "a@b", password: "Secret123", returnTo: "/admin" });
    const p = await landing(t, res);
    expect(p.location).toBe("/auth?returnTo=%2Fadmin&error=invalidEmail&email=a%40b");
    expect(p.alert).toBe("Invalid email address");
    expect(p.field("Email")?.value).toBe("a@b");
    expect(p.field("Password")?.value).toBe("");
  });

  test("wrong credentials: back with 'Login failed'; right ones: on to the page asked for", async () => {
    const bad = await landing(t, await browserPost(t, "/api/auth/login", { email: "owner@example.com", password: "Wrong12345" }));
    expect(bad.alert).toBe("Login failed. Please check your credentials.");
    expect(bad.field("Email")?.value).toBe("owner@example.com");
    const ok = await browserPost(t, "/api/auth/login", { email: "owner@example.com", password: TEST_PASSWORD, returnTo: "/admin?tab=users" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin?tab=users");
  });

  test("a JSON client posting a form but asking for JSON still gets JSON", async () => {
    const res = await t.app.handle(new Request(`${ORIGIN}/api/auth/login`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ email: "a@b", password: "x" }).toString(),
    }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Invalid email address" });
  });
});

describe("registration form (/register/{token})", () => {
  test("passwords that don't match go back with the message and the nickname kept; a valid one signs in to the dashboard", async () => {
    const token = await invite();
    const fields = { email: "newbie@example.com", nickname: "Newbie", password: "Secret123", confirmPassword: "Secret124" };
    const p = await landing(t, await browserPost(t, `/api/auth/register/${token}`, fields));
    expect(p.location).toStartWith(`/register/${token}?error=passwordsDontMatch`);
    expect(p.location).not.toContain("Secret");
    expect(p.alert).toBe("Passwords don't match");
    expect(p.field("Nickname")?.value).toBe("Newbie");
    const ok = await browserPost(t, `/api/auth/register/${token}`, { ...fields, confirmPassword: "Secret123" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/dashboard");
  });
});

describe("create-account form (/auth?invite=)", () => {
  test("a weak password goes back to the invitation's form with the rule", async () => {
    const token = await invite();
    const p = await landing(t, await browserPost(t, `/api/accept-invite/${token}`, { email: "newbie@example.com", nickname: "Newbie", password: "short" }));
    expect(p.location).toStartWith(`/auth?invite=${token}&error=passwordMin8`);
    expect(p.alert).toBe("Password must be at least 8 characters");
    expect(p.field("Nickname")?.value).toBe("Newbie");
  });
});

describe("invitation form with single sign-on (/invite/{token})", () => {
  test("a one-letter nickname goes back to the invitation with the message", async () => {
    const token = await invite();
    const p = await landing(sso, await browserPost(sso, `/api/accept-invite/${token}`, { nickname: "N" }));
    expect(p.location).toBe(`/invite/${token}?error=nicknameMin&nickname=N`);
    expect(p.alert).toBe("Nickname must be at least 2 characters");
    expect(p.field("Gaming Nickname")?.value).toBe("N");
  });
});

describe("profile forms (/complete-profile, /welcome?token=)", () => {
  test("an invalid nickname goes back with the message; a valid one goes to the dashboard", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const cookie = await t.cookieFor("booster@example.com");
    const p = await landing(t, await browserPost(t, "/api/complete-profile", { nickname: "x".repeat(31) }, cookie), cookie);
    expect(p.location).toStartWith("/complete-profile?error=nicknameMax");
    expect(p.alert).toBe("Nickname must be less than 30 characters");
    const ok = await browserPost(t, "/api/complete-profile", { nickname: "Booster" }, cookie);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/dashboard");
  });

  test("/welcome's form goes back to /welcome with its token", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const cookie = await t.cookieFor("booster@example.com");
    const token = await invite();
    const p = await landing(t, await browserPost(t, `/api/complete-profile-with-invite/${token}`, { nickname: "N" }, cookie), cookie);
    expect(p.location).toBe(`/welcome?token=${token}&error=nicknameMin&nickname=N`);
    expect(p.alert).toBe("Nickname must be at least 2 characters");
  });
});

describe("a form post whose session has ended", () => {
  test("goes to sign-in, which says 'Please sign in to continue.'", async () => {
    const p = await landing(t, await browserPost(t, "/api/complete-profile", { nickname: "Booster" }));
    expect(p.location).toBe("/auth?notice=signin");
    const res = await t.request("GET", p.location);
    expect(await res.text()).toContain("Please sign in to continue.");
  });
});

describe("logout", () => {
  test("goes home with a 303", async () => {
    const res = await browserPost(t, "/api/auth/logout", {}, await t.cookieFor("owner@example.com"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
  });
});
