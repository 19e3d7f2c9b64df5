// The external identity provider login end to end: a real OpenID Connect provider
// (oidc-provider) on a free local port, the app in-process, the browser's redirects
// and cookies played by hand.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditEvents, boosters, invites, userSessions, users } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";
import { freePort } from "../../testing/net";
import { startTestProvider, type TestProvider } from "../../testing/oidcProvider";
import { SESSION_COOKIE } from "../../shared/sessionCookie";

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  "owner-sub": { email: "owner@example.com", email_verified: true, given_name: "Olivia" },
  "invitee-sub": { email: "invitee@example.com", email_verified: true, given_name: "Ivy", family_name: "Vance" },
  "stranger-sub": { email: "stranger@example.com", email_verified: true },
  "unverified-sub": { email: "admin@example.com", email_verified: false },
  "booster-sub": { email: "booster@example.com", email_verified: true },
};

let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider(ORIGIN, ACCOUNTS);
  t = await makeTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret } });
}, 60_000); // the first test builds the island bundle
afterAll(() => idp?.close());
beforeEach(async () => { await resetDb({ runs: false }); });

const pair = (setCookie: string) => setCookie.split(";")[0]!;

/**
 * Plays one browser: a cookie jar for the app and one for the provider (so the provider's
 * own session survives between sign-ins, as in a real browser), redirects followed by hand.
 */
class Browser {
  readonly jars = { app: new Map<string, string>(), idp: new Map<string, string>() };
  /** Whether the provider showed its sign-in form during the last sign-in. */
  askedToSignIn = false;
  /** The provider's authorization URL of the last sign-in. */
  authorizeUrl: URL | null = null;

  private jar(url: string) { return url.startsWith(ORIGIN) ? this.jars.app : this.jars.idp; }
  cookie(url: string) { return [...this.jar(url).values()].join("; "); }

