// `bun scripts/audit-staff.ts`: the staff side's outside-review figures, by hand (not CI).
// Starts the production server on a fresh seeded database and reports
//   1. the W3C Nu validator's errors on the admin, dashboard and account pages: the served
//      HTML, and the DOM after hydration with each admin dialog open;
//   2. Lighthouse accessibility and best practices for /admin, /dashboard and /auth (signed in
//      with a session cookie through --extra-headers; /auth signed out);
//   3. first-load JavaScript (gzip) of /admin and /auth, whether /auth loads zod, and the CSP
//      violations the pages report (zod must never need eval).
// Needs Java (vnu.jar), Chromium, and npm access for `bunx lighthouse@12.8.2` (`--no-lighthouse` skips it).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import type { Page } from "playwright-core";
import { users } from "../db/schema";
import { createSession } from "../src/api/auth/sessions";
import { SESSION_COOKIE } from "../src/shared/sessionCookie";
import { buildAssets } from "./build";
import { CHROMIUM, E2E_SECRETS, ROOT, islandsHydrated, launchBrowser, startServer } from "./e2e/harness";

const out = mkdtempSync(join(tmpdir(), "runboard-audit-"));
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

await buildAssets({ quiet: true });
const server = await startServer({
  prepare: async (db) => {
    for (const email of ["owner@example.com", "booster@example.com", "admin@example.com"]) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const s = await createSession(db, { userId: u!.id, now: new Date() });
      cookies[email] = `${SESSION_COOKIE}=${await new SignJWT({ sid: s.id, sec: s.secret }).setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000)).sign(new TextEncoder().encode(E2E_SECRETS.JWT_SECRET))}`;
    }
    // A pending account for /complete-profile.
    await db.update(users).set({ status: "pending" }).where(eq(users.email, "admin@example.com"));
  },
});
const owner = cookies["owner@example.com"]!;

async function invite(): Promise<string> {
  const res = await fetch(`${server.url}/api/invites`, {
    method: "POST", headers: { cookie: owner, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email: `audit${Object.keys(tokens).length}@example.com`, userType: "booster", boosterUserId: `BB-90${Object.keys(tokens).length}1`, gameIds: [1] }),
  });
  const { token } = (await res.json()) as { token: string };
  tokens[token] = token;
  return token;
}

const gz = (b: Uint8Array<ArrayBuffer>) => Bun.gzipSync(b).byteLength;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

