// Manual audit of the public pages (accessibility, validity, Lighthouse and JavaScript figures), not part of CI:
//   bun scripts/audit-public.ts [--url http://host:port] [--skip-lighthouse] [--runs N]
// Without --url it builds and starts a production-mode server on a fresh seeded database
// (as the browser tests do). For each page: axe-core violations (at 1280 px; calendars also
// with the contact dialog open), W3C Nu validator errors, Lighthouse mobile scores
// (performance, accessibility, best practices, SEO), and the calendars' JavaScript (each
// file the page loads gzipped at level 6, summed). Prints one table. Lighthouse runs N times
// per page (default 1; its performance score swings on a loaded machine) and the median of
// each score is shown; a run that fails (e.g. NO_NAVSTART under load) is tried again once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildAssets } from "./build";
import { axeViolations } from "./e2e/axe";
import { CHROMIUM, ROOT, launchBrowser, loadedScripts, islandsHydrated, startServer, type Server } from "./e2e/harness";

const args = process.argv.slice(2);
const urlArg = args.includes("--url") ? args[args.indexOf("--url") + 1] : undefined;
const lighthouse = !args.includes("--skip-lighthouse");
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 1;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const VNU = join(ROOT, "node_modules/vnu-jar/build/dist/vnu.jar");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

let server: Server | undefined;
if (!urlArg) {
  await buildAssets({ quiet: true });
  server = await startServer();
}
const base = urlArg ?? server!.url;
const tmp = mkdtempSync(join(tmpdir(), "runboard-audit-"));

const pages = ["/", "/category/wow", "/game/mop-raid-calendar", "/category/wow/mop-challenge-mode-calendar", "/game/desert-perpetual-calendar",
  "/embed/calendars/mop-raid-calendar?theme=light", "/embed/calendars/mop-raid-calendar?theme=dark"];
// A run page, when this build has them (/runs/{displayId}).
const firstId = (await (await fetch(`${base}/game/mop-raid-calendar`)).text()).match(/run-card__header"><span[^>]*>([A-Z]+-\d+)</)?.[1];
if (firstId && (await fetch(`${base}/runs/${firstId}`)).status === 200) pages.push(`/runs/${firstId}`);

type Row = { page: string; axe: string; nu: number | string; js: string } & Partial<Record<(typeof CATEGORIES)[number], number>>;
const rows: Row[] = [];
const browser = await launchBrowser();
try {
  for (const path of pages) {
    const url = base + path;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await islandsHydrated(page);
    const violations = (await axeViolations(page)).map((v) => v.id);
    let js = "0";
    const scripts = await loadedScripts(page);
    if (scripts.length) {
      let sum = 0;
      for (const s of scripts) sum += gzipSync(new Uint8Array(await (await fetch(s)).arrayBuffer()), { level: 6 }).byteLength;
      js = `${sum} B (${scripts.length} files)`;
    }
    const contact = page.locator(".run-grid button", { hasText: "CONTACT US" }).first();
    if (await contact.count()) {
      await contact.click();
      await page.getByRole("dialog").waitFor();
      violations.push(...(await axeViolations(page)).map((v) => `dialog:${v.id}`));
    }
    await context.close();

    // The Nu validator reads the page as served.
    const file = join(tmp, "page.html");
    writeFileSync(file, await (await fetch(url)).text());
    const nu = Bun.spawnSync(["java", "-jar", VNU, "--errors-only", "--format", "json", file], { stderr: "pipe", stdout: "pipe" });
    const messages = (JSON.parse(nu.stderr.toString() || nu.stdout.toString() || '{"messages":[]}') as { messages: { type: string; message: string }[] }).messages;
    for (const m of messages) console.error(`Nu ${path}: ${m.message}`);

    const row: Row = { page: path, axe: violations.length ? violations.join(" ") : "0", nu: messages.length, js };
    if (lighthouse) {
      const scores: Record<string, number[]> = {};
      for (let run = 0, tries = 0; run < runs && tries < runs + 1; tries++) {
        const out = join(tmp, "lh.json");
        const lh = Bun.spawnSync(["bunx", "lighthouse@12.8.2", url, `--chrome-path=${CHROMIUM}`, "--chrome-flags=--headless=new --no-sandbox",
          `--only-categories=${CATEGORIES.join(",")}`, "--output=json", `--output-path=${out}`, "--quiet"], { stdout: "ignore", stderr: "pipe" });
        if (lh.exitCode !== 0) { console.error(`Lighthouse failed on ${path}: ${lh.stderr.toString().slice(0, 300)}`); continue; }
        run++;
        const report = JSON.parse(readFileSync(out, "utf8")) as { categories: Record<string, { score: number }>; audits: Record<string, { score: number | null }> };
        for (const c of CATEGORIES) scores[c] = [...(scores[c] ?? []), Math.round(report.categories[c]!.score * 100)];
        for (const [id, a] of Object.entries(report.audits)) if (a.score !== null && a.score < 0.9) console.error(`Lighthouse ${path}: ${id} (${a.score})`);
      }
      for (const c of CATEGORIES) if (scores[c]) row[c] = median(scores[c]!);
    }
    rows.push(row);
  }
} finally {
  await browser.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
}

const cols = ["page", "axe", "nu", ...(lighthouse ? CATEGORIES : []), "js"] as const;
console.log(`| ${cols.join(" | ")} |\n|${cols.map(() => "---").join("|")}|`);
for (const r of rows) console.log(`| ${cols.map((c) => String(r[c as keyof Row] ?? "–")).join(" | ")} |`);
