// A person's language (issue #30): set on /account, carried by the session, spoken by the
// staff console, dashboard and account pages and their islands; an invitation passes the
// inviter's page language to the account it makes.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invites, users } from "../../../db/schema";
import { resetDb, TEST_NOW, TEST_PASSWORD } from "../../testing/db";
import { makeTestApp, ORIGIN, TEST_SECRETS, testManifest, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";
import { pseudoMessage } from "../../render/catalogues";
import { localeAssets } from "../../render/manifest";

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  prod = await makeTestApp({ env: { NODE_ENV: "production", ...TEST_SECRETS } });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const localeOf = async (email: string) => (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;
const setLocale = (app: TestApp, cookie: string, locale: string, headers: Record<string, string> = {}) =>
  app.request("POST", "/api/auth/preferences", { cookie, body: { locale }, headers });

describe("the account's language", () => {
  test("saving German on /account turns the console, the dashboard and the account page German on the next request", async () => {
    const owner = await t.cookieFor("owner@example.com");
    const booster = await t.cookieFor("booster@example.com");
    // Looked at first, so the session cache holds the English viewer.
    const before = await (await t.request("GET", "/admin", { cookie: owner })).text();
    expect(lang(before)).toBe("en");
    expect(title(before)).toBe("Admin Dashboard · Runboard");

    expect((await setLocale(t, owner, "de")).status).toBe(200);
    expect(await localeOf("owner@example.com")).toBe("de");

    const admin = await (await t.request("GET", "/admin", { cookie: owner })).text();
    expect(lang(admin)).toBe("de");
    expect(title(admin)).toBe("Admin-Dashboard · Runboard");
    // The islands' scripts are the German build.
    const scripts = scriptsOf(admin);
    const german = localeAssets(await testManifest(), "de");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => JSON.stringify(german).includes(s))).toBe(true);

    const account = await (await t.request("GET", "/account", { cookie: owner })).text();
    expect(lang(account)).toBe("de");
    expect(account).toContain("Dein Konto");
    expect(account).toContain("Sprache speichern");
    // The select shows the saved language, every language named in itself and marked as written in it.
    expect(account).toMatch(/<option value="de" lang="de" selected="">Deutsch<\/option>/);
    for (const [code, name] of [["en", "English"], ["fr", "Français"], ["es", "Español"], ["ru", "Русский"]]) expect(account).toContain(`lang="${code}">${name}</option>`);

    // Another person's pages are untouched.
    expect(lang(await (await t.request("GET", "/dashboard", { cookie: booster })).text())).toBe("en");
    expect((await setLocale(t, booster, "ru")).status).toBe(200);
    const dashboard = await (await t.request("GET", "/dashboard", { cookie: booster })).text();
    expect(lang(dashboard)).toBe("ru");
    expect(title(dashboard)).toBe("Панель бустера · Runboard");
  });

  test("public pages keep their URL's language whatever the account's", async () => {
    const owner = await t.cookieFor("owner@example.com");
    await setLocale(t, owner, "de");
    expect(lang(await (await t.request("GET", "/", { cookie: owner })).text())).toBe("en");
    expect(lang(await (await t.request("GET", "/ru/", { cookie: owner })).text())).toBe("ru");
  });

  test("a no-JavaScript post saves and comes back to /account, which says so", async () => {
    const owner = await t.cookieFor("owner@example.com");
    const res = await t.app.handle(new Request(`${ORIGIN}/api/auth/preferences`, {
      method: "POST", body: "locale=fr",
      headers: { cookie: owner, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account?saved=1");
    const page = await (await t.request("GET", "/account?saved=1", { cookie: owner })).text();
    expect(lang(page)).toBe("fr");
    expect(page).toContain("Votre langue a été enregistrée.");
  });

  test("a language that is not one of ours is refused, in the caller's language, and nothing changes", async () => {
    const owner = await t.cookieFor("owner@example.com");
    const english = await setLocale(t, owner, "klingon");
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({ message: "Choose one of the listed languages" });
    const german = await setLocale(t, owner, "xx", { "accept-language": "de-DE,de;q=0.9" });
    expect(await german.json()).toEqual({ message: "Wähle eine der aufgeführten Sprachen" });
    expect(await localeOf("owner@example.com")).toBe("en");
    // The column's own check holds too, whoever writes.
    const direct = await t.db.update(users).set({ locale: "xx" }).where(eq(users.email, "owner@example.com")).then(() => "written", () => "refused");
    expect(direct).toBe("refused");
  });

  test("the pseudo-locale is a preference in development, and refused in production", async () => {
    const owner = await t.cookieFor("owner@example.com");
    expect((await setLocale(t, owner, "en-XA")).status).toBe(200);
    const admin = await (await t.request("GET", "/admin", { cookie: owner })).text();
    expect(lang(admin)).toBe("en-XA");
    expect(title(admin)).toBe(`${pseudoMessage("Admin Dashboard")} · ${pseudoMessage("Runboard")}`);

    const prodOwner = await prod.cookieFor("owner@example.com");
    const refused = await setLocale(prod, prodOwner, "en-XA");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Choose one of the listed languages" });
    // A stored pseudo-locale (a development database) is not spoken in production either.
    expect(lang(await (await prod.request("GET", "/admin", { cookie: prodOwner })).text())).toBe("en");
  });

  test("a pending account picks its language too", async () => {
    const u = await makeUser(t.db, { role: "administrator", status: "pending", nickname: null });
    const cookie = await t.cookieFor(u.email);
    expect((await setLocale(t, cookie, "es")).status).toBe(200);
    const page = await (await t.request("GET", "/complete-profile", { cookie })).text();
    expect(lang(page)).toBe("es");
  });
});

describe("an invitation's language", () => {
  test("is the inviter's page language, and becomes the new account's", async () => {
    const owner = await t.cookieFor("owner@example.com");
    const res = await t.request("POST", "/api/invites", {
      cookie: owner, headers: { "accept-language": "ru" }, body: { email: "novice@example.com", userType: "administrator" },
    });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    expect((await t.db.select({ locale: invites.locale }).from(invites).where(eq(invites.email, "novice@example.com")))[0]?.locale).toBe("ru");
    const made = await t.request("POST", `/api/auth/register/${token}`, { body: { email: "novice@example.com", nickname: "Novice", password: TEST_PASSWORD } });
    expect(made.status).toBeLessThan(300);
    expect(await localeOf("novice@example.com")).toBe("ru");
  });

  test("may be chosen in the request, and without either is English", async () => {
    const owner = await t.cookieFor("owner@example.com");
    await t.request("POST", "/api/invites", { cookie: owner, body: { email: "chosen@example.com", userType: "administrator", locale: "es" } });
    await t.request("POST", "/api/invites", { cookie: owner, body: { email: "plain@example.com", userType: "administrator" } });
    const rows = await t.db.select({ email: invites.email, locale: invites.locale }).from(invites);
    expect(rows.find((r) => r.email === "chosen@example.com")?.locale).toBe("es");
    expect(rows.find((r) => r.email === "plain@example.com")?.locale).toBe("en");
  });
});

/** The module scripts a page loads. */
const scriptsOf = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
