// Control characters in text fields are a 400 with the field's message and
// change nothing (PostgreSQL used to fail on NUL: a 500), and an unexpected error's log
// line never carries the failed query's parameters.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { eq } from "drizzle-orm";
import { invites, users } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { T } from "../shared/text";
import { errors } from "./errorAnswers";
import { captureConsoleErrors } from "../testing/log";

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

describe("the log of an unexpected error", () => {
  const SECRET_HASH = "$argon2id$v=19$m=65536,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";
  const log = captureConsoleErrors();

  test("names the error and its code, never the failed query's parameters", async () => {
    // A write PostgreSQL refuses (NUL in text, 22021) with a password hash among its parameters.
    const app = new Elysia().use(errors()).post("/fail", async () => {
      await t.db.insert(users).values({ email: "nul@example.com", nickname: "a\u0000b", passwordHash: SECRET_HASH, role: "booster" });
      return { ok: true };
    });
    const res = await app.handle(new Request(`${ORIGIN}/fail`, { method: "POST" }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: T.validation.serverError });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain("22021");
    expect(log.lines[0]).not.toContain("argon2");
    expect(log.lines[0]).not.toContain("nul@example.com");
    expect(log.lines[0]).not.toContain("params");
    expect(log.lines[0]).not.toContain("insert into");
  });
});
