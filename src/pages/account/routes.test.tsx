import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { TEST_NOW, resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";

let t: TestApp;
let sso: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  sso = await makeTestApp({ env: { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "runboard" } });
}, 60_000); // the first test builds the island bundle
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

/** The page as a document, to query like a person reading it. */
async function page(res: Response) {
  const html = await res.text();
  // The body in an inert template: nothing loads (stylesheets, scripts).
  const template = document.createElement("template");
  template.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const doc = template.content;
  const text = (doc.textContent ?? "").replace(/\s+/g, " ");
  const refresh = /<meta http-equiv="refresh" content="([^"]*)">/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const label = (name: string) => {
    const l = [...doc.querySelectorAll("label")].find((x) => x.textContent === name);
    return l ? (doc.getElementById(l.getAttribute("for")!) as HTMLInputElement | null) : null;
  };
  const link = (name: string) => [...doc.querySelectorAll("a")].find((a) => a.textContent === name)?.getAttribute("href") ?? null;
  const button = (name: string) => [...doc.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
  return { doc, text, refresh, label, link, button };
}

async function invite(body: Record<string, unknown> = { email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [1], message: "Glad to have you!" }) {
  const res = await t.request("POST", "/api/invites", { body, cookie: await t.cookieFor("owner@example.com") });
  return ((await res.json()) as { token: string }).token;
}

