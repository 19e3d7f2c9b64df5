// Production server processes for multi-process tests: each its own port, all on one
// database, started after one build of the bundle, and waited for until they answer `/`.
import { resolve } from "node:path";
import { TEST_SECRETS } from "./app";
import { buildInChild } from "./build";
import { freePort } from "./net";

const root = resolve(import.meta.dir, "../..");

export type ProductionServer = { proc: Bun.Subprocess; origin: string };

/** `env`: extra settings for every server (e.g. SMTP_URL and short MAIL_* waits). */
export async function startProductionServers(count: number, databaseUrl: string, env: Record<string, string> = {}): Promise<ProductionServer[]> {
  await buildInChild();
  const servers: ProductionServer[] = [];
  for (let i = 0; i < count; i++) {
    // A port the system says is free (a random one once hit epmd, RabbitMQ's 4369, on this machine).
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const proc = Bun.spawn(["bun", "src/server.ts"], {
      cwd: root, stdout: "ignore", stderr: "inherit",
      env: {
        PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...TEST_SECRETS,
        DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: origin, ...env,
      },
    });
    for (;;) {
      // A server that could not start (its port taken since) fails the test at once, not at its time limit.
      if (proc.exitCode !== null) throw new Error(`the server on port ${port} exited with ${proc.exitCode} before it answered`);
      try {
        if ((await fetch(`${origin}/`)).ok) break;
      } catch {
        // not listening yet
      }
      await Bun.sleep(50);
    }
    servers.push({ proc, origin });
  }
  return servers;
}

export async function stopProductionServers(servers: readonly ProductionServer[]): Promise<void> {
  for (const s of servers) s.proc.kill();
  await Promise.all(servers.map((s) => s.proc.exited));
}
