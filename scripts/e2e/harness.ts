// Browser-test harness: starts the real server (production mode, fresh database, seeded)
// on a free port and drives Debian's Chromium through playwright-core.
import { afterAll, afterEach, beforeAll, expect, setDefaultTimeout } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { openDb, type Db } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedAll } from "../../db/seed";
import { freshSecrets } from "../../src/config/secretRules";
import { freePort } from "../../src/testing/net";
import { pgliteDataDir, postgresDatabase } from "../../src/testing/template";

// The preload's 20 s default is for in-process tests; starting a seeded server and Chromium
// under load took longer (a hook timeout failed the suite), so the browser specs get more.
setDefaultTimeout(120_000);

export const ROOT = resolve(import.meta.dir, "../..");
export const ARTIFACTS = join(ROOT, "e2e-artifacts");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const PASSWORD = "Runboard123";
/** The production servers' secrets, fresh per run (scripts that forge a session cookie sign with its JWT_SECRET). */
export const E2E_SECRETS = freshSecrets();

export type Server = { url: string; env: Record<string, string>; proc: Bun.Subprocess; stop: () => Promise<void> };

/**
 * A fresh, migrated database for one server, copied from the test template: a new PostgreSQL
 * database when DATABASE_URL is set, else a PGlite folder.
 */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const made = await postgresDatabase(url, `runboard_e2e_${process.pid}_${Date.now().toString(36)}`);
    return { env: { DATABASE_URL: made.url }, drop: made.drop };
  }
  const dir = await pgliteDataDir("runboard-e2e");
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export type StartOptions = {
  env?: Record<string, string>;
  /** Runs against the seeded database before the server starts (e.g. hide a game). */
  prepare?: (db: Db) => Promise<void>;
  /** The port to serve on, when something must know the origin beforehand (an identity provider). */
  port?: number;
  /** Pipe the server's stdout (its log) to `proc.stdout`, for a test that reads all of it. */
  logs?: boolean;
};

export async function startServer({ env: extraEnv = {}, prepare, port: fixedPort, logs }: StartOptions = {}): Promise<Server> {
  const db = await freshDatabase();
  const port = fixedPort ?? await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    ...E2E_SECRETS,
    SEED_PASSWORD: PASSWORD,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    ...db.env,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  Object.assign(env, db.env, extraEnv);
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, max: 1 });
  await migrate(handle);
  await seedAll(handle.db, { password: PASSWORD });
  await prepare?.(handle.db);
  await handle.close();
  // stdout carries a log line per request: unless asked for, nobody reads it, and a full pipe would stall the server.
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: ROOT, env, stdout: logs ? "pipe" : "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  // Wait until it answers (under load start-up can take many seconds); never go on without it.
  for (let ready = false; !ready; ) {
    try {
      ready = (await fetch(`${url}/api/games`)).ok;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if (!ready) await Bun.sleep(100);
  }
  return {
    url, env, proc,
    stop: async () => {
      proc.kill();
      await proc.exited;
      await db.drop();
    },
  };
}

/**
 * Waits until every island on the page has hydrated: React has attached its props (and so its
 * event handlers) to the island's root element. Typing into a server-rendered form before that
 * is lost to the island's state under load (the sign-in then failed with empty fields).
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll("[data-island]")).every((el) => {
      const root = el.firstElementChild;
      return !root || Object.keys(root).some((k) => k.startsWith("__reactProps$"));
    }));
}

/** Script URLs the page has loaded, from its Resource Timing entries. */
export function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => e.name).filter((u) => /\.m?js(\?|$)/.test(new URL(u).pathname)));
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"],
  });
}

/**
 * Per spec file: one server and one browser; per test: a fresh context whose pages fail
 * the test on any console error or uncaught page error.
 */
export function useE2E(options: StartOptions = {}) {
  const state = {} as { server: Server; browser: Browser; context: BrowserContext; errors: string[] };
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    state.server = await startServer(options);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  afterEach(async () => {
    await state.context?.close();
    const errors = state.errors ?? [];
    state.errors = [];
    expect(errors).toEqual([]);
  });
  return {
    get url() { return state.server.url; },
    get server() { return state.server; },
    /** A new page in a fresh context (own cookies). */
    async page(opts: { width?: number; height?: number; javaScriptEnabled?: boolean; timezoneId?: string; locale?: string } = {}): Promise<Page> {
      await state.context?.close();
      state.errors = [];
      state.context = await state.browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
        timezoneId: opts.timezoneId,
        ...(opts.locale ? { locale: opts.locale } : {}),
      });
      const page = await state.context.newPage();
      if (opts.javaScriptEnabled !== false) {
        // Every navigation by URL returns once the page's islands are live, so no test can
        // type or click into a page that is still hydrating.
        const goto = page.goto.bind(page);
        page.goto = async (...args) => {
          const res = await goto(...args);
          await islandsHydrated(page);
          return res;
        };
      }
      page.on("console", (msg) => {
        // A guarded page answers 401/404 on purpose; the browser logs those loads as errors.
        if (msg.type() === "error" && !/Failed to load resource: the server responded with a status of (401|404)/.test(msg.text())) {
          state.errors.push(msg.text());
        }
      });
      page.on("pageerror", (err) => state.errors.push(String(err)));
      return page;
    },
    /** Signs in through /auth as a person would. */
    async signIn(page: Page, email: string, password = PASSWORD, returnTo?: string) {
      await page.goto(`${state.server.url}/auth${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
    },
    screenshot(page: Page, name: string) {
      return page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
  };
}
