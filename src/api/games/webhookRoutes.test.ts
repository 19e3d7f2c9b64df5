import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { gameWebhooks } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { captureLog } from "../../testing/log";
import { T } from "../../shared/text";
import { rows } from "../../../db/rows";
import { freshSecrets } from "../../config/secretRules";
import { parseConfig } from "../../config/appConfig";
import { openWebhookUrl } from "../../announce/webhookSecret";
import { sealLegacyWebhooks } from "./webhooks";

const HOOK = "https://discord.com/api/webhooks/123456/Sup3r-Secret-T0ken-a1B2";
const DISCORD_ONLY = T.webhook.discordOnly;
let t: TestApp;
let log: ReturnType<typeof captureLog>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  log = captureLog();
  t = await makeTestApp({ logger: log.logger });
}, 60_000);
beforeEach(async () => {
  await resetDb();
  log.lines.length = 0;
  for (const who of ["owner", "admin", "booster"] as const) cookies[who] = await t.cookieFor(`${who}@example.com`);
});

const call = async (who: string | null, method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { body, cookie: who ? cookies[who] : null });
  return { status: res.status, text: await res.text() };
};

describe("a game's Discord webhook", () => {
  test("the owner sets it and every answer after carries only its last 4 characters", async () => {
    const put = await call("owner", "PUT", "/api/games/1/webhook", { url: HOOK });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text)).toEqual({ gameId: 1, webhookHint: "a1B2" });
    const [stored] = await t.db.select().from(gameWebhooks).where(eq(gameWebhooks.gameId, 1));
    expect(openWebhookUrl(t.config.dataKey, 1, stored!.urlSealed)).toBe(HOOK);
    const hints = await call("owner", "GET", "/api/game-webhooks");
    expect(JSON.parse(hints.text)).toContainEqual({ gameId: 1, webhookHint: "a1B2" });
    expect(JSON.parse(hints.text)).toContainEqual({ gameId: 2, webhookHint: null });
    // Nowhere else either: game lists, the admin page, public pages, the API document.
    for (const path of ["/api/game-webhooks", "/api/games", "/api/games-hierarchy", "/admin?tab=games", "/", "/api/openapi.json"]) {
      const res = await call("owner", "GET", path);
      expect({ path, status: res.status, leaked: res.text.includes("Sup3r-Secret") }).toEqual({ path, status: 200, leaked: false });
    }
    // The Games tab shows the owner the hint.
    expect((await call("owner", "GET", "/admin?tab=games")).text).toContain("a1B2");
    expect(await log.text()).not.toContain("Sup3r-Secret");
  });

  test("the URL is stored sealed: the row holds no part of it but the hint, and only DATA_ENCRYPTION_KEY opens it, for its own game", async () => {
    await call("owner", "PUT", "/api/games/1/webhook", { url: HOOK });
    const raw = await rows<Record<string, unknown>>(t.db, sql`select * from game_webhooks`);
    const text = JSON.stringify(raw);
    for (const part of ["discord", "webhooks", "123456", "Sup3r-Secret", "T0ken"]) expect({ part, found: text.includes(part) }).toEqual({ part, found: false });
    expect(raw[0]!.hint).toBe("a1B2");
    const sealed = raw[0]!.url_sealed as string;
    expect(openWebhookUrl(t.config.dataKey, 1, sealed)).toBe(HOOK);
    expect(openWebhookUrl(freshSecrets().DATA_ENCRYPTION_KEY, 1, sealed)).toBeNull();
    // Copied onto another game's row, it does not open there.
    expect(openWebhookUrl(t.config.dataKey, 2, sealed)).toBeNull();
  });

  test("URLs stored in the clear before sealing are sealed at start-up, once", async () => {
    const legacy = "https://discord.com/api/webhooks/777/Old-Clear-T0ken-zz42";
    await t.db.execute(sql`insert into game_webhooks (game_id, url_sealed, hint) values (2, ${legacy}, 'zz42')`);
    await call("owner", "PUT", "/api/games/1/webhook", { url: HOOK });
    const sealedBefore = (await rows<{ url_sealed: string }>(t.db, sql`select url_sealed from game_webhooks where game_id = 1`))[0]!.url_sealed;
    expect(await sealLegacyWebhooks(t.db, t.config.dataKey)).toBe(1);
    expect(await sealLegacyWebhooks(t.db, t.config.dataKey)).toBe(0);
    const after = await rows<{ game_id: number; url_sealed: string }>(t.db, sql`select game_id, url_sealed from game_webhooks order by game_id`);
    expect(JSON.stringify(after)).not.toContain("Old-Clear");
    expect(after[0]!.url_sealed).toBe(sealedBefore);
    expect(openWebhookUrl(t.config.dataKey, 2, after[1]!.url_sealed)).toBe(legacy);
    expect(JSON.parse((await call("owner", "GET", "/api/game-webhooks")).text)).toContainEqual({ gameId: 2, webhookHint: "zz42" });
  });

  test("replacing and clearing it", async () => {
    await call("owner", "PUT", "/api/games/1/webhook", { url: HOOK });
    expect(JSON.parse((await call("owner", "PUT", "/api/games/1/webhook", { url: "https://discord.com/api/webhooks/99/zz99" })).text).webhookHint).toBe("zz99");
    const del = await call("owner", "DELETE", "/api/games/1/webhook");
    expect(del.status).toBe(200);
    expect(JSON.parse(del.text)).toEqual({ gameId: 1, webhookHint: null });
    expect(await t.db.select().from(gameWebhooks)).toEqual([]);
  });

  test("administrators, boosters and visitors are refused before the body is read", async () => {
    for (const [who, status] of [["admin", 403], ["booster", 403], [null, 401]] as const) {
      expect((await call(who, "PUT", "/api/games/1/webhook", { url: HOOK })).status).toBe(status);
      // An unreadable body changes nothing: the role is checked first.
      expect((await call(who, "PUT", "/api/games/1/webhook", "not json")).status).toBe(status);
      expect((await call(who, "DELETE", "/api/games/1/webhook")).status).toBe(status);
      expect((await call(who, "GET", "/api/game-webhooks")).status).toBe(status);
    }
    expect(await t.db.select().from(gameWebhooks)).toEqual([]);
  });

  test("only Discord webhook URLs are accepted, without credentials, port or control characters; the game must exist", async () => {
    const refused = async (url: unknown) => {
      const res = await call("owner", "PUT", "/api/games/1/webhook", { url });
      return { url, status: res.status, message: JSON.parse(res.text).message };
    };
    for (const host of ["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com", "ptb.discordapp.com", "canary.discordapp.com"]) {
      expect({ host, status: (await call("owner", "PUT", "/api/games/1/webhook", { url: `https://${host}/api/webhooks/1234/Tok_en-9` })).status }).toEqual({ host, status: 200 });
    }
    const cases: [string, string][] = [
      ["https://127.0.0.1:5432/", T.webhook.noPort],
      ["https://127.0.0.1/api/webhooks/1/x", DISCORD_ONLY],
      ["https://169.254.169.254/latest/meta-data", DISCORD_ONLY],
      ["https://10.0.0.1/", DISCORD_ONLY],
      ["https://[fd00::1]/", DISCORD_ONLY],
      ["https://example.com/hook/zz99", DISCORD_ONLY],
      ["https://discord.com.evil.example/api/webhooks/1/x", DISCORD_ONLY],
      ["https://discord.com/api/other/1/x", DISCORD_ONLY],
      ["https://discord.com/api/webhooks/1/x?host=10.0.0.1", DISCORD_ONLY],
      ["https://user:pass@discord.com/api/webhooks/1/x", T.webhook.noCredentials],
      ["https://discord.com:8443/api/webhooks/1/x", T.webhook.noPort],
      ["https://discord.com/api/webhooks/1/x\u0000", T.webhook.badCharacters],
      ["https://discord.com/api/webhooks/1/\ud800x", T.webhook.badCharacters],
      ["https://discord.com/api/web\nhooks/1/x", T.webhook.badCharacters],
      ["http://discord.com/api/webhooks/1/x", T.webhook.httpsOnly],
      ["ftp://example.com/x", T.webhook.httpsOnly],
      // This machine over plain http only with the development and test switch (off here).
      ["http://127.0.0.1:9/hook", T.webhook.httpsOnly],
      ["not a url", T.webhook.urlInvalid],
      ["", T.webhook.urlRequired],
      [`https://discord.com/${"x".repeat(500)}`, T.webhook.urlTooLong],
    ];
    for (const [url, message] of cases) expect(await refused(url)).toEqual({ url, status: 400, message });
    expect((await call("owner", "PUT", "/api/games/999/webhook", { url: HOOK })).status).toBe(404);
    const [row] = await t.db.select().from(gameWebhooks).where(eq(gameWebhooks.gameId, 1));
    expect(openWebhookUrl(t.config.dataKey, 1, row!.urlSealed)).toBe("https://canary.discordapp.com/api/webhooks/1234/Tok_en-9");
    expect(await log.text()).not.toContain("169.254.169.254");
  });

  test("ANNOUNCE_ALLOWED_HOSTS adds relay hosts (https, no port or credentials); the loopback switch is for development and tests only", async () => {
    const relay = await makeTestApp({ env: { ANNOUNCE_ALLOWED_HOSTS: "relay.example.net, Hooks.Example.org" } });
    const put = async (app: TestApp, url: string) => {
      const res = await app.request("PUT", "/api/games/1/webhook", { cookie: await app.cookieFor("owner@example.com"), body: { url } });
      return res.status === 200 ? 200 : JSON.parse(await res.text()).message;
    };
    expect(await put(relay, "https://relay.example.net/any/path")).toBe(200);
    expect(await put(relay, "https://hooks.example.org/x")).toBe(200);
    expect(await put(relay, "https://relay.example.net:8443/x")).toBe(T.webhook.noPort);
    expect(await put(relay, "http://relay.example.net/x")).toBe(T.webhook.httpsOnly);
    expect(await put(relay, "https://other.example.net/x")).toBe(DISCORD_ONLY);
    expect(() => parseConfig({ ANNOUNCE_ALLOWED_HOSTS: "https://relay.example.net" })).toThrow("ANNOUNCE_ALLOWED_HOSTS must be host names");
    expect(() => parseConfig({ ANNOUNCE_ALLOWED_HOSTS: "10.0.0.1" })).toThrow("ANNOUNCE_ALLOWED_HOSTS must be host names");

    const local = await makeTestApp({ env: { ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true" } });
    expect(await put(local, "http://127.0.0.1:9/hook")).toBe(200);
    expect(await put(local, "http://localhost:8080/hook")).toBe(200);
    expect(() => parseConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.com", ...freshSecrets(), ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true" }))
      .toThrow("ANNOUNCE_ALLOW_LOOPBACK_HTTP is for development and tests only");
  });
});
