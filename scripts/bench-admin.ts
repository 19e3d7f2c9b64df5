// `bun scripts/bench-admin.ts`: the admin Runs tab with 5,000 runs of one game.
// Starts the production server on a fresh database holding 5,000 raid runs of game 1 and
// measures (1) GET /api/runs?gameId=1 as staff (median), (2) the admin page's HTML, (3) the
// panel's search: the pure filter per keystroke and, in Chromium, keystroke -> updated
// rows, and (4) the JavaScript the admin page loads, gzip.
import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { boosters, factions, raidRuns, raids, runClassRestrictions, users, completionModes } from "../db/schema";
import { createSession, SESSION_COOKIE } from "../src/api/auth/sessions";
import { CLASS_SPECS } from "../db/reference";
import { DIFFICULTIES, GAMEPLAY_TYPES, RUN_STATUSES, SERVICE_TYPES } from "../src/shared/enums";
import type { RaidRun } from "../src/shared/runs";
import { filterRuns, PANEL_FILTERS, PANEL_SEARCH, searchIndex, sortOrder } from "../islands/RunsAdmin/filters";
import { buildAssets } from "./build";
import { launchBrowser, startServer } from "./e2e/harness";

const RUNS = 5000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

await buildAssets({ quiet: true });
let cookieValue = "";
const server = await startServer({
  prepare: async (db) => {
    // Exactly 5,000 runs in game 1: the demo raid runs out, generated ones in.
    await db.delete(raidRuns);
    const raidRows = await db.select({ id: raids.id }).from(raids).where(eq(raids.gameId, 1));
    const factionRows = await db.select().from(factions).where(eq(factions.gameId, 1));
    const modeRows = await db.select().from(completionModes);
    const boosterRows = await db.select({ id: boosters.id }).from(boosters);
    const now = Date.now();
    const classes = Object.keys(CLASS_SPECS);
    for (let start = 0; start < RUNS; start += 500) {
      const values = Array.from({ length: Math.min(500, RUNS - start) }, (_, k) => {
        const i = start + k;
        const region = i % 2 ? "US" as const : "EU" as const;
        const raid = raidRows[i % raidRows.length]!;
        return {
          displayId: `MOP-B${i + 1}`, gameId: 1, boosterId: boosterRows[i % boosterRows.length]!.id,
          difficulty: DIFFICULTIES[i % 4]!, region, raidId: raid.id,
          factionId: factionRows.filter((f) => f.region === region)[i % 2]!.id,
          completionModeId: modeRows.filter((m) => m.raidId === raid.id)[i % 3]!.id,
          gameplayType: GAMEPLAY_TYPES[i % 3]!, startsAt: new Date(now + (i - 500) * 3_600_000),
          timezone: region === "EU" ? "CET" as const : "EST" as const, status: RUN_STATUSES[i % 9 === 0 ? 1 + (i % 4) : 0]!,
        };
      });
      const ids = await db.insert(raidRuns).values(values).returning({ id: raidRuns.id });
      const restrictions = ids.filter((_, k) => (start + k) % 5 < 2).map((r, k) => {
        const c = classes[k % classes.length]!;
        return { runId: r.id, wowClass: c, specs: [CLASS_SPECS[c]![0]!], serviceType: SERVICE_TYPES[k % 4]! };
      });
      if (restrictions.length) await db.insert(runClassRestrictions).values(restrictions);
    }
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
    const s = await createSession(db, { userId: owner!.id, now: new Date() });
    cookieValue = await new SignJWT({ sid: s.id, sec: s.secret }).setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
      .sign(new TextEncoder().encode("e2e-secret-e2e-secret-e2e-secret-0123456789"));
  },
});
const cookie = `${SESSION_COOKIE}=${cookieValue}`;

