// Control characters and broken UTF-16 in text fields are a 400 with the field's message and
// change nothing (PostgreSQL used to fail on them: a 500), a returnTo can never break the
// redirect after sign-in, a value the database refuses is a 400, and an unexpected error's
// log line never carries the failed query's parameters. (oddInputSweep.test.ts sweeps every field.)
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { eq } from "drizzle-orm";
import { auditEvents, games, invites, userSessions, users } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { T } from "../shared/text";
import { errors } from "./errorAnswers";
import { captureConsoleErrors } from "../testing/log";
import { databaseChecksum } from "../testing/checksum";
import { safeReturnTo } from "../domain/access";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { TEST_NOW, TEST_PASSWORD } from "../testing/db";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); }, 60_000); // the first test app builds the island bundle
beforeEach(async () => { await resetDb({ runs: false }); });

const invite = { email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [1], message: "Welcome aboard!\nSee you soon." };
const nicknameOf = async (email: string) => (await t.db.select({ n: users.nickname }).from(users).where(eq(users.email, email)))[0]!.n;

describe("control characters", () => {
  test("a NUL in a nickname is a 400 with the nickname message, and the nickname stays", async () => {
    const before = await nicknameOf("booster@example.com");
    const [target] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"));
    const edit = await t.request("PATCH", `/api/users/${target!.id}`, {
      body: { nickname: "Bad\u0000Name", status: "active" }, cookie: await t.cookieFor("owner@example.com"),
    });
    expect(edit.status).toBe(400);
    expect(await edit.json()).toEqual({ message: T.validation.nicknameInvalid });
    const profile = await t.request("POST", "/api/complete-profile", {
      body: { nickname: "Esc\u001bName" }, cookie: await t.cookieFor("booster@example.com"),
    });
    expect(profile.status).toBe(400);
    expect(await profile.json()).toEqual({ message: T.validation.nicknameInvalid });
    expect(await nicknameOf("booster@example.com")).toBe(before);
  });

  test("a NUL in an invite's message or booster id is a 400 with that field's message, and no invite is made", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    const message = await t.request("POST", "/api/invites", { body: { ...invite, message: "Hi\u0000there" }, cookie });
    expect(message.status).toBe(400);
    expect(await message.json()).toEqual({ message: T.validation.messageInvalid });
    const boosterId = await t.request("POST", "/api/invites", { body: { ...invite, boosterUserId: "BB\u00002001" }, cookie });
    expect(boosterId.status).toBe(400);
    expect(await boosterId.json()).toEqual({ message: T.validation.boosterIdInvalid });
    expect(await t.db.select().from(invites)).toEqual([]);
    // Ordinary line breaks in the multi-line message are fine.
    const ok = await t.request("POST", "/api/invites", { body: invite, cookie });
    expect(ok.status).toBe(201);
  });
});