try {
  const token = await invite();
  // 1a. Served HTML of every staff and account page.
  const served: [string, string, string | null][] = [
    ["admin-runs", "/admin?tab=runs&game=3&tool=1", owner],
    ["admin-users", "/admin?tab=users", owner],
    ["admin-games", "/admin?tab=games", owner],
    ["dashboard", "/dashboard", cookies["booster@example.com"]!],
    ["auth", "/auth", null],
    ["auth-error", "/auth?error=invalidEmail&email=a%40b", null],
    ["auth-invite", `/auth?invite=${token}`, null],
    ["login", "/login?notice=inviteUsed", null],
    ["invite", `/invite/${token}`, null],
    ["register", `/register/${token}`, null],
    ["complete-profile", "/complete-profile", cookies["admin@example.com"]!],
  ];
  const files: string[] = [];
  for (const [name, path, cookie] of served) {
    const res = await fetch(server.url + path, { headers: cookie ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const file = join(out, `${name}.html`);
    writeFileSync(file, await res.text());
    files.push(file);
  }

  // 1b. The hydrated DOM with each admin dialog open, and the pages' JS and CSP reports.
  const browser = await launchBrowser();
  const jsReport: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(Object.entries({ owner }).map(([, c]) => ({ name: SESSION_COOKIE, value: c.split("=")[1]!, url: server.url })));
    // Every CSP violation a page reports, caught swallowed eval probes included.
    await context.addInitScript(() => {
      (window as unknown as { __csp: string[] }).__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const dom = async (name: string) => {
      const file = join(out, `${name}.dom.html`);
      writeFileSync(file, `<!doctype html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
      files.push(file);
    };
    const csp = (p: Page) => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    const scriptsGzip = async (p: Page) => {
      const urls = await p.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((u) => /\.m?js$/.test(new URL(u).pathname)));
      let total = 0;
      let zod = false;
      for (const u of urls) {
        const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
        total += gz(bytes);
        if (/\$ZodType|ZodError/.test(new TextDecoder().decode(bytes))) zod = true;
      }
      return { total, count: urls.length, zod };
    };

    await page.goto(`${server.url}/admin?tab=runs&game=3&tool=1`);
    await islandsHydrated(page);
    await page.locator("table tbody tr td").first().waitFor();
    const admin = await scriptsGzip(page);
    jsReport.push(`/admin first-load JS: ${kb(admin.total)} gzip in ${admin.count} files (budget 150 KiB)`);
    await page.getByRole("button", { name: "Create Run" }).click();
    const form = page.getByRole("dialog");
    await form.waitFor();
    await dom("run-form");
    await form.getByRole("button", { name: "Create Run" }).click(); // the client-side zod parse
    await form.getByText("Scheduled date and time is required").waitFor();
    await form.getByRole("radio", { name: "Add specific classes" }).check();
    await form.getByRole("button", { name: "Add Class" }).click();
    await page.getByRole("dialog", { name: "Add Class" }).waitFor();
    await dom("add-class");
    jsReport.push(`/admin CSP violations (run form submitted): ${JSON.stringify(await csp(page))}`);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // The form holds input (specific classes chosen): it asks before discarding it.
    await page.getByRole("dialog", { name: "Discard changes?" }).waitFor();
    await dom("discard-changes");
    await page.getByRole("button", { name: "Discard" }).click();
    await page.getByRole("button", { name: /^Delete run / }).first().click();
    await page.getByRole("dialog").waitFor();
    await dom("delete-run");

    await page.goto(`${server.url}/admin?tab=users`);
    await islandsHydrated(page);
    await page.getByRole("button", { name: /^Edit / }).first().click();
    await page.getByRole("dialog").waitFor();
    await dom("edit-user");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Invite/ }).first().click();
    await page.getByRole("dialog").waitFor();
    await dom("invite-user");

    const anon = await browser.newContext();
    await anon.addInitScript(() => {
      (window as unknown as { __csp: string[] }).__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const auth = await anon.newPage();
    await auth.goto(`${server.url}/auth`);
    await islandsHydrated(auth);
    await auth.getByRole("button", { name: "Sign In" }).click(); // empty form: the client-side parse
    const a = await scriptsGzip(auth);
    jsReport.push(`/auth first-load JS: ${kb(a.total)} gzip in ${a.count} files; zod loaded: ${a.zod}; CSP violations: ${JSON.stringify(await csp(auth))}`);
  } finally {
    await browser.close();
  }

  // 1c. The validator over all of it.
  const vnu = Bun.spawnSync(["java", "-jar", join(ROOT, "node_modules/vnu-jar/build/dist/vnu.jar"), "--errors-only", "--format", "json", ...files]);
  const messages = (JSON.parse(vnu.stderr.toString() || vnu.stdout.toString() || '{"messages":[]}') as { messages: { url: string; message: string; extract?: string }[] }).messages;
  console.log(`\nW3C Nu validator: ${messages.length} errors over ${files.length} documents`);
  for (const m of messages) console.log(`  ${m.url.split("/").pop()}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ""}`);

  console.log("\nJavaScript and CSP");
  for (const line of jsReport) console.log(`  ${line}`);

  // 2. Lighthouse (`--no-lighthouse` skips it).
  console.log("\nLighthouse (accessibility, best practices)");
  if (!process.argv.includes("--no-lighthouse")) for (const [path, cookie] of [["/admin?tab=runs&game=3&tool=1", owner], ["/dashboard", cookies["booster@example.com"]!], ["/auth", null]] as const) {
    const report = join(out, `lh-${path.replace(/\W+/g, "_")}.json`);
    const args = ["bunx", "lighthouse@12.8.2", server.url + path, `--chrome-path=${CHROMIUM}`, "--chrome-flags=--headless=new --no-sandbox",
      "--only-categories=accessibility,best-practices", "--output=json", `--output-path=${report}`, "--quiet"];
    if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
    const run = Bun.spawnSync(args, { stdout: "ignore", stderr: "pipe" });
    if (run.exitCode !== 0) {
      console.log(`  ${path}: lighthouse failed: ${run.stderr.toString().trim().split("\n").slice(-3).join(" / ")}`);
      continue;
    }
    const lh = JSON.parse(readFileSync(report, "utf8")) as {
      categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<string, { score: number | null; title: string }>;
    };
    const scores = Object.entries(lh.categories).map(([k, c]) => `${k} ${Math.round(c.score * 100)}`).join(", ");
    const failing = Object.values(lh.categories).flatMap((c) => c.auditRefs)
      .filter((r) => r.weight > 0 && lh.audits[r.id]?.score !== null && (lh.audits[r.id]?.score ?? 1) < 1).map((r) => r.id);
    console.log(`  ${path}: ${scores}${failing.length ? ` (failing: ${failing.join(", ")})` : ""}`);
  }
  console.log(`\nFiles in ${out}`);
} finally {
  await server.stop();
}
