// The live pages across processes: two servers on one PostgreSQL database; a write through
// one reaches the SSE clients of the other (the change feed's LISTEN/NOTIFY), and a client
// that reconnects to the other process (its event ids are foreign there) gets `reset`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resetDb, testDatabaseUrl, TEST_PASSWORD } from "../testing/db";
import { startProductionServers, stopProductionServers, type ProductionServer } from "../testing/productionServers";
import { readSse, type SseClient } from "../testing/sse";

const pg = process.env.DATABASE_URL;

// Needs a PostgreSQL server: registered only when the suite runs against one (DATABASE_URL).
if (pg) describe("live pages in two processes on PostgreSQL", () => {
  let servers: ProductionServer[] = [];
  const clients: SseClient[] = [];

  beforeAll(async () => {
    await resetDb();
    const dbUrl = testDatabaseUrl()!;
    servers = await startProductionServers(2, dbUrl);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await stopProductionServers(servers);
  });

  async function connect(origin: string, path: string, headers: Record<string, string> = {}) {
    const res = await fetch(origin + path, { headers });
    expect(res.status).toBe(200);
    const c = readSse(res);
    clients.push(c);
    return c;
  }

  async function write(origin: string, method: string, path: string, cookie: string, body?: unknown) {
    const res = await fetch(origin + path, {
      method, headers: { "content-type": "application/json", origin, cookie }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
    return res.json();
  }

  test("a run created and cancelled through process A reaches a calendar client and a run page client of process B", async () => {
    const [a, b] = servers as [typeof servers[0], typeof servers[0]];
    const login = await fetch(`${a.origin}/api/auth/login`, {
      method: "POST", headers: { "content-type": "application/json", origin: a.origin }, body: JSON.stringify({ email: "owner@example.com", password: TEST_PASSWORD }),
    });
    const owner = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const boosters = (await (await fetch(`${a.origin}/api/users/boosters`, { headers: { cookie: owner } })).json()) as { id: number; boosterId: string }[];
    const calendar = await connect(b.origin, "/live/calendars/mop-raid-calendar");
    const { id: readyId } = await calendar.next("ready");
    const t0 = performance.now();
    const run = (await write(a.origin, "POST", "/api/runs", owner, {
      gameId: 1, boosterId: boosters.find((x) => x.boosterId === "BB-1001")!.id, region: "EU", raidId: 1, difficulty: "heroic_25",
      factionId: 1, completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-01 20:00",
    })) as { id: number; displayId: string };
    const created = await calendar.next("run");
    expect(created.data).toMatchObject({ displayId: run.displayId, availability: "open" });
    expect(performance.now() - t0).toBeLessThan(2_000);

    const page = await connect(b.origin, `/live/runs/${run.displayId}`);
    await page.next("ready");
    await write(a.origin, "PATCH", `/api/runs/${run.id}`, owner, { status: "cancelled" });
    expect((await calendar.next("removed")).data).toEqual({ displayId: run.displayId });
    expect((await page.next("removed")).data).toEqual({ displayId: run.displayId });

    // B's event ids mean nothing to A: a reconnect there refetches instead of trusting them.
    const moved = await connect(a.origin, "/live/calendars/mop-raid-calendar", { "last-event-id": readyId! });
    expect((await moved.next()).event).toBe("reset");
  }, 60_000);

  test("a process that shuts down ends its streams at once (the browsers reconnect elsewhere)", async () => {
    const b = servers[1]!;
    const c = await connect(b.origin, "/live/calendars/mop-raid-calendar");
    await c.next("ready");
    const t0 = performance.now();
    b.proc.kill("SIGTERM");
    await expect(c.next("never", 10_000)).rejects.toThrow("stream ended");
    expect(performance.now() - t0).toBeLessThan(5_000);
  }, 30_000);
});
