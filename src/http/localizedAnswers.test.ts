// API errors speak the caller's language (Accept-Language, which the islands set to their
// page's), English when the caller names none or only languages we lack: field rules (zod
// messages fixed at module load), account errors (also fixed) and errors made during the request.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { resetDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(() => resetDb({ runs: false }));

const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const login = (body: unknown, language?: string) =>
  t.request("POST", "/api/auth/login", { body, headers: language ? { "accept-language": language } : {} });

describe("API errors in the caller's language", () => {
  test("a German caller gets German field rules and German refusals", async () => {
    const de = "de-DE,de;q=0.9,en;q=0.5";
    const badEmail = await login({ email: "not-an-address", password: "x" }, de);
    expect(badEmail.status).toBe(400);
    expect(await message(badEmail)).toBe("Ungültige E-Mail-Adresse");
    expect(await message(await login({ email: "booster@example.com", password: "Wrong-Pass1" }, de))).toBe("Anmeldung fehlgeschlagen. Bitte prüfe deine Zugangsdaten.");
    // Made during the request: the guard's refusal and a service's domain error.
    expect(await message(await t.request("GET", "/api/auth/user", { headers: { "accept-language": de } }))).toBe("Nicht autorisiert");
    const alert = await t.request("POST", "/api/alerts", { body: { email: "v@example.com", type: "spot", run: "NOPE-1" }, headers: { "accept-language": de } });
    expect(alert.status).toBe(400);
    expect(await message(alert)).toBe("Diesen Run gibt es nicht");
  });

  test("a Russian caller gets Russian", async () => {
    expect(await message(await login({ email: "nope", password: "x" }, "ru"))).toBe("Некорректный адрес эл. почты");
  });

  test("no header, or only languages we lack, gives English", async () => {
    expect(await message(await login({ email: "not-an-address", password: "x" }))).toBe("Invalid email address");
    expect(await message(await login({ email: "not-an-address", password: "x" }, "ja-JP,ja;q=0.9,zh;q=0.8"))).toBe("Invalid email address");
    expect(await message(await login({ email: "booster@example.com", password: "Wrong-Pass1" }, "pt-BR"))).toBe("Login failed. Please check your credentials.");
    expect(await message(await t.request("GET", "/api/auth/user"))).toBe("Unauthorized");
  });

  test("a signed-in German account's API calls still follow the header, not the account", async () => {
    const cookie = await t.cookieFor("owner@example.com");
    await t.request("POST", "/api/auth/preferences", { cookie, body: { locale: "de" } });
    const english = await t.request("POST", "/api/auth/preferences", { cookie, body: { locale: "xx" } });
    expect(await message(english)).toBe("Choose one of the listed languages");
    const french = await t.request("POST", "/api/auth/preferences", { cookie, body: { locale: "xx" }, headers: { "accept-language": "fr" } });
    expect(await message(french)).toBe("Choisissez l’une des langues proposées");
  });
});
