// `bun run bench`: the foundation's figures, then the feature benchmarks under scripts/.
//  - cold start of the dev server on an existing data folder (until / answers 200)
//  - JavaScript bytes / sends an anonymous visitor (must be 0)
//  - JavaScript (gzip) each page kind loads, from the built manifest
//  - the live pages (scripts/bench/sse.ts): 5,000 open SSE streams, and across two processes
//  - mail delivery throughput to a local SMTP server (scripts/bench-mail.ts)
//  - visitor alerts (scripts/bench-alerts.ts): the refund under 1,000 spot alerts, and their fan-out
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const dataDir = mkdtempSync(join(tmpdir(), "runboard-bench-"));
const port = 3900 + Math.floor(Math.random() * 50);
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" } as Record<string, string>;
delete env.DATABASE_URL;
delete env.NODE_ENV;

async function startAndTime(): Promise<{ ms: number; stop: () => Promise<void> }> {
  const t0 = performance.now();
  const proc = Bun.spawn(["bun", "src/server.ts"], { cwd: root, env, stdout: "ignore", stderr: "inherit" });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // not yet listening
    }
    await Bun.sleep(20);
  }
  return { ms: performance.now() - t0, stop: async () => { proc.kill(); await proc.exited; } };
}

// First start creates and seeds the data folder; the next ones measure a cold start on it.
await (await startAndTime()).stop();
const times: number[] = [];
let last: Awaited<ReturnType<typeof startAndTime>> | null = null;
for (let i = 0; i < 3; i++) {
  last = await startAndTime();
  times.push(last.ms);
  if (i < 2) await last.stop();
}
const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
const scriptSrcs = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
const inlineScripts = [...html.matchAll(/<script(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
let jsBytes = inlineScripts.reduce((n, s) => n + s.length, 0);
for (const src of scriptSrcs) jsBytes += (await (await fetch(`http://127.0.0.1:${port}${src}`)).arrayBuffer()).byteLength;
await last!.stop();
rmSync(dataDir, { recursive: true, force: true });

times.sort((a, b) => a - b);
console.log(`dev cold start on an existing data folder: median ${times[1]!.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms; includes the islands build)`);
console.log(`JavaScript sent by / to an anonymous visitor: ${jsBytes} bytes`);

for (const script of ["bench-calendar.ts", "bench-admin.ts", "bench-readpath.ts", "bench-ops.ts", "bench-storefront.ts", "bench-mail.ts", "bench-alerts.ts", "bench/sse.ts"]) {
  if (!existsSync(join(root, "scripts", script))) continue;
  console.log(`\n== ${script}`);
  const p = Bun.spawn(["bun", `scripts/${script}`], { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  await p.exited;
}
