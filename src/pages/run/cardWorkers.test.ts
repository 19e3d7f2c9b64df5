// The share image across processes (PostgreSQL only): two production servers on one database
// answer the same bytes under the same ETag, and a spots change made through one changes the
// image the other serves (its read model hears the change through LISTEN/NOTIFY; the card is
// keyed by what it draws, so no process can keep serving the old picture).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resetDb, testDatabaseUrl, TEST_PASSWORD } from "../../testing/db";
import { startProductionServers, stopProductionServers, type ProductionServer } from "../../testing/productionServers";
import { readPng } from "../../testing/png";

const pg = process.env.DATABASE_URL;

// Needs a PostgreSQL server: registered only when the suite runs against one (DATABASE_URL).
if (pg) describe("share images in two processes on PostgreSQL", () => {
  let servers: ProductionServer[] = [];

  beforeAll(async () => {
    await resetDb();
    servers = await startProductionServers(2, testDatabaseUrl()!);
  }, 120_000);

  afterAll(async () => {
    await stopProductionServers(servers);
  });

  async function card(origin: string, displayId: string) {
    const res = await fetch(`${origin}/runs/${displayId}/card.png`);
    expect(res.status).toBe(200);
    return { etag: res.headers.get("etag")!, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  /** B's card until its ETag differs from `old` (the notification's trip); gives up after 10 s. */
  async function changed(origin: string, displayId: string, old: string) {
    const t0 = performance.now();
    for (;;) {
      const now = await card(origin, displayId);
      if (now.etag !== old) return now;
      if (performance.now() - t0 > 10_000) throw new Error(`${origin} still serves the old image after 10 s`);
      await Bun.sleep(20);
    }
  }

  test("the same bytes and ETag from both; a spots change through one re-renders on the other", async () => {
    const [a, b] = servers as [ProductionServer, ProductionServer];
    const login = await fetch(`${a.origin}/api/auth/login`, {
      method: "POST", headers: { "content-type": "application/json", origin: a.origin }, body: JSON.stringify({ email: "owner@example.com", password: TEST_PASSWORD }),
    });
    const owner = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const boosters = (await (await fetch(`${a.origin}/api/users/boosters`, { headers: { cookie: owner } })).json()) as { id: number; boosterId: string }[];
    const created = await fetch(`${a.origin}/api/runs`, {
      method: "POST", headers: { "content-type": "application/json", origin: a.origin, cookie: owner },
      body: JSON.stringify({
        gameId: 1, boosterId: boosters.find((x) => x.boosterId === "BB-1001")!.id, region: "EU", raidId: 1, difficulty: "heroic_25",
        factionId: 1, completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-01 20:00", spots: 10,
      }),
    });
    expect(created.status).toBe(201);
    const run = (await created.json()) as { id: number; displayId: string };

    const fromA = await changed(a.origin, run.displayId, "");
    const fromB = await changed(b.origin, run.displayId, "");
    expect(fromB.etag).toBe(fromA.etag);
    expect(fromB.bytes).toEqual(fromA.bytes);

    const patched = await fetch(`${a.origin}/api/runs/${run.id}`, {
      method: "PATCH", headers: { "content-type": "application/json", origin: a.origin, cookie: owner }, body: JSON.stringify({ spotsTaken: 9 }),
    });
    expect(patched.status).toBe(200);
    const afterB = await changed(b.origin, run.displayId, fromB.etag);
    expect(afterB.bytes).not.toEqual(fromB.bytes);
    expect([readPng(afterB.bytes).width, readPng(afterB.bytes).height]).toEqual([1200, 630]);
    const afterA = await card(a.origin, run.displayId);
    expect(afterA.etag).toBe(afterB.etag);
    expect(afterA.bytes).toEqual(afterB.bytes);
  }, 120_000);
});