try {
  // 1. The panel's data as staff.
  const apiTimes: number[] = [];
  let body = "";
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/runs?gameId=1`, { headers: { cookie } });
    body = await res.text();
    if (i >= 5) apiTimes.push(performance.now() - t0);
  }
  const runs = JSON.parse(body) as RaidRun[];
  if (runs.length !== RUNS) throw new Error(`expected ${RUNS} runs, got ${runs.length}`);

  // 2. The whole admin page (HTML with the runs as island props), compressed as a browser asks.
  const pageTimes: number[] = [];
  let pageBytes = 0;
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/admin?tab=runs&game=3&tool=1`, { headers: { cookie, "accept-encoding": "br, gzip" }, decompress: false } as RequestInit);
    pageBytes = (await res.arrayBuffer()).byteLength;
    if (i >= 3) pageTimes.push(performance.now() - t0);
  }

  // 3a. The panel's pure functions over 5,000 rows: once per data or sort change, the
  // search index and the sorted order; per keystroke, the filter and the page slice.
  let t0 = performance.now();
  const index = searchIndex(runs, PANEL_SEARCH.raid);
  const indexTime = performance.now() - t0;
  t0 = performance.now();
  const order = sortOrder(runs, (r) => r.raid.name, false);
  const sortTime = performance.now() - t0;
  const sortedRuns = order.map((i) => runs[i]!);
  const sortedIndex = order.map((i) => index[i]!);
  const typed = "MOP-B4999";
  const filterTimes: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (let k = 1; k <= typed.length; k++) {
      const start = performance.now();
      filterRuns(sortedRuns, sortedIndex, typed.slice(0, k), PANEL_FILTERS.raid, { status: "all" }).slice(0, 50);
      filterTimes.push(performance.now() - start);
    }
  }

  // 3b + 4. Chromium: keystroke -> rows updated, and the scripts the page loads.
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: server.url }]);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script") {
      const bytes = await r.body();
      scripts.set(r.url(), Bun.gzipSync(new Uint8Array(bytes)).byteLength);
    }
  });
  const nav0 = performance.now();
  await page.goto(`${server.url}/admin?tab=runs&game=3&tool=1`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
  const navTime = performance.now() - nav0;
  const initialScripts = [...scripts.values()].reduce((a, b) => a + b, 0);
  const initialCount = scripts.size;
  // Every prefix of these narrows the rows, so each keystroke must change the table.
  const keyTimes = await page.evaluate(async (words: string[]) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const tbody = input.closest("section")!.querySelector("tbody")!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    const times: number[] = [];
    const dom: number[] = [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    const type = async (value: string) => {
      const changed = new Promise<boolean>((resolve) => {
        const mo = new MutationObserver(() => { mo.disconnect(); resolve(true); });
        mo.observe(tbody, { childList: true, subtree: true, characterData: true });
        setTimeout(() => { mo.disconnect(); resolve(false); }, 2000);
      });
      const start = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const ok = await changed;
      dom.push(ok ? performance.now() - start : NaN);
      await frame();
      return ok ? performance.now() - start : NaN;
    };
    for (const word of words) {
      for (let k = 1; k <= word.length; k++) times.push(await type(word.slice(0, k)));
      await type("");
      dom.pop();
    }
    return { frames: times, dom };
  }, ["4999", "2718", "3141", "1618", "4669"]);
  await page.getByRole("button", { name: "Create Run" }).click();
  await page.getByRole("dialog", { name: "Create WoW Raid Run" }).getByLabel("Raid").waitFor();
  await page.waitForLoadState("networkidle");
  const lazyScripts = [...scripts.values()].reduce((a, b) => a + b, 0) - initialScripts;
  await browser.close();

  console.log(`Admin Runs tab with ${RUNS} runs of game 1 (production server, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}):`);
  console.log(`  GET /api/runs?gameId=1 as staff: median ${ms(median(apiTimes))}, p95 ${ms(p95(apiTimes))} (${kb(body.length)} JSON, ${kb(Bun.gzipSync(new TextEncoder().encode(body)).byteLength)} gzip)`);
  console.log(`  GET /admin?tab=runs&game=3&tool=1 (HTML with the runs as props): median ${ms(median(pageTimes))} (${kb(pageBytes)} as sent, brotli)`);
  console.log(`  Chromium: navigation to the panel shown ${ms(navTime)}`);
  console.log(`  Once per data/sort change: search index ${ms(indexTime)}, sort by raid name ${ms(sortTime)}`);
  console.log(`  Pure filter + page slice per keystroke over ${RUNS} rows: median ${ms(median(filterTimes))}, max ${ms(Math.max(...filterTimes))}`);
    const domTimes = keyTimes.dom.filter((t) => !Number.isNaN(t));
  const frameTimes = keyTimes.frames.filter((t) => !Number.isNaN(t));
  console.log(`  Chromium keystroke -> rows updated in the DOM: median ${ms(median(domTimes))}, p95 ${ms(p95(domTimes))} (${domTimes.length} keystrokes)`);
  console.log(`  Chromium keystroke -> next frame after the update: median ${ms(median(frameTimes))}, p95 ${ms(p95(frameTimes))}`);
  console.log(`  JavaScript loaded by the admin page: ${initialCount} files, ${kb(initialScripts)} gzip; the run form on first open: +${kb(lazyScripts)} gzip`);
} finally {
  await server.stop();
}