describe("the five inputs that answered 500", () => {
  const unchanged = async (run: () => Promise<void>) => {
    const before = await databaseChecksum(t.db, { schema: "public", sequences: false });
    await run();
    expect(await databaseChecksum(t.db, { schema: "public", sequences: false })).toEqual(before);
  };

  test("a NUL in a run-list search is a 400 saying so", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    for (const path of ["/api/runs", "/api/challenge-mode-runs", "/api/desert-perpetual-runs"]) {
      const res = await t.request("GET", `${path}?q=%00`, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: T.validation.searchInvalid });
    }
  });

  test("a NUL in a webhook URL is a 400 and saves nothing", async () => {
    const [game] = await t.db.select({ slug: games.slug }).from(games).limit(1);
    const cookie = await t.cookieFor("owner@example.com");
    await unchanged(async () => {
      const res = await t.request("PUT", `/api/games/${game!.slug}/webhook`, { body: { url: "https://discord.com/api/webhooks/1234/ab\u0000cd" }, cookie });
      expect(res.status).toBe(400);
    });
  });

  test("an unpaired surrogate in an invite's booster ID is a 400 with that field's message, and no invite is made", async () => {
    const res = await t.request("POST", "/api/invites", { body: { ...invite, boosterUserId: "BB-\ud8002001" }, cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: T.validation.boosterIdInvalid });
    expect(await t.db.select().from(invites)).toEqual([]);
  });

  test("an unpaired surrogate in a nickname is a 400 with the nickname message, and nothing changes", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster2@example.com"));
    const pending = await t.cookieFor("booster2@example.com");
    const owner = await t.cookieFor("owner@example.com");
    const [target] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"));
    await unchanged(async () => {
      for (const nickname of ["ab\ud800", "\udc00ab", "ab\ud800\ud800"]) {
        const profile = await t.request("POST", "/api/complete-profile", { body: { nickname }, cookie: pending });
        expect(profile.status).toBe(400);
        expect(await profile.json()).toEqual({ message: T.validation.nicknameInvalid });
        const edit = await t.request("PATCH", `/api/users/${target!.id}`, { body: { nickname, status: "active" }, cookie: owner });
        expect(edit.status).toBe(400);
        expect(await edit.json()).toEqual({ message: T.validation.nicknameInvalid });
      }
    });
    // A whole surrogate pair (an emoji) is ordinary text.
    expect((await t.request("POST", "/api/complete-profile", { body: { nickname: "Ab😀" }, cookie: pending })).status).toBe(200);
  });

  const formLogin = (returnTo: string) => t.app.handle(new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", origin: ORIGIN },
    body: `email=owner%40example.com&password=${TEST_PASSWORD}&returnTo=${returnTo}`,
  }));
  const sessionCount = async () => (await t.db.select({ id: userSessions.id }).from(userSessions)).length;

  test("a non-ASCII returnTo on the no-JavaScript sign-in form lands there, percent-encoded", async () => {
    const res = await formLogin("%2F%E3%80%82x");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/%E3%80%82x");
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  test("a returnTo the form refuses is refused before anyone is signed in", async () => {
    const before = await sessionCount();
    const res = await formLogin("%2Fadmin%00x");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toStartWith("/auth?");
    expect(res.headers.get("location")).toContain("error=");
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(await sessionCount()).toBe(before);
  });

  test("safeReturnTo: only paths on this site, anything a header cannot carry percent-encoded", () => {
    expect(safeReturnTo("/%E3%80%82x")).toBe("/%E3%80%82x");
    expect(safeReturnTo("/。x")).toBe("/%E3%80%82x");
    expect(safeReturnTo("/a b\"c\\d?e=f#g")).toBe("/a%20b%22c%5Cd?e=f#g");
    expect(safeReturnTo("/\u202Eevil")).toBe("/%E2%80%AEevil");
    expect(safeReturnTo("/ab\ud800", "/home")).toBe("/home");
    expect(safeReturnTo("/a\r\nSet-Cookie: x", "/home")).toBe("/home");
    expect(safeReturnTo("//evil.example", "/home")).toBe("/home");
    expect(safeReturnTo("/\\evil.example", "/home")).toBe("/home");
    expect(safeReturnTo("https://evil.example", "/home")).toBe("/home");
    // What it answers is a valid header value, whatever it was given.
    for (const odd of ["/\u00e9", "/😀", "/\u202E", "/%zz", "/x".repeat(900)]) expect(() => new Headers({ location: safeReturnTo(odd) })).not.toThrow();
  });
});

describe("a value the database refuses is a 400 (the last guard behind the field rules)", () => {
  // Straight to the database, past every schema, on whichever driver the tests run (PGlite or postgres.js).
  const refusing = new Elysia().use(errors())
    .post("/nul", async () => {
      await t.db.insert(users).values({ email: "nul@example.com", nickname: "a\u0000b", role: "booster" });
      return { ok: true };
    })
    .post("/jsonb", async () => {
      await t.db.insert(auditEvents).values({ at: TEST_NOW, action: "user.update", entityType: "user", entityId: "1", changes: { nickname: [null, "ab\ud800"] } });
      return { ok: true };
    });

  for (const [path, sqlState] of [["/nul", "22021"], ["/jsonb", "22P02 or 22P05"]] as const) {
    test(`${path}: ${sqlState} answers 400 with a clear message and changes nothing`, async () => {
      const before = await databaseChecksum(t.db, { schema: "public", sequences: false });
      const warn = console.warn;
      const warned: string[] = [];
      console.warn = (...args: unknown[]) => { warned.push(args.map(String).join(" ")); };
      try {
        const res = await refusing.handle(new Request(`${ORIGIN}${path}`, { method: "POST" }));
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: T.validation.valueInvalid });
      } finally {
        console.warn = warn;
      }
      // Logged as a warning (a field rule is missing), without the value.
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatch(/22021|22P02|22P05/);
      expect(warned[0]).not.toContain("nul@example.com");
      expect(await databaseChecksum(t.db, { schema: "public", sequences: false })).toEqual(before);
    });
  }
});

describe("the log of an unexpected error", () => {
  const SECRET_HASH = "$argon2id$v=19$m=65536,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";
  const log = captureConsoleErrors();

  test("names the error and its code, never the failed query's parameters", async () => {
    // A write PostgreSQL refuses (a duplicate email, 23505) with a password hash among its parameters.
    const app = new Elysia().use(errors()).post("/fail", async () => {
      await t.db.insert(users).values({ email: "owner@example.com", nickname: "Twin", passwordHash: SECRET_HASH, role: "booster" });
      return { ok: true };
    });
    const res = await app.handle(new Request(`${ORIGIN}/fail`, { method: "POST" }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: T.validation.serverError });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain("23505");
    expect(log.lines[0]).not.toContain("argon2");
    expect(log.lines[0]).not.toContain("owner@example.com");
    expect(log.lines[0]).not.toContain("params");
    expect(log.lines[0]).not.toContain("insert into");
  });
});
