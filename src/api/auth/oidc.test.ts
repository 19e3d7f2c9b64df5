// The external identity provider login end to end: a real OpenID Connect provider
// (oidc-provider) on a free local port, the app in-process, the browser's redirects
// followed by hand.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { invites, users } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";
import { SESSION_COOKIE } from "./sessions";

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  "owner-sub": { email: "owner@example.com", email_verified: true, given_name: "Olivia" },
  "invitee-sub": { email: "invitee@example.com", email_verified: true, given_name: "Ivy", family_name: "Vance" },
  "stranger-sub": { email: "stranger@example.com", email_verified: true },
  "unverified-sub": { email: "admin@example.com", email_verified: false },
  "booster-sub": { email: "booster@example.com", email_verified: true },
};

let server: Server;
let issuer: string;
let t: TestApp;

async function freePort(): Promise<number> {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: "runboard", client_secret: "runboard-test-secret", redirect_uris: [`${ORIGIN}/api/callback`],
      token_endpoint_auth_method: "client_secret_post",
    }],
    findAccount: (_ctx: unknown, id: string) => ACCOUNTS[id]
      ? { accountId: id, claims: () => ({ sub: id, ...ACCOUNTS[id] }) }
      : undefined,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    // First-party client: no consent screen.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  t = await makeTestApp({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "runboard", OIDC_CLIENT_SECRET: "runboard-test-secret" } });
}, 60_000); // the first test builds the island bundle
afterAll(() => { server?.close(); });
beforeEach(async () => { await resetDb({ runs: false }); });

const pair = (setCookie: string) => setCookie.split(";")[0]!;

/** Plays the browser: /api/login, the provider's sign-in form as `accountId`, back to the callback. */
async function signInAs(accountId: string, returnTo = "/admin", tamper?: (callback: URL) => void): Promise<Response> {
  const start = await t.request("GET", `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  const flow = start.headers.getSetCookie().find((c) => c.startsWith("runboard_oidc="))!;
  expect(flow).toContain("HttpOnly");
  let url = start.headers.get("location")!;
  expect(url.startsWith(`${issuer}/auth?`)).toBe(true);
  expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [name] = pair(c).split("=");
      jar.set(name!, pair(c));
    }
  };
  const cookie = () => [...jar.values()].join("; ");
  for (let hops = 0; !url.startsWith(ORIGIN); hops++) {
    if (hops > 10) throw new Error("too many redirects");
    let res = await fetch(url, { redirect: "manual", headers: { cookie: cookie() } });
    remember(res);
    if (res.status === 200 && url.includes("/interaction/")) {
      // The provider's sign-in form.
      res = await fetch(url, {
        method: "POST", redirect: "manual",
        headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString(),
      });
      remember(res);
    }
    expect([302, 303]).toContain(res.status);
    url = new URL(res.headers.get("location")!, url).href;
  }
  const callback = new URL(url);
  expect(callback.pathname).toBe("/api/callback");
  tamper?.(callback);
  return t.app.handle(new Request(callback.href, { headers: { cookie: pair(flow) } }));
}

const sessionFrom = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"))?.split(";")[0];

describe("external identity provider login", () => {
  test("an existing user is signed in by verified email, linked, and sent back to returnTo", async () => {
    const res = await signInAs("owner-sub", "/admin?tab=users");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=users");
    const cookie = sessionFrom(res)!;
    const me = (await (await t.request("GET", "/api/auth/user", { cookie })).json()) as { email: string; role: string };
    expect(me).toMatchObject({ email: "owner@example.com", role: "owner" });
    const [owner] = await t.db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(owner).toMatchObject({ oidcIssuer: issuer, oidcSubject: "owner-sub" });
  });

  test("a linked identity signs in by issuer and subject even after the email changed", async () => {
    await signInAs("booster-sub", "/dashboard");
    await t.db.update(users).set({ email: "renamed@example.com" }).where(eq(users.email, "booster@example.com"));
    const res = await signInAs("booster-sub", "/dashboard");
    expect(res.headers.get("location")).toBe("/dashboard");
    const me = (await (await t.request("GET", "/api/auth/user", { cookie: sessionFrom(res)! })).json()) as { email: string };
    expect(me.email).toBe("renamed@example.com");
  });

  test("a person holding a valid invite gets the account it describes, pending until the profile is complete", async () => {
    const created = await t.request("POST", "/api/invites", {
      body: { email: "invitee@example.com", userType: "booster", boosterUserId: "BB-3001", gameIds: [5] },
      cookie: await t.cookieFor("admin@example.com"),
    });
    const { token } = (await created.json()) as { token: string };
    const res = await signInAs("invitee-sub", `/invite/${token}`);
    expect(res.headers.get("location")).toBe("/complete-profile");
    const me = (await (await t.request("GET", "/api/auth/user", { cookie: sessionFrom(res)! })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ email: "invitee@example.com", role: "booster", status: "pending", firstName: "Ivy", lastName: "Vance", booster: { boosterId: "BB-3001" } });
    const [u] = await t.db.select().from(users).where(eq(users.email, "invitee@example.com"));
    expect(u).toMatchObject({ oidcIssuer: issuer, oidcSubject: "invitee-sub", passwordHash: null });
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(true);
  });

  test("a stranger without an invite is refused with access_denied and no account", async () => {
    const res = await signInAs("stranger-sub", "/admin");
    expect(res.status).toBe(302);
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
    expect(tampered.headers.get("location")).toBe("/login?error=auth_error&returnTo=%2Fadmin");
    expect(sessionFrom(tampered)).toBeUndefined();
    const noCookie = await t.request("GET", "/api/callback?code=abc&state=xyz");
    expect(noCookie.headers.get("location")).toBe("/login?error=auth_error");
    const start = await t.request("GET", "/api/login?returnTo=/dashboard");
    const flow = pair(start.headers.getSetCookie().find((c) => c.startsWith("runboard_oidc="))!);
    const denied = await t.app.handle(new Request(`${ORIGIN}/api/callback?error=access_denied&state=x`, { headers: { cookie: flow } }));
    expect(denied.headers.get("location")).toBe("/login?error=auth_error&returnTo=%2Fdashboard");
  });

  test("an off-site returnTo is replaced by /", async () => {
    const res = await signInAs("owner-sub", "https://evil.example/");
    expect(res.headers.get("location")).toBe("/");
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
    env: { PUBLIC_ORIGIN: "", PORT: "4321", OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "runboard", OIDC_CLIENT_SECRET: "runboard-test-secret" },
  });
  const start = await local.app.handle(new Request("http://evil.example/api/login"));
  expect(start.status).toBe(302);
  expect(new URL(start.headers.get("location")!).searchParams.get("redirect_uri")).toBe("http://localhost:4321/api/callback");
});
