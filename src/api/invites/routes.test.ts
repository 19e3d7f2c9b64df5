import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { administrators, boosterGames, boosters, invites, owners, users } from "../../../db/schema";
import { TEST_NOW, resetDb } from "../../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";
import { RATE_LIMITS } from "../../http/rateLimit";
import { sha256 } from "../auth/sessions";
import { SESSION_COOKIE } from "../../shared/sessionCookie";
import { INVITE_TTL_MS } from "./service";

let t: TestApp;
let sso: TestApp; // the same app with an identity provider configured
beforeAll(async () => {
  t = await makeTestApp();
  sso = await makeTestApp({ env: { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "runboard" } });
}, 60_000); // the first test builds the island bundle
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const sessionFrom = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(";")[0];

const boosterInvite = { email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [3, 1], message: "Welcome aboard!" };

async function invite(body: Json = boosterInvite, by = "admin@example.com"): Promise<string> {
  const res = await t.request("POST", "/api/invites", { body, cookie: await t.cookieFor(by) });
  expect(res.status).toBe(201);
  return (await json(res)).token;
}

describe("POST /api/invites", () => {
  test("anonymous callers get 401, boosters and inactive staff cannot invite", async () => {
    expect((await t.request("POST", "/api/invites", { body: boosterInvite })).status).toBe(401);
    const booster = await t.request("POST", "/api/invites", { body: boosterInvite, cookie: await t.cookieFor("booster@example.com") });
    expect(booster.status).toBe(403);
    const cookie = await t.cookieFor("admin@example.com");
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.email, "admin@example.com"));
    expect((await t.request("POST", "/api/invites", { body: boosterInvite, cookie })).status).toBe(401);
  });

  test("staff invite a booster: a 128+ bit token, the link on the public origin, only the token's hash stored", async () => {
    const res = await t.request("POST", "/api/invites", { body: boosterInvite, cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // 32 random bytes, base64url
    expect(body.inviteUrl).toBe(`${ORIGIN}/invite/${body.token}`);
    expect(new Date(body.expiresAt).getTime()).toBe(TEST_NOW.getTime() + INVITE_TTL_MS);
    const [row] = await t.db.select().from(invites);
    expect(row).toMatchObject({ email: "newbie@example.com", userType: "booster", tokenHash: sha256(body.token), boosterUserId: "BB-2001", gameIds: [3, 1], isUsed: false });
    expect(JSON.stringify(row)).not.toContain(body.token);
  });

  test("only the owner invites administrators and owners", async () => {
    const admin = await t.cookieFor("admin@example.com");
    for (const userType of ["administrator", "owner"]) {
      const res = await t.request("POST", "/api/invites", { body: { email: `x-${userType}@example.com`, userType }, cookie: admin });
      expect(res.status).toBe(403);
    }
    const owner = await t.cookieFor("owner@example.com");
    for (const userType of ["administrator", "owner"]) {
      const res = await t.request("POST", "/api/invites", { body: { email: `y-${userType}@example.com`, userType }, cookie: owner });
      expect(res.status).toBe(201);
    }
  });

  test("a booster invite needs a booster id and a game; the email must be valid", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    for (const body of [{ ...boosterInvite, boosterUserId: "" }, { ...boosterInvite, gameIds: [] }, { email: "a@example.com", userType: "booster" }]) {
      const res = await t.request("POST", "/api/invites", { body, cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Booster ID and at least one game are required for boosters" });
    }
    const bad = await t.request("POST", "/api/invites", { body: { ...boosterInvite, email: "nope" }, cookie });
    expect(await bad.json()).toEqual({ message: "Invalid email address" });
  });

  test("a booster id in use, an existing account's email and unknown games are refused", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const dupId = await t.request("POST", "/api/invites", { body: { ...boosterInvite, boosterUserId: "BB-1001" }, cookie });
    expect(dupId.status).toBe(409);
    expect(await dupId.json()).toEqual({ message: "This Booster ID is already in use." });
    const dupEmail = await t.request("POST", "/api/invites", { body: { ...boosterInvite, email: "Booster@Example.com" }, cookie });
    expect(dupEmail.status).toBe(409);
    const games = await t.request("POST", "/api/invites", { body: { ...boosterInvite, gameIds: [1, 999] }, cookie });
    expect(games.status).toBe(400);
    expect((await t.db.select().from(invites)).length).toBe(0);
  });

  test("a booster id an open invitation holds is refused for another email; a re-sent invite to the same email may repeat it", async () => {
    await invite({ ...boosterInvite, boosterUserId: "BB-6000" });
    const cookie = await t.cookieFor("owner@example.com");
    const other = await t.request("POST", "/api/invites", { body: { ...boosterInvite, email: "other@example.com", boosterUserId: "BB-6000" }, cookie });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ message: "This Booster ID is already in use." });
    expect((await t.request("POST", "/api/invites", { body: { ...boosterInvite, boosterUserId: "BB-6000" }, cookie })).status).toBe(201);
    // An expired invitation holds nothing.
    t.setNow(new Date(TEST_NOW.getTime() + INVITE_TTL_MS + 1000));
    expect((await t.request("POST", "/api/invites", { body: { ...boosterInvite, email: "other@example.com", boosterUserId: "BB-6000" }, cookie })).status).toBe(201);
  });

  test("the link is on the configured origin, never the request's Host (development: localhost and PORT)", async () => {
    const send = (app: TestApp) => async () => app.app.handle(new Request("http://evil.example/api/invites", {
      method: "POST", body: JSON.stringify(boosterInvite),
      headers: { origin: "http://evil.example", "content-type": "application/json", cookie: await app.cookieFor("admin@example.com") },
    }));
    const configured = await json(await send(t)());
    expect(configured.inviteUrl).toBe(`${ORIGIN}/invite/${configured.token}`);
    await resetDb({ runs: false });
    const local = await makeTestApp({ env: { PUBLIC_ORIGIN: "", PORT: "4321" } });
    const fallback = await json(await send(local)());
    expect(fallback.inviteUrl).toBe(`http://localhost:4321/invite/${fallback.token}`);
  });
});

