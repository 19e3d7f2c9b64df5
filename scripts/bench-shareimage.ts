// Issue #31's share-image figures against the real server in production mode (PGlite, seeded):
//  - cold: the first request for each run's /runs/{displayId}/card.png (satori + resvg + PNG
//    encoding), the process's very first one apart (it also starts satori's layout engine);
//  - warm: the same images again, served from the cache, one request at a time and 16 at once:
//    p50 / p95 / p99 (target: p95 ≤ 100 ms);
//  - revalidation: If-None-Match with the ETag (304, no render, no body);
//  - sizes (target: ≤ 150 KB).
// `bun scripts/bench-shareimage.ts`.
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { openDb } from "../db/client";
import { seedAll } from "../db/seed";
import { freshSecrets } from "../src/config/secretRules";
import { pgliteDataDir } from "../src/testing/template";

const root = resolve(import.meta.dir, "..");
const WARM_SEQUENTIAL = 1_000;
const WARM_PARALLEL = 2_000;
const IN_FLIGHT = 16;

async function startServer(dataDir: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>), NODE_ENV: "production", ...freshSecrets(), DATA_DIR: dataDir,
    PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent",
  };
  delete env.DATABASE_URL;
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: root, env, stdout: "ignore", stderr: "inherit" });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try { if ((await fetch(`${origin}/readyz`)).ok) break; } catch { /* not yet */ }
    await Bun.sleep(50);
  }
  return { origin, stop: async () => { proc.kill(); await proc.exited; } };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(pct(s, 50))}, p95 ${ms(pct(s, 95))}, p99 ${ms(pct(s, 99))}, max ${ms(s.at(-1)!)} (${s.length} requests)`;
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; bytes: number; etag: string | null }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, status: res.status, bytes, etag: res.headers.get("etag") };
}

const dir = await pgliteDataDir("bench-shareimage");
try {
  const h = await openDb({ dataDir: dir });
  await seedAll(h.db, { password: "Runboard123" });
  await h.close(); // PGlite: one process at a time owns the folder
  const server = await startServer(dir);
  try {
    const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
    // Up to 20 runs, taken in turn from each game (each has its own art, and so its own size).
    const byPrefix = Map.groupBy([...sitemap.matchAll(/\/runs\/([A-Z0-9]+-\d+)</g)].map((m) => m[1]!), (id) => id.split("-")[0]!);
    const lists = [...byPrefix.values()];
    const runs = Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) => lists.flatMap((l) => (l[i] ? [l[i]] : []))).flat().slice(0, 20);
    if (runs.length < 2) throw new Error(`the seeded site has ${runs.length} public runs`);
    const url = (id: string) => `${server.origin}/runs/${id}/card.png`;

    const cold: { ms: number; bytes: number; etag: string | null }[] = [];
    for (const id of runs) {
      const r = await timed(url(id));
      if (r.status !== 200) throw new Error(`${id}: ${r.status}`);
      cold.push(r);
    }
    const [first, ...rest] = cold;
    console.log(`cold render, the process's first image: ${ms(first!.ms)}`);
    console.log(`cold render, each further run's first request: ${summary(rest.map((c) => c.ms))}`);
    const sizes = cold.map((c) => c.bytes).sort((a, b) => a - b);
    console.log(`size: median ${(pct(sizes, 50) / 1024).toFixed(1)} KB, largest ${(sizes.at(-1)! / 1024).toFixed(1)} KB (target ≤ 150 KB) over ${runs.length} runs of ${lists.length} games`);

    const sequential: number[] = [];
    for (let i = 0; i < WARM_SEQUENTIAL; i++) {
      const r = await timed(url(runs[i % runs.length]!));
      if (r.status !== 200) throw new Error(`warm ${r.status}`);
      sequential.push(r.ms);
    }
    console.log(`warm, one at a time: ${summary(sequential)}`);

    const parallel: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < WARM_PARALLEL) {
        const r = await timed(url(runs[next++ % runs.length]!));
        if (r.status !== 200) throw new Error(`warm ${r.status}`);
        parallel.push(r.ms);
      }
    }));
    console.log(`warm, ${IN_FLIGHT} in flight: ${summary(parallel)} (target p95 ≤ 100 ms)`);

    const revalidated: number[] = [];
    for (let i = 0; i < 500; i++) {
      const c = cold[i % cold.length]!;
      const r = await timed(url(runs[i % runs.length]!), { "if-none-match": c.etag! });
      if (r.status !== 304) throw new Error(`revalidation answered ${r.status}`);
      revalidated.push(r.ms);
    }
    console.log(`revalidation (If-None-Match, 304): ${summary(revalidated)}`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
