// Delivery through a real local HTTP receiver that fails part of the time (seeded, so every
// run sees the same sequence of answers), on PGlite or PostgreSQL (DATABASE_URL).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { announcementMessages, announcementOutbox, boosters, gameWebhooks, raidRuns } from "../../db/schema";
import { announceAll, runsBefore } from "./outbox";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { captureLog } from "../testing/log";
import { metrics } from "../ops/metrics";
import { retryAfterMs, retryDelay, startDelivery, type Delivery } from "./worker";
import { sealWebhookUrl } from "./webhookSecret";
import { discordReceiver } from "../testing/discordReceiver";
import { seeded } from "../testing/seeded";


type Answer = "accept" | "fail" | "limit" | ((req: Request) => Response);

/**
 * A Discord-like receiver on 127.0.0.1: `answer()` picks each request's fate. It counts the
 * posts it accepted per idempotency key (a duplicate would count twice) and the requests in
 * flight; accepted posts answer a moment later, so a shutdown can catch some mid-way.
 */
function receiver(answer: () => Answer) {
  const accepted = new Map<string, number>();
  const seen = { requests: 0, failed: 0, limited: 0, inFlight: 0, bodies: [] as unknown[], urls: [] as string[] };
  const server = Bun.serve({
    hostname: "127.0.0.1", port: 0,
    async fetch(req) {
      seen.requests++;
      seen.inFlight++;
      try {
        const key = req.headers.get("idempotency-key") ?? "";
        seen.bodies.push(await req.json());
        seen.urls.push(req.url);
        await Bun.sleep(1);
        const fate = answer();
        if (typeof fate === "function") return fate(req);
        if (fate === "fail") {
          seen.failed++;
          return new Response("upstream trouble", { status: 500 });
        }
        if (fate === "limit") {
          seen.limited++;
          return Response.json({ message: "You are being rate limited.", retry_after: 0.002, global: false }, { status: 429 });
        }
        accepted.set(key, (accepted.get(key) ?? 0) + 1);
        return Response.json({ id: key });
      } finally {
        seen.inFlight--;
      }
    },
  });
  return { accepted, seen, url: `http://127.0.0.1:${server.port}/api/webhooks/1/T0ken-x9Q7`, stop: () => server.stop(true) };
}

/** 30 % of requests fail: 25 % with a 500, 5 % with a 429 (Discord's rate limit). */
function flaky(seed: number): () => Answer {
  const random = seeded(seed);
  return () => {
    const r = random();
    return r < 0.25 ? "fail" : r < 0.3 ? "limit" : "accept";
  };
}