  /** One request, as the browser sends it; keeps the cookies it sets (and drops expired ones). */
  async send(url: string, init: { method?: string; body?: string; type?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie(url) };
    if (init.type) headers["content-type"] = init.type;
    if (init.method && init.method !== "GET") headers.origin = new URL(url).origin;
    const req = new Request(url, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
    const res = url.startsWith(ORIGIN) ? await t.app.handle(req) : await fetch(req);
    for (const c of res.headers.getSetCookie()) {
      const [name] = pair(c).split("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar(url).delete(name!);
      else this.jar(url).set(name!, pair(c));
    }
    return res;
  }

  /**
   * Opens `path` on the app and follows redirects through the provider, signing in there as
   * `accountId` when it asks; answers the app's callback response (not followed further).
   */
  async signIn(accountId: string, path: string, tamper?: (callback: URL) => void): Promise<Response> {
    this.askedToSignIn = false;
    let res = await this.send(ORIGIN + path);
    expect(res.status).toBe(302);
    let url = new URL(res.headers.get("location")!, ORIGIN).href;
    this.authorizeUrl = new URL(url);
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    expect(this.authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    for (let hops = 0; !url.startsWith(ORIGIN); hops++) {
      if (hops > 10) throw new Error("too many redirects");
      res = await this.send(url);
      if (res.status === 200 && url.includes("/interaction/")) {
        this.askedToSignIn = true; // the provider's sign-in form
        res = await this.send(url, {
          method: "POST", type: "application/x-www-form-urlencoded",
          body: new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString(),
        });
      } else if (res.status === 200) {
        // A page that submits itself (the provider ending its previous session before the new one).
        res = await this.submitForm(url, await res.text());
      }
      expect([302, 303]).toContain(res.status);
      url = new URL(res.headers.get("location")!, url).href;
    }
    const callback = new URL(url);
    expect(callback.pathname).toBe("/api/callback");
    tamper?.(callback);
    return this.send(callback.href);
  }

  /** Posts the page's form with its hidden fields (plus `extra`, like a pressed button's value). */
  submitForm(pageUrl: string, html: string, extra: Record<string, string> = {}): Promise<Response> {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    return this.send(new URL(action, pageUrl).href, {
      method: "POST", type: "application/x-www-form-urlencoded", body: new URLSearchParams({ ...fields, ...extra }).toString(),
    });
  }

  /** Confirms the provider's sign-out page at `endSessionUrl` ('Yes, sign me out'); answers where the provider sends the browser. */
  async confirmProviderLogout(endSessionUrl: string): Promise<string> {
    const page = await this.send(endSessionUrl);
    expect(page.status).toBe(200);
    const done = await this.submitForm(endSessionUrl, await page.text(), { logout: "yes" });
    expect([302, 303]).toContain(done.status);
    return new URL(done.headers.get("location")!, endSessionUrl).href;
  }
}

const signInAs = (accountId: string, returnTo = "/admin", tamper?: (callback: URL) => void) =>
  new Browser().signIn(accountId, `/api/login?returnTo=${encodeURIComponent(returnTo)}`, tamper);

const sessionFrom = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"))?.split(";")[0];
const me = async (cookie: string | undefined) => (await t.request("GET", "/api/auth/user", { cookie })).json() as Promise<Record<string, any>>;
const loginPage = async (location: string) => (await t.request("GET", location)).text();

async function inviteToken(body: Record<string, unknown>, by = "owner@example.com"): Promise<string> {
  const res = await t.request("POST", "/api/invites", { body, cookie: await t.cookieFor(by) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}
const validity = async (token: string) => (await t.request("GET", `/api/validate-invite/${token}`)).status;

describe("external identity provider login", () => {
  test("an existing user is signed in by verified email, linked, and sent back to returnTo", async () => {
    const res = await signInAs("owner-sub", "/admin?tab=users");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=users");
    expect(await me(sessionFrom(res))).toMatchObject({ email: "owner@example.com", role: "owner" });
    const [owner] = await t.db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(owner).toMatchObject({ oidcIssuer: idp.issuer, oidcSubject: "owner-sub" });
    // The audit trail: the link, then the external sign-in, both by the owner, in the callback's request.
    const events = await t.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(events.map((e) => [e.action, e.actorId, e.changes])).toEqual([
      ["user.update", owner!.id, { externalSignIn: [false, true] }],
      ["session.sign_in", owner!.id, { method: [null, "external"] }],
    ]);
    expect(events[0]!.requestId).toBe(events[1]!.requestId);
  });

  test("a linked identity signs in by issuer and subject even after the email changed", async () => {
    await signInAs("booster-sub", "/dashboard");
    await t.db.update(users).set({ email: "renamed@example.com" }).where(eq(users.email, "booster@example.com"));
    const res = await signInAs("booster-sub", "/dashboard");
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await me(sessionFrom(res))).email).toBe("renamed@example.com");
  });

  test("a person holding a valid invite gets the account it describes, pending until the profile is complete", async () => {
    const token = await inviteToken({ email: "invitee@example.com", userType: "booster", boosterUserId: "BB-3001", gameIds: [5] }, "admin@example.com");
    const res = await signInAs("invitee-sub", `/invite/${token}`);
    expect(res.headers.get("location")).toBe("/complete-profile");
    expect(await me(sessionFrom(res))).toMatchObject({
      email: "invitee@example.com", role: "booster", status: "pending", firstName: "Ivy", lastName: "Vance", booster: { boosterId: "BB-3001" },
    });
    const [u] = await t.db.select().from(users).where(eq(users.email, "invitee@example.com"));
    expect(u).toMatchObject({ oidcIssuer: idp.issuer, oidcSubject: "invitee-sub", passwordHash: null });
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(true);
    // The new person's own events: the accepted invitation and the external sign-in.
    const accepted = await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, u!.id)).orderBy(auditEvents.id);
    expect(accepted.map((e) => [e.action, e.changes])).toEqual([
      ["invite.accept", { isUsed: [false, true], userId: [null, u!.id] }], ["session.sign_in", { method: [null, "external"] }],
    ]);
  });

  test("a stranger without an invite is refused with access_denied and no account", async () => {
    const res = await signInAs("stranger-sub", "/admin");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?error=access_denied&returnTo=%2Fadmin");
    expect(sessionFrom(res)).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.email, "stranger@example.com"))).length).toBe(0);
  });

  test("an unverified email does not match an account; an inactive account is refused", async () => {
    expect((await signInAs("unverified-sub")).headers.get("location")).toStartWith("/login?error=access_denied");
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.email, "owner@example.com"));
    expect((await signInAs("owner-sub")).headers.get("location")).toStartWith("/login?error=access_denied");
  });

  test("a tampered state, a missing flow cookie or a provider error is auth_error", async () => {
    const tampered = await signInAs("owner-sub", "/admin", (u) => u.searchParams.set("state", "forged"));
    expect(tampered.status).toBe(303);
    expect(tampered.headers.get("location")).toBe("/login?error=auth_error&returnTo=%2Fadmin");
    expect(sessionFrom(tampered)).toBeUndefined();
    const noCookie = await t.request("GET", "/api/callback?code=abc&state=xyz");
    expect(noCookie.headers.get("location")).toBe("/login?error=auth_error");
    const start = await t.request("GET", "/api/login?returnTo=/dashboard");
    const flow = pair(start.headers.getSetCookie().find((c) => c.startsWith("runboard_oidc="))!);
    const denied = await t.app.handle(new Request(`${ORIGIN}/api/callback?error=access_denied&state=x`, { headers: { cookie: flow } }));
    expect(denied.headers.get("location")).toBe("/login?error=auth_error&returnTo=%2Fdashboard");
  });
});