describe("/auth", () => {
  test("the sign-in form: Email, Password, Sign In, posting to the login API; never cached", async () => {
    const res = await t.request("GET", "/auth?returnTo=%2Fadmin");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const p = await page(res);
    expect(p.label("Email")?.type).toBe("email");
    expect(p.label("Password")?.type).toBe("password");
    expect(p.button("Sign In")?.type).toBe("submit");
    const form = p.doc.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/api/auth/login");
    expect((p.doc.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe("/admin");
  });

  test("an error code from a no-JavaScript post shows its message; an off-site returnTo is dropped", async () => {
    const p = await page(await t.request("GET", "/auth?error=credentials&returnTo=https%3A%2F%2Fevil.example"));
    expect(p.text).toContain("Login failed. Please check your credentials.");
    expect(p.doc.querySelector('input[name="returnTo"]')).toBeNull();
    // An invalid invitation needs no JavaScript at all.
    expect(await (await t.request("GET", "/invite/nope")).text()).not.toContain("<script");
    const junk = await page(await t.request("GET", "/auth?error=%3Cscript%3E"));
    expect(junk.doc.querySelector('[role="alert"]')).toBeNull();
  });

  test("odd query strings never turn a page into an error: repeated or over-long values", async () => {
    expect((await t.request("GET", "/auth?returnTo=%2Fadmin&returnTo=%2Fdashboard")).status).toBe(200);
    expect((await t.request("GET", `/invite/${"x".repeat(5000)}`)).status).toBe(404);
    expect((await t.request("GET", `/login?error=${"y".repeat(5000)}`)).status).toBe(200);
  });

  test("a signed-in visitor is sent on at once", async () => {
    const res = await t.request("GET", "/auth?returnTo=%2Fgame%2Fx", { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/game/x");
    const home = await t.request("GET", "/auth", { cookie: await t.cookieFor("booster@example.com") });
    expect(home.headers.get("location")).toBe("/dashboard");
  });

  test("offers the identity provider when one is configured", async () => {
    const p = await page(await sso.request("GET", "/auth?returnTo=%2Fadmin"));
    expect(p.link("Continue with Single Sign-On")).toBe("/api/login?returnTo=%2Fadmin");
    expect((await page(await t.request("GET", "/auth"))).link("Continue with Single Sign-On")).toBeNull();
  });

  test("with an invite: email and booster id read-only, nickname and password, 'Create Account'", async () => {
    const token = await invite();
    const p = await page(await t.request("GET", `/auth?invite=${token}`));
    expect(p.label("Email")?.value).toBe("newbie@example.com");
    expect(p.label("Email")?.readOnly).toBe(true);
    expect(p.label("Booster ID")?.value).toBe("BB-2001");
    expect(p.label("Booster ID")?.readOnly).toBe(true);
    expect(p.label("Nickname")?.readOnly).toBe(false);
    expect(p.label("Password")?.minLength).toBe(8);
    expect(p.button("Create Account")?.disabled).toBe(false);
    expect(p.doc.querySelector("form")!.getAttribute("action")).toBe(`/api/accept-invite/${token}`);
  });

  test("with an invalid invite: 'Invalid or expired invitation link.'; a used one: a 303 to sign-in, which says why (no timed refresh)", async () => {
    const bad = await t.request("GET", "/auth?invite=nope");
    expect(bad.status).toBe(404);
    expect((await page(bad)).text).toContain("Invalid or expired invitation link.");
    const token = await invite();
    await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    const used = await t.request("GET", `/auth?invite=${token}`);
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/auth?notice=inviteUsed");
    const landing = await page(await t.request("GET", used.headers.get("location")!));
    expect(landing.doc.querySelector('[role="status"]')?.textContent).toBe("This invitation has already been used. Please log in.");
    expect(landing.refresh).toBeNull();
  });
});

describe("/login", () => {
  test("shows the catalogue's message for each error code and a 'Continue with' button keeping returnTo", async () => {
    for (const [code, message] of [
      ["access_denied", "Access denied. Please verify you have a valid invitation."],
      ["auth_error", "Authentication error. Please try again."],
      ["login_error", "Login error. Please try again."],
    ]) {
      const p = await page(await sso.request("GET", `/login?error=${code}&returnTo=%2Fdashboard`));
      expect(p.doc.querySelector('[role="alert"]')?.textContent).toBe(message);
      expect(p.link("Continue with Single Sign-On")).toBe("/api/login?returnTo=%2Fdashboard");
      expect(p.link("Sign in with email and password")).toBe("/auth?returnTo=%2Fdashboard");
    }
    const none = await page(await sso.request("GET", "/login?error=other"));
    expect(none.doc.querySelector('[role="alert"]')).toBeNull();
    expect(none.link("Continue with Single Sign-On")).toBe("/api/login");
  });

  test("without a provider the button leads to email and password sign-in", async () => {
    const p = await page(await t.request("GET", "/login?returnTo=%2Fadmin"));
    expect(p.link("Continue with email and password")).toBe("/api/login?returnTo=%2Fadmin");
  });
});

describe("/invite/{token}", () => {
  test("shows role, email, booster id and welcome message, and the way to create the account", async () => {
    const token = await invite();
    const res = await t.request("GET", `/invite/${token}`);
    expect(res.status).toBe(200);
    const p = await page(res);
    for (const s of ["Booster", "newbie@example.com", "BB-2001", "Glad to have you!"]) expect(p.text).toContain(s);
    expect(p.link("Create Account")).toBe(`/register/${token}`);
    // Without an identity provider, accepting with only a nickname would make an account nobody can sign in to.
    expect(p.link("Continue with Single Sign-On")).toBeNull();
    expect(p.label("Gaming Nickname")).toBeNull();
  });

  test("with a provider: 'Continue with' it back to this page, and the nickname form", async () => {
    const token = await invite();
    const p = await page(await sso.request("GET", `/invite/${token}`));
    expect(p.link("Continue with Single Sign-On")).toBe(`/api/login?returnTo=${encodeURIComponent(`/invite/${token}`)}`);
    expect(p.label("Gaming Nickname")?.required).toBe(true);
    expect(p.doc.querySelector("form")!.getAttribute("action")).toBe(`/api/accept-invite/${token}`);
  });

  test("an invalid invite: 'Invalid Invitation' with 'Go to Home'", async () => {
    const res = await t.request("GET", "/invite/not-a-token");
    expect(res.status).toBe(404);
    const p = await page(res);
    expect(p.text).toContain("Invalid Invitation");
    expect(p.text).toContain("This invitation link is invalid or has expired.");
    expect(p.link("Go to Home")).toBe("/");
  });

  test("a used invite: a 303 to login, which says why; a no-JavaScript acceptance lands on login with the success message", async () => {
    const token = await invite();
    const accepted = await sso.app.handle(new Request(`http://localhost:3000/api/accept-invite/${token}`, {
      method: "POST", headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ nickname: "Newbie" }).toString(),
    }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/login?notice=inviteAccepted");
    const login = await page(await sso.request("GET", accepted.headers.get("location")!));
    expect(login.doc.querySelector('[role="status"]')?.textContent).toBe("Profile completed successfully! You can now log in.");
    const used = await sso.request("GET", `/invite/${token}`);
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/login?notice=inviteUsed");
    const landing = await page(await sso.request("GET", "/login?notice=inviteUsed"));
    expect(landing.doc.querySelector('[role="status"]')?.textContent).toBe("This invitation has already been used. Please log in.");
    expect(landing.refresh).toBeNull();
  });
});

describe("/register/{token}", () => {
  test("email read-only, nickname, password and confirmation with show/hide toggles; the button enabled with the invite loaded", async () => {
    const token = await invite();
    const p = await page(await t.request("GET", `/register/${token}`));
    expect(p.label("Email")?.readOnly).toBe(true);
    expect(p.label("Email")?.value).toBe("newbie@example.com");
    expect(p.label("Nickname")?.maxLength).toBe(30);
    expect(p.label("Password")?.minLength).toBe(8);
    expect(p.label("Confirm Password")?.type).toBe("password");
    expect(p.doc.querySelector('button[aria-label="Show password"]')).not.toBeNull();
    expect(p.doc.querySelector('button[aria-label="Show confirm password"]')).not.toBeNull();
    expect(p.button("Register")?.disabled).toBe(false);
    expect(p.doc.querySelector("form")!.getAttribute("action")).toBe(`/api/auth/register/${token}`);
  });

  test("an invalid token shows 'Invalid Invitation'", async () => {
    expect((await page(await t.request("GET", "/register/nope"))).text).toContain("Invalid Invitation");
  });
});

describe("/complete-profile and /welcome", () => {
  test("signed out: a 303 to /auth with returnTo, which says 'Please sign in to continue' (no timed refresh)", async () => {
    const res = await t.request("GET", "/complete-profile");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth?returnTo=%2Fcomplete-profile&notice=signin");
    const p = await page(await t.request("GET", res.headers.get("location")!));
    expect(p.refresh).toBeNull();
    expect(p.doc.querySelector('[role="status"]')?.textContent).toBe("Please sign in to continue.");
  });

  test("an active user is sent to their dashboard at once", async () => {
    const admin = await t.request("GET", "/complete-profile", { cookie: await t.cookieFor("admin@example.com") });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/admin");
    const booster = await t.request("GET", "/welcome?token=x", { cookie: await t.cookieFor("booster@example.com") });
    expect(booster.headers.get("location")).toBe("/dashboard");
  });

  test("a pending user gets the nickname form", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const p = await page(await t.request("GET", "/complete-profile", { cookie: await t.cookieFor("booster@example.com") }));
    expect(p.label("Gaming Nickname")?.minLength).toBe(2);
    expect(p.button("Complete Profile")).toBeDefined();
    expect(p.text).toContain("You are joining as Booster.");
  });

  test("/welcome needs a token that exists", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster@example.com"));
    const cookie = await t.cookieFor("booster@example.com");
    expect((await page(await t.request("GET", "/welcome", { cookie }))).text).toContain("Invalid invitation link. Please contact your administrator.");
    expect((await page(await t.request("GET", "/welcome?token=nope", { cookie }))).text).toContain("Invalid or expired invitation link.");
    const token = await invite();
    const ok = await page(await t.request("GET", `/welcome?token=${token}`, { cookie }));
    expect(ok.doc.querySelector("main form")!.getAttribute("action")).toBe(`/api/complete-profile-with-invite/${token}`);
  });
});

describe("guards of /admin and /dashboard", () => {
  test("signed out: a 303 to /auth with returnTo and the sign-in notice; plain /auth has no notice", async () => {
    for (const [path, to] of [["/admin?tab=users", "%2Fadmin%3Ftab%3Dusers"], ["/dashboard", "%2Fdashboard"]] as const) {
      const res = await t.request("GET", path);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/auth?returnTo=${to}&notice=signin`);
      const p = await page(await t.request("GET", res.headers.get("location")!));
      expect(p.text).toContain("Please sign in to continue.");
      expect(p.refresh).toBeNull();
    }
    expect((await page(await t.request("GET", "/auth?returnTo=%2Fadmin"))).text).not.toContain("Please sign in to continue.");
  });

  test("a booster's dashboard opens on their first assigned calendar, not 'Select a specific game'", async () => {
    const p = await page(await t.request("GET", "/dashboard", { cookie: await t.cookieFor("booster@example.com") }));
    expect(p.text).not.toContain("Select a specific game to manage runs");
    expect(p.doc.querySelector('[aria-current="page"]')).not.toBeNull();
    expect(p.doc.querySelector(".run-panel h2")).not.toBeNull();
  });

  test("the wrong role gets the not-found page; a pending user goes to /complete-profile", async () => {
    expect((await t.request("GET", "/admin", { cookie: await t.cookieFor("booster@example.com") })).status).toBe(404);
    expect((await t.request("GET", "/dashboard", { cookie: await t.cookieFor("owner@example.com") })).status).toBe(404);
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "admin@example.com"));
    const pending = await t.request("GET", "/admin", { cookie: await t.cookieFor("admin@example.com") });
    expect(pending.status).toBe(302);
    expect(pending.headers.get("location")).toBe("/complete-profile");
  });
});

describe("/reset/{token} and /account", () => {
  async function resetLink(email = "booster@example.com") {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const res = await t.request("POST", `/api/users/${u!.id}/password-reset`, { cookie: await t.cookieFor("owner@example.com") });
    return ((await res.json()) as { token: string }).token;
  }

  test("a reset link: whose password, new password and confirmation under the full rule, posting to the API; never cached", async () => {
    const token = await resetLink();
    const res = await t.request("GET", `/reset/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const p = await page(res);
    expect(p.text).toContain("Choose a new password for booster@example.com.");
    expect(p.label("New Password")?.minLength).toBe(8);
    expect(p.label("New Password")?.required).toBe(true);
    expect(p.label("Confirm New Password")?.type).toBe("password");
    expect(p.button("Set Password")?.type).toBe("submit");
    expect(p.doc.querySelector("form")!.getAttribute("action")).toBe(`/api/auth/reset/${token}`);
    // Back from a no-JavaScript post that failed: the message.
    const failed = await page(await t.request("GET", `/reset/${token}?error=passwordsDontMatch`));
    expect(failed.doc.querySelector('[role="alert"]')?.textContent).toBe("Passwords don't match");
  });

  test("an unknown, used or expired link: 'Invalid Reset Link' (404) with the way home", async () => {
    const res = await t.request("GET", "/reset/not-a-token");
    expect(res.status).toBe(404);
    const p = await page(res);
    expect(p.text).toContain("Invalid Reset Link");
    expect(p.text).toContain("This password reset link is invalid, has expired or was already used.");
    expect(p.link("Go to Home")).toBe("/");
  });

  test("/account: signed out goes to sign-in; signed in shows who and the change-password form; the header links to it", async () => {
    const out = await t.request("GET", "/account");
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/auth?returnTo=%2Faccount&notice=signin");
    const res = await t.request("GET", "/account", { cookie: await t.cookieFor("booster@example.com") });
    expect(res.status).toBe(200);
    const p = await page(res);
    for (const s of ["booster@example.com", "Booster", "BB-1001", "Change Password"]) expect(p.text).toContain(s);
    expect(p.label("Current Password")?.autocomplete).toBe("current-password");
    expect(p.label("New Password")?.autocomplete).toBe("new-password");
    expect(p.doc.querySelector("main form")!.getAttribute("action")).toBe("/api/auth/password");
    expect(p.link("Account")).toBe("/account");
  });

  test("/account for an account with only external sign-in: no form, how to get a password", async () => {
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.email, "admin@example.com"));
    const p = await page(await t.request("GET", "/account", { cookie: await t.cookieFor("admin@example.com") }));
    expect(p.label("Current Password")).toBeNull();
    expect(p.text).toContain("Your account signs in with Single Sign-On and has no password.");
  });
});
