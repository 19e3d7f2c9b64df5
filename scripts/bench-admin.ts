// `bun scripts/bench-admin.ts`: the admin Runs tab with 100,000 runs of one game (the paging
// figures), on PGlite and, when DATABASE_URL is set, on PostgreSQL.
// For each database it starts the production server on a fresh database holding 100,000
// raid runs of game 1 (bulk inserts, scripts/bench/seedRuns.ts) and measures
//  (1) the panel's first page, GET /api/runs?gameId=1&page=1 as staff: median time and JSON size
//      (and once, for comparison, the plain call: the whole list the panels loaded before),
//  (2) a search request per keystroke (the server side of (4)),
//  (3) the admin page's HTML (the first page is rendered into it),
//  (4) in Chromium: search keystroke -> rows updated in the DOM, and the page's JavaScript (gzip).
// Targets: (1) <= 100 ms median and <= 100 KB; (4) <= 150 ms median.
import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { createSession } from "../src/api/auth/sessions";
import { SESSION_COOKIE } from "../src/shared/sessionCookie";
import type { RaidRun } from "../src/kinds/raid/schemas";
import type { RunPage } from "../src/kinds/runList";
import { buildAssets } from "./build";
import { launchBrowser, startServer } from "./e2e/harness";
import { seedRaidRuns } from "./bench/seedRuns";

