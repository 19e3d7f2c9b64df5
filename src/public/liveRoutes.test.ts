// The live pages' streams in one process: what a client of /live/calendars/{slug} and
// /live/runs/{displayId} receives after each kind of write, on reconnect (Last-Event-ID
// replayable or not) and for a filter query. Two processes: src/public/liveWorkers.test.ts.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, raidRuns } from "../../db/schema";
import { everythingChanged } from "../../db/changes";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { readSse, type SseClient } from "../testing/sse";
import { MAX_STREAMS_PER_ADDRESS } from "./liveRoutes";
import { T } from "../shared/text";

let t: TestApp;
let owner: string;
let b1: number;
const clients: SseClient[] = [];

beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000);

beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  everythingChanged(); // the reset wrote behind the app's back
  owner = await t.cookieFor("owner@example.com");
  [{ id: b1 }] = (await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"))) as [{ id: number }];
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const RAID = "/live/calendars/mop-raid-calendar";

async function connect(path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const res = await t.request("GET", path, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("text/event-stream");
  expect(res.headers.get("cache-control")).toBe("no-store");
  const client = readSse(res);
  clients.push(client);
  return client;
}

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
  gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});

async function createRaid(over: Record<string, unknown> = {}): Promise<{ id: number; displayId: string }> {
  const res = await t.request("POST", "/api/runs", { cookie: owner, body: raidBody(over) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; displayId: string };
}
const patch = async (id: number, body: Record<string, unknown>) =>
  expect((await t.request("PATCH", `/api/runs/${id}`, { cookie: owner, body })).status).toBe(200);

describe("a calendar's stream", () => {
  test("opens with a retry line and ready; a new run in the view arrives as `run` with its public state", async () => {
    const c = await connect(RAID);
    const ready = await c.next("ready");
    expect(c.raw()).toStartWith("retry: 3000\n");
    expect(ready.id).toMatch(/^[0-9a-z]+-\d+$/);
    const run = await createRaid();
    const ev = await c.next("run");
    expect(ev.data).toEqual({ displayId: run.displayId, status: "available", availability: "open", spotsLeft: null, startsAt: "2026-12-01T19:00:00.000Z" });
  });

  test("places: spots and spotsTaken give spotsLeft and availability, and a change of them is an event", async () => {
    const run = await createRaid();
    const c = await connect(RAID);
    await c.next("ready");
    await t.db.transaction(async (tx) => {
      await tx.update(raidRuns).set({ spots: 5, spotsTaken: 3 }).where(eq(raidRuns.id, run.id));
      const { publicChanged } = await import("../../db/changes");
      await publicChanged(tx);
    });
    expect((await c.next("run")).data).toMatchObject({ displayId: run.displayId, availability: "few", spotsLeft: 2 });
    await t.db.transaction(async (tx) => {
      await tx.update(raidRuns).set({ spotsTaken: 5 }).where(eq(raidRuns.id, run.id));
      const { publicChanged } = await import("../../db/changes");
      await publicChanged(tx);
    });
    expect((await c.next("run")).data).toMatchObject({ displayId: run.displayId, availability: "full", spotsLeft: 0 });
  });

  test("a moved run is `run` with its new start; only changed runs are sent", async () => {
    const run = await createRaid();
    const c = await connect(RAID);
    await c.next("ready");
    await patch(run.id, { scheduledDate: "2026-12-02 21:00" });
    const ev = await c.next("run");
    expect(ev.data).toMatchObject({ displayId: run.displayId, startsAt: "2026-12-02T20:00:00.000Z" });
    expect(c.events.filter((e) => e.event === "run")).toHaveLength(1);
  });

  test("the filter query is respected: a run outside it is never sent, and one filtered out is `removed`", async () => {
    const us = await connect(`${RAID}?region=US`);
    const eu = await connect(RAID);
    await us.next("ready");
    await eu.next("ready");
    const run = await createRaid();
    await eu.next("run");
    await patch(run.id, { region: "US", factionId: 3 });
    expect((await eu.next("removed")).data).toEqual({ displayId: run.displayId });
    expect((await us.next("run")).data).toMatchObject({ displayId: run.displayId });
    // The US stream never heard of it while it was in the EU view.
    expect(us.events.filter((e) => e.event === "run")).toHaveLength(1);
  });

  test("`removed` for every way of leaving the view: cancelled, deleted, started, game hidden", async () => {
    const [a, b] = [await createRaid(), await createRaid({ scheduledDate: "2026-12-03 20:00" })];
    const c = await connect(RAID);
    await c.next("ready");
    await patch(a.id, { status: "cancelled" });
    expect((await c.next("removed")).data).toEqual({ displayId: a.displayId });
    expect((await t.request("DELETE", `/api/runs/${b.id}`, { cookie: owner })).status).toBe(200);
    expect((await c.next("removed")).data).toEqual({ displayId: b.displayId });

    // Started: the clock passes the first shown run's start (nothing written).
    const [first] = await t.db.select().from(raidRuns).where(eq(raidRuns.status, "available")).orderBy(raidRuns.startsAt)
      .then((rows) => rows.filter((r) => r.startsAt > TEST_NOW && r.region === "EU" && r.raidId === 1));
    t.setNow(new Date(first!.startsAt.getTime() + 1));
    everythingChanged(); // the hub's own timer does this at the snapshot's expiry; here the test's clock moved instead
    expect((await c.next("removed")).data).toEqual({ displayId: first!.displayId });

    // Game hidden: every run of the view leaves it.
    const shown = c.events.length;
    expect((await t.request("PATCH", "/api/games/1/dev-visibility", { cookie: owner, body: { devVisible: false } })).status).toBe(200);
    await c.next("removed");
    await Bun.sleep(50);
    const removed = c.events.slice(shown).filter((e) => e.event === "removed");
    expect(removed.length).toBeGreaterThan(1);
  });

  test("an unknown calendar or run is 404", async () => {
    expect((await t.request("GET", "/live/calendars/no-such-game")).status).toBe(404);
    expect((await t.request("GET", "/live/runs/MOP-999999")).status).toBe(404);
  });
});

describe("one address's streams", () => {
  // The client's address comes from the server the app is given (Bun's requestIP when it
  // listens); here a stand-in reads it from a test-only header.
  const PEER = "x-test-peer";
  const from = (address: string) => ({ [PEER]: address });
  test("an address holds at most MAX_STREAMS_PER_ADDRESS streams: the next is 429 with a reason, others still connect, and a closed one frees its place", async () => {
    const saved = t.app.server;
    t.app.server = { requestIP: (r: Request) => ({ address: r.headers.get(PEER) ?? "unknown" }) } as unknown as typeof t.app.server;
    try {
      const held: SseClient[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) held.push(await connect(i % 2 ? RAID : `${RAID}?region=US`, from("203.0.113.9")));
      const refused = await t.request("GET", RAID, { headers: from("203.0.113.9") });
      expect([refused.status, refused.headers.get("retry-after"), await refused.json()]).toEqual([429, "60", { message: T.live.tooMany }]);
      // Other visitors (an IPv6 one among them) still connect.
      await (await connect(RAID, from("2001:db8::1"))).next("ready");
      await (await connect(RAID, from("198.51.100.4"))).next("ready");
      // A peer on this host without TRUSTED_PROXIES is a proxy in front, whose one address all visitors share: no cap.
      for (let i = 0; i <= MAX_STREAMS_PER_ADDRESS; i++) await connect(RAID, from("127.0.0.1"));
      await held[0]!.close();
      await (await connect(RAID, from("203.0.113.9"))).next("ready");
    } finally {
      t.app.server = saved;
    }
  });
});

describe("reconnects", () => {
  test("a Last-Event-ID the process can replay gets the missed events, then ready", async () => {
    const c = await connect(RAID);
    const { id } = await c.next("ready");
    const run = await createRaid();
    await c.next("run");
    await c.close();
    await patch(run.id, { status: "cancelled" });
    const other = await createRaid({ scheduledDate: "2026-12-04 20:00" });
    await Bun.sleep(50); // the hub's pass after the commits
    const again = await connect(RAID, { "last-event-id": id! });
    await again.next("ready");
    // In id order: the run it saw created (again), its cancellation and the new one (a pass that saw both writes sends the run first).
    const names = again.events.map((e) => `${e.event} ${(e.data as { displayId?: string }).displayId ?? ""}`);
    expect(names.at(-1)).toBe("ready ");
    expect(names.slice(0, -1).toSorted()).toEqual([`removed ${run.displayId}`, `run ${run.displayId}`, `run ${other.displayId}`].toSorted());
    const ids = again.events.map((e) => Number(e.id!.split("-")[1]));
    expect(ids).toEqual(ids.toSorted((x, y) => x - y));
  });

  test("a stale, foreign or malformed Last-Event-ID gets reset", async () => {
    for (const stale of ["zzzzzz-1", "garbage", `${"x"}-99999999`]) {
      const c = await connect(RAID, { "last-event-id": stale });
      const ev = await c.next();
      expect(ev.event).toBe("reset");
      await c.close();
    }
    // An id of this process, but from before the view was followed (its buffer cannot reach back).
    const first = await connect(`${RAID}?difficulty=normal_10`);
    const { id } = await first.next("ready");
    await createRaid({ difficulty: "normal_10" });
    await first.next("run");
    const unfollowed = await connect(`${RAID}?difficulty=heroic_10`, { "last-event-id": id! });
    expect((await unfollowed.next()).event).toBe("reset");
  });

  test("`since` in the query stands in for the header (a filter switch opens a new stream)", async () => {
    const c = await connect(RAID);
    const { id } = await c.next("ready");
    const run = await createRaid();
    await c.next("run");
    const again = await connect(`${RAID}?since=${id}`);
    expect((await again.next()).data).toMatchObject({ displayId: run.displayId });
  });
});

describe("a run page's stream", () => {
  test("the run's changes, then `removed` when it is cancelled; a reconnect right after still learns it", async () => {
    const run = await createRaid();
    const c = await connect(`/live/runs/${run.displayId}`);
    const { id } = await c.next("ready");
    await patch(run.id, { scheduledDate: "2026-12-05 20:00" });
    expect((await c.next("run")).data).toMatchObject({ displayId: run.displayId, startsAt: "2026-12-05T19:00:00.000Z" });
    await c.close();
    await patch(run.id, { status: "cancelled" });
    await Bun.sleep(50);
    const again = await connect(`/live/runs/${run.displayId}`, { "last-event-id": id! });
    await again.next("removed");
  });
});
