import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import {
  administrators, boosterGames, boosters, challengeModeRuns, desertPerpetualRuns, owners, raidRuns, users,
} from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";
import { availableCounts } from "../games/service";
import type { UserListItem } from "../../shared/schemas/users";
import type { Role } from "../../shared/enums";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
beforeEach(async () => {
  await resetDb();
  // A second administrator and a second owner, so the matrix acts on other people.
  await addUser("admin2@example.com", "administrator", "Admin Two");
  await addUser("owner2@example.com", "owner", "Owner Two");
});

async function addUser(email: string, role: Role, nickname: string, status: "active" | "pending" = "active"): Promise<number> {
  return (await makeUser(t.db, { email, role, nickname, status })).id;
}

async function idOf(email: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

async function row(email: string) {
  const [u] = await t.db.select().from(users).where(eq(users.email, email));
  return u!;
}

type Actor = "anonymous" | "booster" | "administrator" | "owner";
const ACTOR_EMAIL: Record<Exclude<Actor, "anonymous">, string> = {
  booster: "booster@example.com", administrator: "admin@example.com", owner: "owner@example.com",
};
const cookieOf = async (a: Actor) => (a === "anonymous" ? null : t.cookieFor(ACTOR_EMAIL[a]));

type TargetKind = "booster" | "administrator" | "owner";
const TARGET_EMAIL: Record<TargetKind, string> = {
  booster: "booster2@example.com", administrator: "admin2@example.com", owner: "owner2@example.com",
};

// The owner manages anyone; an administrator boosters only; boosters nobody;
// anonymous callers are told to sign in.
const MATRIX: [Actor, TargetKind, number][] = [
  ["anonymous", "booster", 401], ["anonymous", "administrator", 401], ["anonymous", "owner", 401],
  ["booster", "booster", 403], ["booster", "administrator", 403], ["booster", "owner", 403],
  ["administrator", "booster", 200], ["administrator", "administrator", 403], ["administrator", "owner", 403],
  ["owner", "booster", 200], ["owner", "administrator", 200], ["owner", "owner", 200],
];

describe("permission matrix: users API", () => {
  test.each([["anonymous", 401], ["booster", 403], ["administrator", 200], ["owner", 200]] as [Actor, number][])(
    "GET /api/users as %s -> %d", async (actor, expected) => {
      const res = await t.request("GET", "/api/users", { cookie: await cookieOf(actor) });
      expect(res.status).toBe(expected);
      const body = await res.json();
      if (expected === 200) expect((body as UserListItem[]).map((u) => u.email)).toContain("booster2@example.com");
      else expect(body).toEqual({ message: expected === 401 ? "Unauthorized" : "Forbidden" });
    });

  test.each(MATRIX)("PATCH /api/users/{id}: %s on a(n) %s -> %d", async (actor, target, expected) => {
    const email = TARGET_EMAIL[target];
    const before = await row(email);
    const res = await t.request("PATCH", `/api/users/${before.id}`, {
      cookie: await cookieOf(actor), body: { nickname: "Renamed", status: "active" },
    });
    expect(res.status).toBe(expected);
    const after = await row(email);
    if (expected === 200) {
      expect(((await res.json()) as UserListItem).nickname).toBe("Renamed");
      expect(after.nickname).toBe("Renamed");
    } else {
      expect(after.nickname).toBe(before.nickname);
    }
  });

  test.each(MATRIX)("DELETE /api/users/{id}: %s on a(n) %s -> %d", async (actor, target, expected) => {
    const email = TARGET_EMAIL[target];
    const id = await idOf(email);
    const res = await t.request("DELETE", `/api/users/${id}`, { cookie: await cookieOf(actor) });
    expect(res.status).toBe(expected);
    expect((await row(email)).deletedAt === null).toBe(expected !== 200);
  });
});

describe("GET /api/users", () => {
  test("lists live users with booster games and never password hashes or tokens", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    await t.db.update(users).set({ passwordResetToken: "secret-reset-token", emailVerificationToken: "secret-verify" })
      .where(eq(users.email, "booster@example.com"));
    await t.db.update(users).set({ deletedAt: TEST_NOW }).where(eq(users.email, "admin2@example.com"));
    const res = await t.request("GET", "/api/users", { cookie });
    const text = await res.text();
    expect(text).not.toContain("secret-");
    expect(text).not.toContain("argon2");
    expect(text).not.toMatch(/passwordHash|Token/);
    const list = JSON.parse(text) as UserListItem[];
    expect(list.map((u) => u.email)).not.toContain("admin2@example.com");
    const b1 = list.find((u) => u.email === "booster@example.com")!;
    expect(b1.booster).toEqual({ id: expect.any(Number), boosterId: "BB-1001", gameIds: [1, 3, 4] });
    expect(b1.role).toBe("booster");
    expect(list.find((u) => u.email === "owner@example.com")!.booster).toBeNull();
    expect(typeof b1.createdAt).toBe("string");
  });
});

