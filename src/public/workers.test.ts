// Multi-process serving: PGlite refuses WORKERS>1; on PostgreSQL two server processes share
// one database and a write through one is visible from the other once its notification
// arrives (LISTEN/NOTIFY), for anonymous and signed-in visitors.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { resetDb, testDatabaseUrl, TEST_PASSWORD } from "../testing/db";
import { TEST_SECRETS } from "../testing/app";
import { startProductionServers, stopProductionServers, type ProductionServer } from "../testing/productionServers";

const root = resolve(import.meta.dir, "../..");
const baseEnv = { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp" };

test("PGlite with WORKERS above 1 is refused at start-up with a clear message", () => {
  const p = Bun.spawnSync(["bun", "src/server.ts"], { cwd: root, env: { ...baseEnv, WORKERS: "2", DATA_DIR: "/tmp/runboard-never-created" }, stderr: "pipe", timeout: 20_000 });
  expect(p.exitCode).not.toBe(0);
  expect(p.stderr.toString()).toContain("WORKERS above 1 needs DATABASE_URL: PGlite runs inside one process and cannot be shared");
});

const pg = process.env.DATABASE_URL;

// Needs a PostgreSQL server: registered only when the suite runs against one (DATABASE_URL).
if (pg) describe("two processes on PostgreSQL", () => {
  let servers: ProductionServer[] = [];
  let dbUrl = "";

  beforeAll(async () => {
    // The test database of this process (created by the harness), seeded; both servers use it.
    await resetDb();
    dbUrl = testDatabaseUrl()!;
    servers = await startProductionServers(2, dbUrl);
  }, 120_000);

  afterAll(async () => {
    await stopProductionServers(servers);
  });

  async function signIn(origin: string, email: string): Promise<string> {
    const res = await fetch(`${origin}/api/auth/login`, {
      method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]!.split(";")[0]!;
  }

  /** The page from `origin` until `pred` holds; returns how long that took (the notification's trip). */
  async function until(origin: string, path: string, cookie: string | null, pred: (html: string) => boolean): Promise<number> {
    const t0 = performance.now();
    for (;;) {
      const html = await (await fetch(origin + path, { headers: cookie ? { cookie } : {} })).text();
      if (pred(html)) return performance.now() - t0;
      if (performance.now() - t0 > 2_000) throw new Error(`${origin}${path} still shows the old state after 2 s`);
      await Bun.sleep(5);
    }
  }

  test("a run created through one process shows on the other's calendar; cancelling it removes it there", async () => {
    const [a, b] = servers as [typeof servers[0], typeof servers[0]];
    const owner = await signIn(a.origin, "owner@example.com");
    const booster = await signIn(b.origin, "booster@example.com");
    const page = "/game/mop-raid-calendar";
    // Both processes have the page cached before the write.
    await fetch(b.origin + page);
    await fetch(b.origin + page, { headers: { cookie: booster } });
    const boosters = (await (await fetch(`${a.origin}/api/users/boosters`, { headers: { cookie: owner } })).json()) as { id: number; boosterId: string }[];
    const res = await fetch(`${a.origin}/api/runs`, {
      method: "POST", headers: { "content-type": "application/json", origin: a.origin, cookie: owner },
      body: JSON.stringify({
        gameId: 1, boosterId: boosters.find((x) => x.boosterId === "BB-1001")!.id, region: "EU", raidId: 1, difficulty: "heroic_25",
        factionId: 1, completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-01 20:00",
      }),
    });
    expect(res.status).toBe(201);
    const run = (await res.json()) as { id: number; displayId: string };
    const label = `>${run.displayId}</a>`;
    expect(await until(b.origin, page, null, (h) => h.includes(label))).toBeLessThan(1_000);
    expect(await until(b.origin, page, booster, (h) => h.includes(label) && h.includes("BB-1001"))).toBeLessThan(1_000);

    const cancel = await fetch(`${a.origin}/api/runs/${run.id}`, {
      method: "PATCH", headers: { "content-type": "application/json", origin: a.origin, cookie: owner }, body: JSON.stringify({ status: "cancelled" }),
    });
    expect(cancel.status).toBe(200);
    expect(await until(b.origin, page, null, (h) => !h.includes(label))).toBeLessThan(1_000);
    expect(await until(b.origin, page, booster, (h) => !h.includes(label))).toBeLessThan(1_000);
  }, 30_000);

  test("logging out through one process ends the session cached by the other", async () => {
    const [a, b] = servers as [typeof servers[0], typeof servers[0]];
    const booster = await signIn(a.origin, "booster@example.com");
    expect(await (await fetch(`${b.origin}/`, { headers: { cookie: booster } })).text()).toContain("BB-1001");
    const out = await fetch(`${a.origin}/api/auth/logout`, { method: "POST", headers: { origin: a.origin, cookie: booster } });
    expect(out.status).toBe(200);
    expect(await until(b.origin, "/", booster, (h) => !h.includes("BB-1001"))).toBeLessThan(1_000);
  }, 30_000);

  test("WORKERS=2 starts two processes sharing one port, and both answer", async () => {
    const port = 4800 + Math.floor(Math.random() * 80);
    const proc = Bun.spawn(["bun", "src/server.ts"], {
      cwd: root, stdout: "pipe", stderr: "inherit",
      env: { ...baseEnv, NODE_ENV: "production", ...TEST_SECRETS, DATABASE_URL: dbUrl, PORT: String(port), HOST: "127.0.0.1", WORKERS: "2", PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    });
    try {
      const reader = proc.stdout.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain("(2 processes)");
      // The primary's child: a second bun process whose parent is the primary.
      const children = Bun.spawnSync(["pgrep", "-P", String(proc.pid)]).stdout.toString().trim().split("\n").filter(Boolean);
      expect(children).toHaveLength(1);
      for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 60_000);
});