describe("the opened invitation is the one accepted", () => {
  test("two invitations for one email: the opened (older, booster) one becomes the account and the other ends", async () => {
    const booster = await inviteToken({ email: "invitee@example.com", userType: "booster", boosterUserId: "BB-5001", gameIds: [5] });
    const admin = await inviteToken({ email: "invitee@example.com", userType: "administrator" });
    const res = await signInAs("invitee-sub", `/invite/${booster}`);
    expect(await me(sessionFrom(res))).toMatchObject({ email: "invitee@example.com", role: "booster", booster: { boosterId: "BB-5001" } });
    expect(await validity(booster)).toBe(400); // used
    expect(await validity(admin)).toBe(404); // ended with the acceptance
  });

  test("the opened invitation must be the signing-in person's: another verified email is refused, the invite stays open", async () => {
    const token = await inviteToken({ email: "invitee@example.com", userType: "administrator" });
    const res = await signInAs("stranger-sub", `/invite/${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/login?error=emailMismatch&returnTo=${encodeURIComponent(`/invite/${token}`)}`);
    expect(sessionFrom(res)).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.email, "stranger@example.com"))).length).toBe(0);
    expect(await validity(token)).toBe(200);
  });

  test("without an opened invitation: the only open one is accepted, several are refused with a message", async () => {
    await inviteToken({ email: "invitee@example.com", userType: "booster", boosterUserId: "BB-5001", gameIds: [5] });
    await inviteToken({ email: "invitee@example.com", userType: "administrator" });
    const res = await signInAs("invitee-sub", "/admin");
    expect(res.headers.get("location")).toBe("/login?error=inviteAmbiguous&returnTo=%2Fadmin");
    expect((await t.db.select().from(users).where(eq(users.email, "invitee@example.com"))).length).toBe(0);
    expect(await loginPage(res.headers.get("location")!)).toContain("You have more than one invitation. Please open the invitation link you want to accept.");
  });
});