describe("PATCH /api/users/{id}", () => {
  const patch = async (actorEmail: string, targetEmail: string, body: unknown) =>
    t.request("PATCH", `/api/users/${await idOf(targetEmail)}`, { cookie: await t.cookieFor(actorEmail), body });

  test("nickname rules: 2 to 30 characters", async () => {
    const short = await patch("owner@example.com", "booster2@example.com", { nickname: "x", status: "active" });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Nickname must be at least 2 characters" });
    const long = await patch("owner@example.com", "booster2@example.com", { nickname: "x".repeat(31), status: "active" });
    expect(await long.json()).toEqual({ message: "Nickname must be less than 30 characters" });
    const bad = await patch("owner@example.com", "booster2@example.com", { nickname: "Fine", status: "asleep" });
    expect(bad.status).toBe(400);
  });

  test("a booster's games are replaced as a whole; an unknown game changes nothing", async () => {
    const res = await patch("admin@example.com", "booster2@example.com", { nickname: "Sunfire", status: "active", gameIds: [3, 4] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as UserListItem).booster!.gameIds).toEqual([3, 4]);
    const bad = await patch("admin@example.com", "booster2@example.com", { nickname: "Sunfire", status: "active", gameIds: [2, 999] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "One or more selected games do not exist." });
    const links = await t.db.select({ gameId: boosterGames.gameId }).from(boosterGames)
      .innerJoin(boosters, eq(boosters.id, boosterGames.boosterId)).where(eq(boosters.boosterId, "BB-1002"));
    expect(links.map((l) => l.gameId).sort()).toEqual([3, 4]);
  });

  test("only the owner changes roles, never a booster's; an administrator's role payload is refused", async () => {
    const byAdmin = await patch("admin@example.com", "booster2@example.com", { nickname: "Sunfire", status: "active", role: "owner" });
    expect(byAdmin.status).toBe(403);
    expect((await row("booster2@example.com")).role).toBe("booster");
    const onBooster = await patch("owner@example.com", "booster2@example.com", { nickname: "Sunfire", status: "active", role: "administrator" });
    expect(onBooster.status).toBe(403);
    const promote = await patch("owner@example.com", "admin2@example.com", { nickname: "Admin Two", status: "active", role: "owner" });
    expect(promote.status).toBe(200);
    expect((await row("admin2@example.com")).role).toBe("owner");
    const id = await idOf("admin2@example.com");
    expect(await t.db.select().from(owners).where(eq(owners.userId, id))).toHaveLength(1);
    expect(await t.db.select().from(administrators).where(eq(administrators.userId, id))).toHaveLength(0);
  });

  test("the last owner keeps the owner role", async () => {
    await t.db.update(users).set({ deletedAt: TEST_NOW }).where(eq(users.email, "owner2@example.com"));
    const res = await patch("owner@example.com", "owner@example.com", { nickname: "Owner", status: "active", role: "administrator" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The last owner must keep the owner role." });
    expect((await row("owner@example.com")).role).toBe("owner");
  });

  test("deactivating a user ends their sessions at once; reactivating lets them sign in again", async () => {
    const boosterCookie = await t.cookieFor("booster2@example.com");
    expect((await t.request("GET", "/dashboard", { cookie: boosterCookie })).status).toBe(200);
    const res = await patch("admin@example.com", "booster2@example.com", { nickname: "Sunfire", status: "inactive" });
    expect(res.status).toBe(200);
    expect((await row("booster2@example.com")).status).toBe("inactive");
    expect((await t.request("GET", "/dashboard", { cookie: boosterCookie })).status).toBe(303);
    await patch("admin@example.com", "booster2@example.com", { nickname: "Sunfire", status: "active" });
    expect((await row("booster2@example.com")).status).toBe("active");
    // The old session stays ended; only a new sign-in gets in.
    expect((await t.request("GET", "/dashboard", { cookie: boosterCookie })).status).toBe(303);
    expect((await t.request("GET", "/dashboard", { cookie: await t.cookieFor("booster2@example.com") })).status).toBe(200);
  });

  test("nobody deactivates themselves", async () => {
    const res = await patch("owner@example.com", "owner@example.com", { nickname: "Owner", status: "inactive" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "You cannot deactivate your own account." });
  });

  test("an unchanged switch keeps a pending user pending", async () => {
    await addUser("new@example.com", "administrator", "Newbie", "pending");
    const res = await patch("owner@example.com", "new@example.com", { nickname: "Newbie", status: "active" });
    expect(res.status).toBe(200);
    expect((await row("new@example.com")).status).toBe("pending");
  });

  test("unknown and malformed ids", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const missing = await t.request("PATCH", "/api/users/99999", { cookie, body: { nickname: "Ghost", status: "active" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "User not found" });
    const bad = await t.request("PATCH", "/api/users/abc", { cookie, body: { nickname: "Ghost", status: "active" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Invalid id" });
  });
});

describe("DELETE /api/users/{id}", () => {
  test("deleting a booster expires all their runs, removes them from the public counts and ends their session", async () => {
    const boosterCookie = await t.cookieFor("booster@example.com");
    const [b] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"));
    const runsOf = async () => [
      ...(await t.db.select({ s: raidRuns.status }).from(raidRuns).where(eq(raidRuns.boosterId, b!.id))),
      ...(await t.db.select({ s: challengeModeRuns.status }).from(challengeModeRuns).where(eq(challengeModeRuns.boosterId, b!.id))),
      ...(await t.db.select({ s: desertPerpetualRuns.status }).from(desertPerpetualRuns).where(eq(desertPerpetualRuns.boosterId, b!.id))),
    ];
    expect((await runsOf()).some((r) => r.s === "available")).toBe(true);
    const challengeBefore = (await availableCounts(t.db, TEST_NOW)).get(4) ?? 0;
    expect(challengeBefore).toBeGreaterThan(0);

    const res = await t.request("DELETE", `/api/users/${await idOf("booster@example.com")}`, { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(200);

    const after = await runsOf();
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.s === "expired")).toBe(true);
    // Only BB-1001 runs challenge modes in the seed, so none stay public.
    expect((await availableCounts(t.db, TEST_NOW)).get(4) ?? 0).toBe(0);
    const publicRuns = (await (await t.request("GET", "/api/runs")).json()) as { booster: { boosterId: string } }[];
    expect(publicRuns.some((r) => r.booster.boosterId === "BB-1001")).toBe(false);
    // The session ends at once and the account is gone from the list.
    expect((await t.request("GET", "/dashboard", { cookie: boosterCookie })).status).toBe(303);
    const list = (await (await t.request("GET", "/api/users", { cookie: await t.cookieFor("owner@example.com") })).json()) as UserListItem[];
    expect(list.map((u) => u.email)).not.toContain("booster@example.com");
    const u = await row("booster@example.com");
    expect(u.status).toBe("inactive");
    expect(u.deletedAt).not.toBeNull();
    // The other booster's runs are untouched.
    const [b2] = await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1002"));
    const other = await t.db.select({ s: raidRuns.status }).from(raidRuns).where(and(eq(raidRuns.boosterId, b2!.id), eq(raidRuns.status, "available")));
    expect(other.length).toBeGreaterThan(0);
  });

  test("a deleted user cannot sign in again", async () => {
    const login = () => t.request("POST", "/api/auth/login", { body: { email: "booster2@example.com", password: "Runboard123" } });
    // Control: the same credentials work before the deletion.
    const before = await login();
    expect(before.status).toBe(200);
    expect(before.headers.get("set-cookie") ?? "").toContain("runboard_session=");
    await t.request("DELETE", `/api/users/${await idOf("booster2@example.com")}`, { cookie: await t.cookieFor("owner@example.com") });
    const after = await login();
    expect(after.status).toBe(401);
    expect(after.headers.get("set-cookie") ?? "").not.toContain("runboard_session=ey");
  });

  test("nobody deletes themselves; the owner cannot be removed by deleting", async () => {
    const res = await t.request("DELETE", `/api/users/${await idOf("owner@example.com")}`, { cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "You cannot delete your own account." });
    expect((await row("owner@example.com")).deletedAt).toBeNull();
  });

  test("the last remaining owner cannot be deleted by anyone", async () => {
    const first = await t.request("DELETE", `/api/users/${await idOf("owner@example.com")}`, { cookie: await t.cookieFor("owner2@example.com") });
    expect(first.status).toBe(200);
    const lastOwner = await idOf("owner2@example.com");
    const byAdmin = await t.request("DELETE", `/api/users/${lastOwner}`, { cookie: await t.cookieFor("admin@example.com") });
    expect(byAdmin.status).toBe(403);
    const bySelf = await t.request("DELETE", `/api/users/${lastOwner}`, { cookie: await t.cookieFor("owner2@example.com") });
    expect(bySelf.status).toBe(400);
    expect(await bySelf.json()).toEqual({ message: "The last owner cannot be deleted." });
    expect((await row("owner2@example.com")).deletedAt).toBeNull();
  });

  test("deleting an unknown or already deleted user is a 404", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const id = await idOf("booster2@example.com");
    expect((await t.request("DELETE", `/api/users/${id}`, { cookie })).status).toBe(200);
    const again = await t.request("DELETE", `/api/users/${id}`, { cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "User not found" });
  });
});