/** Polls until `done()` holds (the deliveries run in the background); fails after `limitMs`. */
async function until(done: () => boolean | Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

// The receiver is plain http on this machine: the development and test switch allows it, deliberately.
const FAST = { ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true", ANNOUNCE_RETRY_BASE_MS: "1", ANNOUNCE_RETRY_MAX_MS: "8", ANNOUNCE_POLL_MS: "10", ANNOUNCE_MAX_ATTEMPTS: "40", ANNOUNCE_TIMEOUT_MS: "5000", ANNOUNCE_CONCURRENCY: "32", ANNOUNCE_EDIT_INTERVAL_MS: "20" };
let t: TestApp;
let owner: string;
let b1: number;
let running: Delivery[] = [];
let log: ReturnType<typeof captureLog>;

// The delivery clock moves with real time from TEST_NOW (the seeded runs stay in the future).
const t0 = performance.now();
const movingClock = () => new Date(TEST_NOW.getTime() + (performance.now() - t0));

function deliver(app: TestApp, clock = movingClock): Delivery {
  const d = startDelivery({ db: app.db, config: app.config.announce, dataKey: app.config.dataKey, clock, log: log.logger, random: seeded(7) });
  running.push(d);
  return d;
}

beforeAll(async () => {
  log = captureLog();
  t = await makeTestApp({ env: FAST });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  owner = await t.cookieFor("owner@example.com");
  b1 = (await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001")))[0]!.id;
  log.lines.length = 0;
});
afterEach(async () => {
  await Promise.all(running.map((d) => d.stop()));
  running = [];
});
afterAll(() => undefined);

const raidBody = (day: number) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
  gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: `2026-12-${String(1 + (day % 28)).padStart(2, "0")} 20:00`,
});

/**
 * Run writes in bulk, as a bulk action makes them: the rows change and their announcements
 * are queued by the services' own hook in the same transaction. (Through the HTTP API a
 * write costs ~30 ms on this loaded machine; 1,000 of them would make this test slow. The
 * per-request path is tested in ./outbox.test.ts.)
 */
async function createRuns(app: TestApp, n: number): Promise<number[]> {
  return app.db.transaction(async (tx) => {
    const made = await tx.insert(raidRuns).values(Array.from({ length: n }, (_, i) => ({
      gameId: 1, boosterId: b1, region: "EU" as const, raidId: 1, difficulty: "heroic_25" as const, factionId: 1, completionModeId: 1,
      gameplayType: "pilot" as const, timezone: "CET" as const, title: "WoW Raid Run", startsAt: new Date(TEST_NOW.getTime() + (i + 1) * 3_600_000),
    }))).returning({ id: raidRuns.id });
    const ids = made.map((r) => r.id);
    await tx.update(raidRuns).set({ displayId: sql`'MOP-' || ${raidRuns.id}` }).where(inArray(raidRuns.id, ids));
    await announceAll(tx, app, ids.map((id) => ({ kind: "raid" as const, id })));
    return ids;
  });
}

async function changeRuns(app: TestApp, ids: number[], set: Partial<typeof raidRuns.$inferInsert>): Promise<void> {
  await app.db.transaction(async (tx) => {
    const before = await runsBefore(tx, "raid", ids, TEST_NOW);
    await tx.update(raidRuns).set({ ...set, revision: sql`${raidRuns.revision} + 1` }).where(inArray(raidRuns.id, ids));
    await announceAll(tx, app, ids.map((id) => ({ kind: "raid" as const, id, before: before.get(id) })));
  });
}

async function write(app: TestApp, method: string, path: string, body?: unknown): Promise<{ id: number }> {
  const res = await app.request(method, path, { cookie: owner, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

async function setWebhook(app: TestApp, url: string): Promise<void> {
  const res = await app.request("PUT", "/api/games/1/webhook", { cookie: owner, body: { url } });
  expect(res.status).toBe(200);
}

const outboxRows = (app: TestApp) => app.db.select().from(announcementOutbox).orderBy(asc(announcementOutbox.id));

describe("the outbox figure", () => {
  test("1,000 runs posted and then changed, a receiver failing 30 % of the time, an app restart mid-delivery: exactly 1,000 posts, none twice, every message edited to its run's last state", async () => {
    // Discord's webhook API imitated; 25 % of requests fail with a 500, 5 % are rate-limited (seeded).
    const random = seeded(2026);
    const hook = discordReceiver(() => {
      const r = random();
      if (r < 0.25) return "fail";
      if (r < 0.3) return { limit: 0.002 };
      // A moment before the answer, so the restart catches some in flight.
      return { delayMs: 1 };
    });
    try {
      await setWebhook(t, hook.url);
      const delivered = metrics.registry.getSingleMetric("announcement_deliveries_total") as unknown as { get(): Promise<{ values: { labels: { outcome?: string }; value: number }[] }> };
      const deliveredBefore = (await delivered.get()).values.find((v) => v.labels.outcome === "delivered")?.value ?? 0;
      const started = performance.now();

      // App A: 1,000 new runs, then a change to each before anything is sent (coalesced into the posts).
      const ids = await createRuns(t, 1000);
      await changeRuns(t, ids, { gameplayType: "selfplay" });
      expect(await outboxRows(t)).toHaveLength(1000);
      const a = deliver(t);
      // Stopped gracefully while posts are in flight (as SIGTERM's drain does).
      await until(() => hook.posts().length >= 300 && hook.inFlight > 0, "app A's deliveries to be under way");
      await a.stop();
      expect(hook.inFlight).toBe(0);
      // Every post Discord accepted is recorded with its message id: none will be posted again.
      const stored = await t.db.select().from(announcementMessages);
      expect(new Set(stored.map((m) => m.messageId))).toEqual(new Set(hook.messages.keys()));
      expect((await outboxRows(t)).filter((r) => !r.deliveredAt).length).toBeGreaterThan(0);

      // App B on the same database: its worker picks up the backlog while every run changes
      // again and a quarter is cancelled; runs already posted get edits, the others post their latest state.
      const appB = await makeTestApp({ env: FAST });
      deliver(appB);
      await changeRuns(appB, ids, { startsAt: new Date(TEST_NOW.getTime() + 9 * 86_400_000) });
      await changeRuns(appB, ids.slice(0, 250), { status: "cancelled" });
      await until(async () => (await appB.db.select({ id: announcementOutbox.id }).from(announcementOutbox).where(isNull(announcementOutbox.deliveredAt))).length === 0, "every announcement to be delivered");
      const seconds = (performance.now() - started) / 1000;

      // Exactly one post per run, none twice; each run's stored id is its message.
      expect(hook.posts()).toHaveLength(1000);
      expect(hook.messages.size).toBe(1000);
      const messages = await appB.db.select().from(announcementMessages);
      expect(messages).toHaveLength(1000);
      expect(new Set(messages.map((m) => m.runId))).toEqual(new Set(ids));
      // Every message shows its run's last state: cancelled, or moved to the new time.
      const byRun = new Map(messages.map((m) => [m.runId, hook.messages.get(m.messageId)!]));
      for (const [i, id] of ids.entries()) {
        const m = byRun.get(id)!;
        if (i < 250) expect(m.content).toStartWith("Run cancelled:");
        else expect((m.embeds[0] as { timestamp: string }).timestamp).toBe(new Date(TEST_NOW.getTime() + 9 * 86_400_000).toISOString());
      }
      // Edits of one message never closer than the edit interval (arrival times at the receiver).
      const accepted = hook.requests.filter((r) => r.status < 300);
      const perMessage = new Map<string, number[]>();
      for (const r of accepted) if (r.method === "PATCH") perMessage.set(r.messageId!, [...(perMessage.get(r.messageId!) ?? []), r.at]);
      for (const times of perMessage.values()) for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(appB.config.announce.editIntervalMs);
      // The receiver did fail and rate-limit, and those requests were retried.
      const failed = hook.requests.filter((r) => r.status === 500).length;
      const limited = hook.requests.filter((r) => r.status === 429).length;
      expect(failed).toBeGreaterThan(100);
      expect(limited).toBeGreaterThan(10);
      expect(hook.requests.filter((r) => r.method === "POST" && r.wait)).toHaveLength(hook.requests.filter((r) => r.method === "POST").length);
      expect(hook.requests[0]!.body).toMatchObject({ content: expect.any(String), embeds: [expect.any(Object)], allowed_mentions: { parse: [] } });

      // /metrics: nothing waiting; every accepted post and edit counted as delivered.
      const text = await metrics.registry.metrics();
      expect(text).toContain('announcement_outbox_backlog{state="waiting"} 0');
      expect((await delivered.get()).values.find((v) => v.labels.outcome === "delivered")?.value).toBe(deliveredBefore + accepted.length);
      console.log(`[figure] outbox: 1000 posts + ${hook.edits().length} edits, ${failed} failed (500) and ${limited} rate-limited (429) requests retried, ${hook.requests.length} requests, ${seconds.toFixed(1)} s`);
    } finally {
      hook.stop();
    }
  }, 180_000);
});

describe("delivery", () => {
  async function queue(n: number): Promise<void> {
    for (let i = 0; i < n; i++) await write(t, "POST", "/api/runs", raidBody(i));
  }

  test("two workers at once (WORKERS=2) never post the same announcement", async () => {
    const hook = receiver(flaky(99));
    try {
      await setWebhook(t, hook.url);
      await createRuns(t, 60);
      deliver(t);
      deliver(t);
      await until(() => hook.accepted.size >= 60, "60 posts");
      await Promise.all(running.map((d) => d.stop()));
      expect([...hook.accepted.values()].every((n) => n === 1)).toBe(true);
      expect(hook.accepted.size).toBe(60);
    } finally {
      hook.stop();
    }
  }, 60_000);

  test("a 429 waits as long as Discord says and does not count towards giving up", async () => {
    const hook = receiver(() => () => Response.json({ retry_after: 1.5, global: false }, { status: 429 }));
    try {
      await setWebhook(t, hook.url);
      await queue(1);
      // A fixed clock: the row, once answered, is not due again.
      deliver(t, t.clock);
      await until(async () => (await outboxRows(t))[0]!.lastError !== null, "the 429 to be recorded");
      const [row] = await outboxRows(t);
      expect(row).toMatchObject({ attempts: 0, lastError: "HTTP 429", deliveredAt: null });
      expect(row!.nextAttemptAt!.getTime() - t.clock().getTime()).toBe(1500);
    } finally {
      hook.stop();
    }
  });

  test("a 4xx gives up at once; 5xx and network errors back off, then give up after the last attempt; no URL in errors or logs", async () => {
    const hook = receiver(() => () => new Response("gone", { status: 404 }));
    try {
      await setWebhook(t, hook.url);
      await queue(1);
      deliver(t);
      await until(async () => (await outboxRows(t))[0]!.nextAttemptAt === null, "the 404 to be given up");
      expect((await outboxRows(t))[0]).toMatchObject({ attempts: 1, lastError: "HTTP 404", deliveredAt: null });
      await Promise.all(running.map((d) => d.stop()));

      // Nobody listening: a network error each time, up to the configured attempts (40).
      hook.stop();
      await queue(1);
      deliver(t);
      await until(async () => (await outboxRows(t))[1]!.nextAttemptAt === null, "the unreachable webhook to be given up");
      const [, unreachable] = await outboxRows(t);
      expect(unreachable!.attempts).toBe(40);
      // A category, not the socket's message.
      expect(unreachable!.lastError).toBe("refused");
      const text = await metrics.registry.metrics();
      expect(text).toContain('announcement_outbox_backlog{state="given_up"} 2');
      const lines = await log.text();
      expect(lines).toContain("announcement given up");
      expect(lines).not.toContain("T0ken-x9Q7");
    } finally {
      hook.stop();
    }
  }, 60_000);

  test("only public addresses are reached: a relay host resolving to this machine is refused at connect time, a stored internal target is never tried", async () => {
    // A relay host the configuration allows, whose name resolves to loopback.
    const relay = await makeTestApp({ env: { ...FAST, ANNOUNCE_ALLOW_LOOPBACK_HTTP: "false", ANNOUNCE_ALLOWED_HOSTS: "localhost" } });
    const res = await relay.request("PUT", "/api/games/1/webhook", { cookie: owner, body: { url: "https://localhost/relay/discord" } });
    expect(res.status).toBe(200);
    await queue(1);
    deliver(relay);
    await until(async () => (await outboxRows(t))[0]!.nextAttemptAt === null, "the loopback relay to be refused");
    expect((await outboxRows(t))[0]).toMatchObject({ attempts: 1, lastError: "blocked address", deliveredAt: null });
    await Promise.all(running.map((d) => d.stop()));

    // Saved before the rules (or by hand): an internal https target is given up without a connection.
    const hook = receiver(() => "accept");
    try {
      const internal = hook.url.replace("http://", "https://");
      await t.db.update(gameWebhooks).set({ urlSealed: sealWebhookUrl(t.config.dataKey, 1, internal) });
      await queue(1);
      deliver(t);
      await until(async () => (await outboxRows(t))[1]!.nextAttemptAt === null, "the internal target to be given up");
      expect((await outboxRows(t))[1]).toMatchObject({ attempts: 1, lastError: "target not allowed" });
      expect(hook.seen.requests).toBe(0);
    } finally {
      hook.stop();
    }
  });

  test("a webhook removed after the run changed: the announcement is given up, nothing posted", async () => {
    const hook = receiver(() => "accept");
    try {
      await setWebhook(t, hook.url);
      await queue(1);
      await t.db.delete(gameWebhooks);
      deliver(t);
      await until(async () => (await outboxRows(t))[0]!.nextAttemptAt === null, "the row to be given up");
      expect((await outboxRows(t))[0]!.lastError).toBe("no webhook");
      expect(hook.seen.requests).toBe(0);
    } finally {
      hook.stop();
    }
  });
});

test("retry waits: exponential, capped, jittered in the upper half; Discord's retry_after", () => {
  const c = { retryBaseMs: 100, retryMaxMs: 1000 };
  expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, c, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
  expect([1, 2, 5].map((n) => retryDelay(n, c, () => 0))).toEqual([50, 100, 500]);
  expect(retryAfterMs({ retry_after: 0.25 }, null)).toBe(250);
  expect(retryAfterMs(null, "3")).toBe(3000);
  expect(retryAfterMs({ retry_after: 1e9 }, null)).toBe(3_600_000);
  expect(retryAfterMs(null, "soon")).toBeNull();
  expect(retryAfterMs(null, null)).toBeNull();
});