describe("GET /api/validate-invite/{token} and /api/invites/{token}", () => {
  test("a valid invite shows its details to the token holder", async () => {
    const token = await invite();
    const res = await t.request("GET", `/api/validate-invite/${token}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", message: "Welcome aboard!", gameIds: [3, 1] });
    expect(await json(await t.request("GET", `/api/invites/${token}`))).toEqual({ email: "newbie@example.com", userType: "booster" });
  });

  test("unknown and expired tokens are 404 with 'Invalid or expired invite' or '... invitation'; a used one is 400", async () => {
    const unknown = await t.request("GET", "/api/validate-invite/not-a-real-token");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Invalid or expired invite" });
    const unknown2 = await t.request("GET", "/api/invites/not-a-real-token");
    expect(unknown2.status).toBe(404);
    expect(await unknown2.json()).toEqual({ message: "Invalid or expired invitation" });

    const token = await invite();
    t.setNow(new Date(TEST_NOW.getTime() + INVITE_TTL_MS + 1));
    expect((await t.request("GET", `/api/validate-invite/${token}`)).status).toBe(404);
    t.setNow(TEST_NOW);

    await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    const used = await t.request("GET", `/api/validate-invite/${token}`);
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({ message: "Invite already used. Redirecting to login..." });
    expect((await t.request("GET", `/api/invites/${token}`)).status).toBe(400);
  });

  test("an absurdly long token is a 400 with a message, not a 500", async () => {
    const res = await t.request("GET", `/api/validate-invite/${"x".repeat(500)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Invalid or expired invitation" });
  });
});

describe("POST /api/accept-invite/{token}", () => {
  test("with nickname, email and password: an active booster with its games, signed in at once", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ signedIn: true, user: { email: "newbie@example.com", role: "booster", status: "active", nickname: "Newbie", booster: { boosterId: "BB-2001" } } });
    const cookie = sessionFrom(res)!;
    expect((await json(await t.request("GET", "/api/auth/user", { cookie }))).booster).toEqual({ boosterId: "BB-2001" });
    const [b] = await t.db.select().from(boosters).where(eq(boosters.boosterId, "BB-2001"));
    const links = await t.db.select({ gameId: boosterGames.gameId }).from(boosterGames).where(eq(boosterGames.boosterId, b!.id));
    expect(links.map((l) => l.gameId).sort()).toEqual([1, 3]);
    // The new account signs in with that password.
    expect((await t.request("POST", "/api/auth/login", { body: { email: "newbie@example.com", password: "Secret123" } })).status).toBe(200);
  });

  test("the account comes from exactly the accepted invite; the email's other open invites end", async () => {
    const booster = await invite({ ...boosterInvite, boosterUserId: "BB-5001" }, "owner@example.com");
    const admin = await invite({ email: "newbie@example.com", userType: "administrator" }, "owner@example.com");
    const res = await t.request("POST", `/api/accept-invite/${booster}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    expect((await json(res)).user).toMatchObject({ role: "booster", booster: { boosterId: "BB-5001" } });
    const ended = await t.request("GET", `/api/validate-invite/${admin}`);
    expect(ended.status).toBe(404);
    expect(await json(ended)).toEqual({ message: "Invalid or expired invite" });
    // The invite info names the accepted invite, not the newer ended one.
    const info = await t.request("GET", "/api/user/invite-info", { cookie: await t.cookieFor("newbie@example.com") });
    expect(await info.json()).toEqual({ userType: "booster", boosterUserId: "BB-5001" });
  });

  test("administrator and owner invites create the matching role record", async () => {
    const owner = "owner@example.com";
    const a = await invite({ email: "boss@example.com", userType: "administrator" }, owner);
    const o = await invite({ email: "chief@example.com", userType: "owner" }, owner);
    const ra = await json(await t.request("POST", `/api/accept-invite/${a}`, { body: { nickname: "Boss", email: "boss@example.com", password: "Secret123" } }));
    const ro = await json(await t.request("POST", `/api/accept-invite/${o}`, { body: { nickname: "Chief", email: "chief@example.com", password: "Secret123" } }));
    expect(ra.user.role).toBe("administrator");
    expect(ro.user.role).toBe("owner");
    expect((await t.db.select().from(administrators).where(eq(administrators.userId, ra.user.id))).length).toBe(1);
    expect((await t.db.select().from(owners).where(eq(owners.userId, ro.user.id))).length).toBe(1);
  });

  test("an already used invite is 400 'Invite already used'", async () => {
    const token = await invite();
    const body = { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" };
    expect((await t.request("POST", `/api/accept-invite/${token}`, { body })).status).toBe(200);
    const again = await t.request("POST", `/api/accept-invite/${token}`, { body });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "Invite already used. Redirecting to login..." });
  });

  test("invalid and expired tokens are 400 'Invalid or expired invitation'", async () => {
    const body = { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" };
    const unknown = await t.request("POST", "/api/accept-invite/nope", { body });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: "Invalid or expired invitation" });
    const token = await invite();
    t.setNow(new Date(TEST_NOW.getTime() + INVITE_TTL_MS + 1));
    expect(await (await t.request("POST", `/api/accept-invite/${token}`, { body })).json()).toEqual({ message: "Invalid or expired invitation" });
  });

  test("password and nickname validation messages; a short password is refused before anything changes", async () => {
    const token = await invite();
    const short = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "12345" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 8 characters" });
    const nick = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "N", email: "newbie@example.com", password: "Secret123" } });
    expect(await nick.json()).toEqual({ message: "Nickname must be at least 2 characters" });
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
  });

  // The one password rule (8+ characters, upper and lower case, a number) also on invite acceptance;
  // six characters, even six spaces, made an owner account before.
  test("weak passwords are refused with the full rule's messages; no account is made and the invite stays usable", async () => {
    const token = await invite({ email: "newbie@example.com", userType: "owner" }, "owner@example.com");
    const weak: [string, string][] = [
      ["      ", "Password must be at least 8 characters"],
      ["secret1", "Password must be at least 8 characters"],
      ["        ", "Password must contain at least one uppercase letter"],
      ["lowercase1", "Password must contain at least one uppercase letter"],
      ["UPPERCASE1", "Password must contain at least one lowercase letter"],
      ["NoNumbers", "Password must contain at least one number"],
    ];
    for (const [password, message] of weak) {
      const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    expect(await t.db.select().from(users).where(eq(users.email, "newbie@example.com"))).toHaveLength(0);
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
    const ok = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    expect(ok.status).toBe(200);
  });

  test("another email than the invited one is refused and the invite stays usable", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "other@example.com", password: "Secret123" } });
    expect(res.status).toBe(400);
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
    expect((await t.db.select().from(users).where(eq(users.email, "other@example.com"))).length).toBe(0);
  });

  test("an email that meanwhile got an account rolls the acceptance back (409)", async () => {
    const token = await invite();
    await makeUser(t.db, { email: "newbie@example.com", role: "booster", boosterId: null });
    const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    expect(res.status).toBe(409);
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
  });

  test("nickname only needs an identity provider to sign in later; without one it asks for a password", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Password must be at least 8 characters" });

    const ok = await sso.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie" } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ signedIn: false, user: { status: "active", nickname: "Newbie", role: "booster" } });
    expect(sessionFrom(ok)).toBeUndefined();
    const [u] = await t.db.select().from(users).where(eq(users.email, "newbie@example.com"));
    expect(u!.passwordHash).toBeNull();
  });

  test("without a nickname the account is pending", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/accept-invite/${token}`, { body: { email: "newbie@example.com", password: "Secret123" } });
    expect((await json(res)).user.status).toBe("pending");
  });

  test("20 parallel acceptances of one token create exactly one account", async () => {
    const token = await invite();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: `Racer${i}`, email: "newbie@example.com", password: "Secret123" } })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 400).length).toBe(19);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, "newbie@example.com"))) as [{ n: number }];
    expect(n).toBe(1);
    expect((await t.db.select().from(boosters).where(eq(boosters.boosterId, "BB-2001"))).length).toBe(1);
  }, 30_000);

  test(`more than ${RATE_LIMITS.inviteAccept.limit} acceptances from one address in a window get 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.inviteAccept.limit; i++) {
      await t.request("POST", "/api/accept-invite/nope", { body: { nickname: "Newbie", email: "n@example.com", password: "Secret123" } });
    }
    const res = await t.request("POST", "/api/accept-invite/nope", { body: { nickname: "Newbie", email: "n@example.com", password: "Secret123" } });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: "Too many attempts. Please wait 15 minutes and try again." });
  }, 30_000);

  test("a form post (no JavaScript) redirects: to the dashboard when signed in, back with an error code otherwise", async () => {
    const token = await invite();
    const post = (fields: Record<string, string>) => t.app.handle(new Request(`${ORIGIN}/api/accept-invite/${token}`, {
      method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString(),
    }));
    const wrong = await post({ nickname: "Newbie", email: "other@example.com", password: "Secret123" });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe(`/auth?invite=${token}&error=emailMismatch&email=other%40example.com&nickname=Newbie`);
    const ok = await post({ nickname: "Newbie", email: "newbie@example.com", password: "Secret123" });
    expect(ok.headers.get("location")).toBe("/dashboard");
    expect(sessionFrom(ok)).toBeDefined();
  });
});

describe("POST /api/auth/register/{token}", () => {
  const body = { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" };

  test("registers the invited email with a strong password, signed in at once", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/auth/register/${token}`, { body });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ email: "newbie@example.com", status: "active", role: "booster", booster: { boosterId: "BB-2001" } });
    expect((await t.request("GET", "/api/auth/user", { cookie: sessionFrom(res)! })).status).toBe(200);
    const again = await t.request("POST", `/api/auth/register/${token}`, { body });
    expect(await again.json()).toEqual({ message: "Invite already used. Redirecting to login..." });
  });

  test("the full registration rules, each with its own message", async () => {
    const token = await invite();
    const cases: [Json, string][] = [
      [{ ...body, password: "Sh0rt" }, "Password must be at least 8 characters"],
      [{ ...body, password: "lowercase1" }, "Password must contain at least one uppercase letter"],
      [{ ...body, password: "UPPERCASE1" }, "Password must contain at least one lowercase letter"],
      [{ ...body, password: "NoNumbers" }, "Password must contain at least one number"],
      [{ ...body, nickname: "x".repeat(31) }, "Nickname cannot exceed 30 characters"],
      [{ ...body, email: "bad" }, "Invalid email address"],
      [{ ...body, confirmPassword: "Different1" }, "Passwords don't match"],
    ];
    for (const [b, message] of cases) {
      const res = await t.request("POST", `/api/auth/register/${token}`, { body: b });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  test("another email than the invited one is refused", async () => {
    const token = await invite();
    const res = await t.request("POST", `/api/auth/register/${token}`, { body: { ...body, email: "other@example.com" } });
    expect(res.status).toBe(400);
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
  });

  test(`more than ${RATE_LIMITS.register.limit} registrations from one address in a window get 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) await t.request("POST", "/api/auth/register/nope", { body });
    expect((await t.request("POST", "/api/auth/register/nope", { body })).status).toBe(429);
  }, 30_000);
});

describe("POST /api/complete-profile-with-invite/{token}", () => {
  test("401 when signed out", async () => {
    const token = await invite();
    expect((await t.request("POST", `/api/complete-profile-with-invite/${token}`, { body: { nickname: "Newbie" } })).status).toBe(401);
  });

  test("a pending account made from this invite (external sign-in) completes its profile", async () => {
    const token = await invite();
    await sso.request("POST", `/api/accept-invite/${token}`, { body: {} }); // pending, like an external sign-in
    const cookie = await t.cookieFor("newbie@example.com");
    const res = await t.request("POST", `/api/complete-profile-with-invite/${token}`, { body: { nickname: "Newbie" }, cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ status: "active", nickname: "Newbie", booster: { boosterId: "BB-2001" } });
    const again = await t.request("POST", `/api/complete-profile-with-invite/${token}`, { body: { nickname: "Newbie" }, cookie });
    expect(again.status).toBe(409);
  });

  test("an unused invite for the pending user's email is claimed and its role granted", async () => {
    const token = await invite({ email: "pending@example.com", userType: "administrator" }, "owner@example.com");
    await makeUser(t.db, { email: "pending@example.com", role: "booster", status: "pending", boosterId: null });
    const cookie = await t.cookieFor("pending@example.com");
    const res = await t.request("POST", `/api/complete-profile-with-invite/${token}`, { body: { nickname: "Pending" }, cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ role: "administrator", status: "active" });
    expect((await t.db.select().from(invites).where(and(eq(invites.email, "pending@example.com"), eq(invites.isUsed, true)))).length).toBe(1);
  });

  test("someone else's invite or a bad token is refused", async () => {
    const token = await invite();
    await makeUser(t.db, { email: "pending@example.com", role: "booster", status: "pending", boosterId: null });
    const cookie = await t.cookieFor("pending@example.com");
    const other = await t.request("POST", `/api/complete-profile-with-invite/${token}`, { body: { nickname: "Pending" }, cookie });
    expect(other.status).toBe(400);
    expect((await t.db.select().from(invites))[0]!.isUsed).toBe(false);
    const bad = await t.request("POST", "/api/complete-profile-with-invite/nope", { body: { nickname: "Pending" }, cookie });
    expect(await bad.json()).toEqual({ message: "Invalid or expired invitation" });
  });
});

describe("GET /api/user/invite-info", () => {
  test("401 signed out; 404 for a user without an invite", async () => {
    expect((await t.request("GET", "/api/user/invite-info")).status).toBe(401);
    expect((await t.request("GET", "/api/user/invite-info", { cookie: await t.cookieFor("booster@example.com") })).status).toBe(404);
  });

  test("the invited role and booster id of the signed-in person's own invite", async () => {
    const token = await invite();
    await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    const res = await t.request("GET", "/api/user/invite-info", { cookie: await t.cookieFor("newbie@example.com") });
    expect(await res.json()).toEqual({ userType: "booster", boosterUserId: "BB-2001" });
  });
});

describe("managing pending invitations", () => {
  const list = async (by = "admin@example.com") => t.request("GET", "/api/pending-invites", { cookie: await t.cookieFor(by) });
  const idOf = async (token: string) => (await t.db.select({ id: invites.id }).from(invites).where(eq(invites.tokenHash, sha256(token))))[0]!.id;

  test("GET /api/pending-invites lists pending ones, newest first: email, role, games, who invited, expiry; never a token", async () => {
    const first = await invite();
    t.setNow(new Date(TEST_NOW.getTime() + 60_000));
    await invite({ email: "second@example.com", userType: "administrator" }, "owner@example.com");
    // Used and expired invitations are not pending.
    const used = await invite({ ...boosterInvite, email: "used@example.com", boosterUserId: "BB-2002" });
    await t.request("POST", `/api/accept-invite/${used}`, { body: { nickname: "Used", email: "used@example.com", password: "Secret123" } });
    await t.db.insert(invites).values({ email: "old@example.com", userType: "booster", tokenHash: "x", expiresAt: TEST_NOW });
    const res = await list();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json[];
    expect(body.map((i) => i.email)).toEqual(["second@example.com", "newbie@example.com"]);
    expect(body[1]).toEqual({
      id: await idOf(first), email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [3, 1],
      invitedBy: "Admin", createdAt: expect.any(String), expiresAt: new Date(TEST_NOW.getTime() + INVITE_TTL_MS).toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain(first);
    expect(JSON.stringify(body)).not.toContain(sha256(first));
  });

  test("only staff list, revoke and re-issue: 401 for visitors, 403 for boosters", async () => {
    const id = await idOf(await invite());
    expect((await t.request("GET", "/api/pending-invites")).status).toBe(401);
    const booster = await t.cookieFor("booster@example.com");
    expect((await t.request("GET", "/api/pending-invites", { cookie: booster })).status).toBe(403);
    expect((await t.request("DELETE", `/api/pending-invites/${id}`, { cookie: booster })).status).toBe(403);
    expect((await t.request("POST", `/api/pending-invites/${id}/reissue`, { cookie: booster })).status).toBe(403);
  });

  test("revoking: the link stops working at once and the invitation leaves the list", async () => {
    const token = await invite();
    const res = await t.request("DELETE", `/api/pending-invites/${await idOf(token)}`, { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(200);
    expect((await t.request("GET", `/api/validate-invite/${token}`)).status).toBe(404);
    expect((await t.request("GET", `/invite/${token}`)).status).toBe(404);
    const accept = await t.request("POST", `/api/accept-invite/${token}`, { body: { nickname: "Late", email: "newbie@example.com", password: "Secret123" } });
    expect(accept.status).toBe(400);
    expect(await (await list()).json()).toEqual([]);
    // Revoked already: no longer pending.
    const again = await t.request("DELETE", `/api/pending-invites/${await idOf(token)}`, { cookie: await t.cookieFor("admin@example.com") });
    expect(again.status).toBe(404);
    expect((await json(again)).message).toBe("This invitation is no longer pending.");
  });

  test("re-issuing: a new link valid 7 days from now; the old link dies; the new one works", async () => {
    const old = await invite();
    t.setNow(new Date(TEST_NOW.getTime() + 3 * 24 * 3600_000));
    const res = await t.request("POST", `/api/pending-invites/${await idOf(old)}/reissue`, { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.token).not.toBe(old);
    expect(body.inviteUrl).toBe(`${ORIGIN}/invite/${body.token}`);
    expect(new Date(body.expiresAt).getTime()).toBe(TEST_NOW.getTime() + 3 * 24 * 3600_000 + INVITE_TTL_MS);
    expect((await t.request("GET", `/api/validate-invite/${old}`)).status).toBe(404);
    expect((await t.request("GET", `/api/validate-invite/${body.token}`)).status).toBe(200);
    const accepted = await t.request("POST", `/api/accept-invite/${body.token}`, { body: { nickname: "Newbie", email: "newbie@example.com", password: "Secret123" } });
    expect(accepted.status).toBe(200);
    // Accepted: nothing left to re-issue.
    expect((await t.request("POST", `/api/pending-invites/${await idOf(body.token)}/reissue`, { cookie: await t.cookieFor("admin@example.com") })).status).toBe(404);
  });

  test("the rule for creating applies: an administrator may not revoke or re-issue a staff invitation", async () => {
    const staff = await invite({ email: "boss@example.com", userType: "administrator" }, "owner@example.com");
    const id = await idOf(staff);
    const admin = await t.cookieFor("admin@example.com");
    expect((await t.request("DELETE", `/api/pending-invites/${id}`, { cookie: admin })).status).toBe(403);
    expect((await t.request("POST", `/api/pending-invites/${id}/reissue`, { cookie: admin })).status).toBe(403);
    expect((await t.request("GET", `/api/validate-invite/${staff}`)).status).toBe(200);
    expect((await t.request("POST", `/api/pending-invites/${id}/reissue`, { cookie: await t.cookieFor("owner@example.com") })).status).toBe(200);
  });

  test("an expired invitation cannot be re-issued (send a new one)", async () => {
    const token = await invite();
    t.setNow(new Date(TEST_NOW.getTime() + INVITE_TTL_MS));
    expect((await t.request("POST", `/api/pending-invites/${await idOf(token)}/reissue`, { cookie: await t.cookieFor("admin@example.com") })).status).toBe(404);
    expect((await t.request("DELETE", "/api/pending-invites/abc", { cookie: await t.cookieFor("admin@example.com") })).status).toBe(400);
  });
});
