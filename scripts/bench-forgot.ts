// Forgot password's timing (docs/decisions/33): does POST /api/auth/forgot answer in the same
// time for an active account's address, an unknown one and a deactivated account's? Against
// the real server in production mode, with SMTP_URL pointing at a real SMTP receiver in this
// process (so the mails are really sent while it runs). Each request comes from its own client
// address (TRUSTED_PROXIES + X-Forwarded-For) and names an address used once, so no limit
// interferes and every known address does the whole work. Classes are interleaved at random.
//  - spaced: 100 ms between requests, so a request never overlaps the previous one's work;
//  - back-to-back: the next request leaves at once; its time is grouped by the class of the
//    request before it (the only way the work after the answer could show).
// Statistics: median, p10, p90, and the Mann-Whitney U test (two-sided p) of each class against
// "unknown". PGlite always; PostgreSQL too when DATABASE_URL is set. `bun scripts/bench-forgot.ts [n]`.
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { openDb, type DbHandle } from "../db/client";
import { insertAccounts, seedAll } from "../db/seed";
import { freshSecrets } from "../src/config/secretRules";
import { pgliteDataDir, postgresDatabase } from "../src/testing/template";
import { smtpReceiver } from "../src/testing/smtpReceiver";

const root = resolve(import.meta.dir, "..");
const N = Number(process.argv[2] ?? 300);
const WARM = 30;
// Long enough for the previous request's work and its mail's delivery to be over on a busy machine.
const SPACING_MS = 100;
type Kind = "known" | "unknown" | "inactive";

async function startServer(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const full: Record<string, string> = {
    ...(process.env as Record<string, string>), NODE_ENV: "production", ...freshSecrets(),
    PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent",
    TRUSTED_PROXIES: "127.0.0.1", ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: root, env: full, stdout: "ignore", stderr: "inherit" });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try { if ((await fetch(`${origin}/healthz`)).ok) break; } catch { /* not yet */ }
    await Bun.sleep(50);
  }
  return { origin, stop: async () => { proc.kill(); await proc.exited; } };
}

/** `count` addresses of each kind, each used once: active and deactivated accounts, and no account. */
async function addresses(h: DbHandle, tag: string, count: number): Promise<Record<Kind, string[]>> {
  const make = (kind: Kind) => Array.from({ length: count }, (_, i) => `${kind}-${tag}-${i}@bench.example`);
  const out = { known: make("known"), unknown: make("unknown"), inactive: make("inactive") };
  await insertAccounts(h.db, [
    ...out.known.map((email) => ({ email, role: "administrator" as const, status: "active" as const, nickname: "Bench" })),
    ...out.inactive.map((email) => ({ email, role: "administrator" as const, status: "inactive" as const, nickname: "Bench" })),
  ]);
  return out;
}

let client = 0;
async function forgot(origin: string, email: string): Promise<number> {
  client++;
  const forwarded = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/auth/forgot`, {
    method: "POST", body: JSON.stringify({ email }),
    headers: { "content-type": "application/json", origin, "x-forwarded-for": forwarded },
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 202) throw new Error(`status ${res.status}`);
  return ms;
}

function shuffled<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

/** Two-sided p of the Mann-Whitney U test (normal approximation with tie correction). */
function mannWhitney(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  let tie = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = r;
    const t = j - i + 1;
    tie += t ** 3 - t;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const r1 = all.reduce((s, x, i) => s + (x.g === 0 ? ranks[i]! : 0), 0);
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tie / (n * (n - 1))));
  const z = Math.abs(u - (n1 * n2) / 2) / sigma;
  // 2 * (1 - Φ(z)), Φ by the Abramowitz-Stegun erf approximation.
  const t = 1 / (1 + 0.3275911 * (z / Math.SQRT2));
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return 1 - erf;
}

function report(title: string, times: Record<Kind, number[]>): void {
  console.log(`  ${title}`);
  for (const kind of ["known", "unknown", "inactive"] as const) {
    const xs = times[kind];
    const p = kind === "unknown" ? "" : `  Mann-Whitney p vs unknown = ${mannWhitney(xs, times.unknown).toFixed(3)}`;
    console.log(`    ${kind.padEnd(9)} n=${String(xs.length).padStart(4)}  median ${q(xs, 0.5).toFixed(2)} ms  p10 ${q(xs, 0.1).toFixed(2)}  p90 ${q(xs, 0.9).toFixed(2)}${p}`);
  }
}

async function measure(name: string, open: () => Promise<DbHandle>, serverEnv: Record<string, string>, closeForServer: boolean): Promise<void> {
  const smtp = await smtpReceiver();
  let h = await open();
  await seedAll(h.db, { password: "Runboard123" });
  const warm = await addresses(h, "warm", WARM);
  const spaced = await addresses(h, "spaced", N);
  const burst = await addresses(h, "burst", N);
  if (closeForServer) await h.close(); // PGlite: one process at a time owns the folder
  const server = await startServer({ ...serverEnv, SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@bench.example>" });
  const order = (a: Record<Kind, string[]>) => shuffled((["known", "unknown", "inactive"] as const).flatMap((k) => a[k].map((e) => [k, e] as const)));
  try {
    for (const [, email] of order(warm)) await forgot(server.origin, email);
    const s: Record<Kind, number[]> = { known: [], unknown: [], inactive: [] };
    for (const [kind, email] of order(spaced)) {
      s[kind].push(await forgot(server.origin, email));
      await Bun.sleep(SPACING_MS);
    }
    const b: Record<Kind, number[]> = { known: [], unknown: [], inactive: [] };
    let before: Kind | null = null;
    for (const [kind, email] of order(burst)) {
      const ms = await forgot(server.origin, email);
      if (before) b[before].push(ms);
      before = kind;
    }
    // Every known address's mail arrives (and nothing else).
    const expected = WARM + 2 * N;
    const deadline = Date.now() + 60_000;
    while (smtp.received.length < expected && Date.now() < deadline) await Bun.sleep(50);
    await Bun.sleep(500);
    console.log(`${name}: ${3 * (WARM + 2 * N)} requests, ${smtp.received.length} mails received (expected ${expected}), all to known addresses: ${smtp.received.every((m) => m.to[0]!.startsWith("known-"))}`);
    report(`spaced (${SPACING_MS} ms apart): the answer's own time, by its address's kind`, s);
    report("back-to-back: the next answer's time, by the kind of the request before it", b);
  } finally {
    await server.stop();
    await smtp.close();
  }
  if (closeForServer) h = await open();
  await h.close();
}

const dir = await pgliteDataDir("bench-forgot");
try {
  await measure("PGlite", () => openDb({ dataDir: dir }), { DATA_DIR: dir }, true);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const db = await postgresDatabase(process.env.DATABASE_URL, `runboard_bench_forgot_${process.pid}`);
  try {
    await measure("PostgreSQL", () => openDb({ databaseUrl: db.url, max: 2 }), { DATABASE_URL: db.url }, false);
  } finally {
    await db.drop();
  }
}
process.exit(0);