describe("every callback failure ends on the sign-in page with a readable message", () => {
  test("an invitation whose booster id was taken meanwhile: 303 to /login with 'This Booster ID is already in use.', no raw JSON, no account", async () => {
    const token = await inviteToken({ email: "invitee@example.com", userType: "booster", boosterUserId: "BB-6000", gameIds: [5] });
    await t.db.update(boosters).set({ boosterId: "BB-6000" }).where(eq(boosters.boosterId, "BB-1001"));
    const res = await signInAs("invitee-sub", `/invite/${token}`);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/login?error=boosterIdTaken&returnTo=${encodeURIComponent(`/invite/${token}`)}`);
    expect(sessionFrom(res)).toBeUndefined();
    expect(await loginPage(location)).toContain("This Booster ID is already in use.");
    expect((await t.db.select().from(users).where(eq(users.email, "invitee@example.com"))).length).toBe(0);
    expect(await validity(token)).toBe(200); // rolled back: still open
  });

  test("the login codes access_denied, auth_error and login_error show their text on /login; unknown codes show none", async () => {
    expect(await loginPage("/login?error=access_denied")).toContain("Access denied. Please verify you have a valid invitation.");
    expect(await loginPage("/login?error=auth_error")).toContain("Authentication error. Please try again.");
    expect(await loginPage("/login?error=%3Cb%3Eraw")).not.toContain('role="alert"');
  });
});

describe("Single Sign-On on /auth lands where password sign-in lands", () => {
  /** The href of /auth's 'Continue with Single Sign-On' button. */
  async function ssoLink(authPath: string): Promise<string> {
    const html = await (await t.request("GET", authPath)).text();
    const m = /<a class="button button--ghost" href="([^"]+)">Continue with Single Sign-On<\/a>/.exec(html);
    expect(m).not.toBeNull();
    return m![1]!.replaceAll("&amp;", "&");
  }

  test("no returnTo: /admin for staff, /dashboard for boosters, like the password form", async () => {
    const link = await ssoLink("/auth");
    expect((await new Browser().signIn("owner-sub", link)).headers.get("location")).toBe("/admin");
    expect((await new Browser().signIn("booster-sub", link)).headers.get("location")).toBe("/dashboard");
    const password = await t.app.handle(new Request(`${ORIGIN}/api/auth/login`, {
      method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "booster@example.com", password: "Runboard123" }).toString(),
    }));
    expect(password.headers.get("location")).toBe("/dashboard");
  });

  test("a returnTo on this site is kept; a foreign one gives the role's landing", async () => {
    const link = await ssoLink(`/auth?returnTo=${encodeURIComponent("/admin?tab=users")}`);
    expect((await new Browser().signIn("owner-sub", link)).headers.get("location")).toBe("/admin?tab=users");
    expect((await signInAs("owner-sub", "https://evil.example/")).headers.get("location")).toBe("/admin");
    expect((await signInAs("booster-sub", "//evil.example/")).headers.get("location")).toBe("/dashboard");
  });
});

describe("logout ends the provider session too", () => {
  const logout = async (b: Browser) => {
    const res = await b.send(`${ORIGIN}/api/auth/logout`, { method: "POST" });
    expect(res.status).toBe(200);
    return (await res.json()) as { ok: boolean; providerLogoutUrl?: string };
  };

  test("RP-initiated logout: the end-session URL with id_token_hint and post_logout_redirect_uri, and the provider signs out", async () => {
    const b = new Browser();
    const signedIn = await b.signIn("owner-sub", "/api/login");
    expect(b.askedToSignIn).toBe(true);
    const sid = Number(JSON.parse(atob(sessionFrom(signedIn)!.split("=")[1]!.split(".")[1]!)).sid);
    const [row] = await t.db.select().from(userSessions).where(eq(userSessions.id, sid));
    expect(row!.providerIdToken).not.toBeNull();
    expect(row!.providerIdToken).not.toContain("eyJ"); // sealed, not the ID token in the clear

    const { providerLogoutUrl } = await logout(b);
    const end = new URL(providerLogoutUrl!);
    expect(end.origin).toBe(idp.issuer);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${ORIGIN}/`);
    expect(end.searchParams.get("id_token_hint")?.split(".")).toHaveLength(3);
    expect((await t.request("GET", "/api/auth/user", { cookie: sessionFrom(signedIn) })).status).toBe(401);
    const [ended] = await t.db.select().from(userSessions).where(eq(userSessions.id, sid));
    expect(ended!.providerIdToken).toBeNull();

    expect(await b.confirmProviderLogout(providerLogoutUrl!)).toBe(`${ORIGIN}/`);
    // The provider's own session is gone: even without this app's re-sign-in request it asks again.
    b.jars.app.clear();
    await b.signIn("owner-sub", "/api/login");
    expect(b.authorizeUrl!.searchParams.get("prompt")).toBeNull();
    expect(b.askedToSignIn).toBe(true);
  });

  test("after a logout the next sign-in asks the provider to sign in again, so the next person picks their own account", async () => {
    const b = new Browser();
    await b.signIn("owner-sub", "/api/login");
    // While signed in at the provider, a second sign-in passes straight through (single sign-on).
    await b.signIn("owner-sub", "/api/login");
    expect(b.askedToSignIn).toBe(false);
    expect(b.authorizeUrl!.searchParams.get("prompt")).toBeNull();
    await logout(b); // the provider logout page is not visited (or the provider has none)
    const next = await b.signIn("booster-sub", "/api/login");
    expect(b.authorizeUrl!.searchParams.get("prompt")).toBe("login");
    expect(b.askedToSignIn).toBe(true);
    expect(await me(sessionFrom(next))).toMatchObject({ email: "booster@example.com", role: "booster" });
    // Signed in again: single sign-on works as before.
    await b.signIn("booster-sub", "/api/login");
    expect(b.authorizeUrl!.searchParams.get("prompt")).toBeNull();
  });

  test("a password session has no provider logout; a form post goes home", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const res = await t.request("POST", "/api/auth/logout", { cookie });
    expect(await res.json()).toEqual({ ok: true });
    const form = await t.request("POST", "/api/auth/logout", { cookie, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/");
  });
});

describe("GET /api/login without a usable provider", () => {
  test("no provider configured: /auth with the same returnTo", async () => {
    const plain = await makeTestApp();
    const res = await plain.request("GET", "/api/login?returnTo=%2Fadmin%3Ftab%3Dusers");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?returnTo=%2Fadmin%3Ftab%3Dusers");
    expect((await plain.request("GET", "/api/login")).headers.get("location")).toBe("/auth");
  });

  test("an unreachable provider: /login?error=login_error", async () => {
    const down = await makeTestApp({ env: { OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`, OIDC_CLIENT_ID: "x" } });
    const res = await down.request("GET", "/api/login?returnTo=/admin");
    expect(res.headers.get("location")).toBe("/login?error=login_error&returnTo=%2Fadmin");
  });
});

test("the provider's redirect_uri is the configured origin, never the request's Host", async () => {
  const local = await makeTestApp({
    env: { PUBLIC_ORIGIN: "", PORT: "4321", OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret },
  });
  const start = await local.app.handle(new Request("http://evil.example/api/login"));
  expect(start.status).toBe(302);
  expect(new URL(start.headers.get("location")!).searchParams.get("redirect_uri")).toBe("http://localhost:4321/api/callback");
});