const RUNS = 100_000;
const WORDS = ["4999", "2718", "3141", "1618", "4669"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");

async function timed(url: string, cookie: string, rounds: number, warmup: number): Promise<{ times: number[]; body: string }> {
  const times: number[] = [];
  let body = "";
  for (let i = 0; i < rounds + warmup; i++) {
    const t0 = performance.now();
    body = await (await fetch(url, { headers: { cookie } })).text();
    if (i >= warmup) times.push(performance.now() - t0);
  }
  return { times, body };
}

async function benchOn(database: "PGlite" | "PostgreSQL"): Promise<void> {
  let cookieValue = "";
  const seedStart = performance.now();
  const server = await startServer({
    prepare: async (db) => {
      await seedRaidRuns(db, RUNS);
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
      const s = await createSession(db, { userId: owner!.id, now: new Date() });
      cookieValue = await new SignJWT({ sid: s.id, sec: s.secret }).setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
        .sign(new TextEncoder().encode("e2e-secret-e2e-secret-e2e-secret-0123456789"));
    },
  });
  const seedTime = performance.now() - seedStart;
  const cookie = `${SESSION_COOKIE}=${cookieValue}`;
  try {
    // 0. A yardstick on the same loaded machine: a small staff API answer from memory-sized tables.
    const yard = await timed(`${server.url}/api/users/boosters`, cookie, 30, 5);
    // 1. The panel's first page as staff.
    const first = await timed(`${server.url}/api/runs?gameId=1&page=1&pageSize=50`, cookie, 30, 5);
    const page = JSON.parse(first.body) as RunPage<RaidRun>;
    if (page.total !== RUNS || page.runs.length !== 50) throw new Error(`expected ${RUNS} runs in pages of 50, got ${page.total} / ${page.runs.length}`);
    const firstBytes = new TextEncoder().encode(first.body).byteLength;

    // 1b. Before: the plain call, the whole list, which the panels loaded (and the page embedded) until paging.
    const plain = await timed(`${server.url}/api/runs?gameId=1`, cookie, 1, 0);
    const plainBytes = new TextEncoder().encode(plain.body).byteLength;

    // 2. Search requests, one per keystroke of the words the browser types below.
    const searchTimes: number[] = [];
    for (const word of WORDS) {
      for (let k = 1; k <= word.length; k++) {
        searchTimes.push(...(await timed(`${server.url}/api/runs?gameId=1&page=1&pageSize=50&q=${word.slice(0, k)}`, cookie, 3, 1)).times);
      }
    }

    // 3. The whole admin page (HTML with the first page as island props), compressed as a browser asks.
    const pageTimes: number[] = [];
    let pageBytes = 0;
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/admin?tab=runs&game=3&tool=1`, { headers: { cookie, "accept-encoding": "br, gzip" }, decompress: false } as RequestInit);
      pageBytes = (await res.arrayBuffer()).byteLength;
      if (i >= 3) pageTimes.push(performance.now() - t0);
    }

    // 4. Chromium: keystroke -> rows updated, and the scripts the page loads.
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: server.url }]);
    const tab = await context.newPage();
    const scripts = new Map<string, number>();
    tab.on("response", async (r) => {
      if (r.request().resourceType() === "script") scripts.set(r.url(), Bun.gzipSync(new Uint8Array(await r.body())).byteLength);
    });
    const nav0 = performance.now();
    await tab.goto(`${server.url}/admin?tab=runs&game=3&tool=1`, { waitUntil: "networkidle" });
    await tab.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    const navTime = performance.now() - nav0;
    const initialScripts = [...scripts.values()].reduce((a, b) => a + b, 0);
    const initialCount = scripts.size;
    // Every prefix of these words changes the first page, so each keystroke must change the table.
    const keyTimes = await tab.evaluate(async (words: string[]) => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      const tbody = input.closest("section")!.querySelector("tbody")!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      const dom: number[] = [];
      const frames: number[] = [];
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const type = async (value: string, keep: boolean) => {
        const changed = new Promise<boolean>((resolve) => {
          const mo = new MutationObserver(() => { mo.disconnect(); resolve(true); });
          mo.observe(tbody, { childList: true, subtree: true, characterData: true });
          setTimeout(() => { mo.disconnect(); resolve(false); }, 5000);
        });
        const start = performance.now();
        setValue.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const ok = await changed;
        const atDom = performance.now() - start;
        await frame();
        if (keep) {
          dom.push(ok ? atDom : NaN);
          frames.push(ok ? performance.now() - start : NaN);
        }
        // Let a late answer land before the next keystroke (one keystroke measured at a time).
        await new Promise((r) => setTimeout(r, 50));
      };
      for (const word of words) {
        for (let k = 1; k <= word.length; k++) await type(word.slice(0, k), true);
        await type("", false);
      }
      return { dom, frames };
    }, WORDS);
    await tab.getByRole("button", { name: "Create Run" }).click();
    await tab.getByRole("dialog", { name: "Create WoW Raid Run" }).getByLabel("Raid").waitFor();
    await tab.waitForLoadState("networkidle");
    const lazyScripts = [...scripts.values()].reduce((a, b) => a + b, 0) - initialScripts;
    await browser.close();

    const domTimes = keyTimes.dom.filter((t) => !Number.isNaN(t));
    const frameTimes = keyTimes.frames.filter((t) => !Number.isNaN(t));
    const missed = keyTimes.dom.length - domTimes.length;
    console.log(`Admin Runs tab with ${RUNS.toLocaleString("en")} runs of game 1 (production server, ${database}; seed ${(seedTime / 1000).toFixed(1)} s):`);
    console.log(`  yardstick GET /api/users/boosters (2 boosters) as staff: median ${ms(median(yard.times))}`);
    console.log(`  first page GET /api/runs?gameId=1&page=1 as staff: median ${ms(median(first.times))}, p95 ${ms(p95(first.times))}, ${kb(firstBytes)} JSON (${kb(Bun.gzipSync(new TextEncoder().encode(first.body)).byteLength)} gzip) [target 100 ms, 100 KB: ${verdict(median(first.times) <= 100 && firstBytes <= 100 * 1024)}]`);
    console.log(`  before paging, the whole list GET /api/runs?gameId=1 (one request): ${ms(plain.times[0]!)}, ${(plainBytes / 1024 / 1024).toFixed(1)} MiB JSON`);
    console.log(`  search request per keystroke (q = prefixes of ${WORDS.join(", ")}): median ${ms(median(searchTimes))}, p95 ${ms(p95(searchTimes))}`);
    console.log(`  GET /admin?tab=runs&game=3&tool=1 (HTML with the first page as props): median ${ms(median(pageTimes))} (${kb(pageBytes)} as sent, brotli)`);
    console.log(`  Chromium: navigation to the panel shown ${ms(navTime)}`);
    console.log(`  Chromium search keystroke -> rows updated in the DOM: median ${ms(median(domTimes))}, p95 ${ms(p95(domTimes))} (${domTimes.length} keystrokes${missed ? `, ${missed} without a change` : ""}) [target 150 ms: ${verdict(median(domTimes) <= 150)}]`);
    console.log(`  Chromium search keystroke -> next frame after the update: median ${ms(median(frameTimes))}, p95 ${ms(p95(frameTimes))}`);
    console.log(`  JavaScript loaded by the admin page: ${initialCount} files, ${kb(initialScripts)} gzip; the run form on first open: +${kb(lazyScripts)} gzip`);
  } finally {
    await server.stop();
  }
}

await buildAssets({ quiet: true });
const postgresUrl = process.env.DATABASE_URL;
// The harness picks the database from DATABASE_URL: unset for PGlite, then put back.
delete process.env.DATABASE_URL;
await benchOn("PGlite");
if (postgresUrl) {
  process.env.DATABASE_URL = postgresUrl;
  await benchOn("PostgreSQL");
} else {
  console.log("PostgreSQL: skipped (set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test, to measure it too)");
}
