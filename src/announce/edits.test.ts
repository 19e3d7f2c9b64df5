// Discord posts that stay true (docs/decisions/30): the worker against a local receiver that
// imitates Discord's webhook API (src/testing/discordReceiver.ts), on PGlite or PostgreSQL.
// The app's clock is fixed and moved by hand, so the 10-second edit interval is the real one
// without the test waiting for it.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { announcementMessages, announcementOutbox, boosters, raidRuns } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { captureLog } from "../testing/log";
import { discordReceiver } from "../testing/discordReceiver";
import { queueRunMessageEdit } from "./outbox";
import { startDelivery, type Delivery } from "./worker";
import type { DiscordMessage } from "./message";
import { freshSecrets } from "../config/secretRules";
import { signatureHeader } from "../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../shared/storefront";
import { ORIGIN } from "../testing/app";

// The receiver is plain http on this machine: the development and test switch allows it, deliberately.
// The edit interval is left at its default, 10 s.
// Each test takes a few hundred milliseconds idle; seconds on the loaded test machine.
const LIMIT = 30_000;
const STOREFRONT_SECRET = freshSecrets().JWT_SECRET;
const ENV = { STOREFRONT_WEBHOOK_SECRET: STOREFRONT_SECRET, ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true", ANNOUNCE_RETRY_BASE_MS: "1", ANNOUNCE_RETRY_MAX_MS: "8", ANNOUNCE_POLL_MS: "5", ANNOUNCE_TIMEOUT_MS: "5000" };
let t: TestApp;
let owner: string;
let b1: number;
let running: Delivery[] = [];
let receivers: ReturnType<typeof discordReceiver>[] = [];
const log = captureLog();

beforeAll(async () => {
  t = await makeTestApp({ env: ENV });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
  owner = await t.cookieFor("owner@example.com");
  b1 = (await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001")))[0]!.id;
});
afterEach(async () => {
  await Promise.all(running.map((d) => d.stop()));
  for (const r of receivers) r.stop();
  running = [];
  receivers = [];
});

function deliver(app: TestApp = t): Delivery {
  // One clock for writes and deliveries: the main app's, moved by hand.
  const d = startDelivery({ db: app.db, config: app.config.announce, dataKey: app.config.dataKey, clock: t.clock, log: log.logger, random: () => 0.5 });
  running.push(d);
  return d;
}

async function discord(answer?: Parameters<typeof discordReceiver>[0]) {
  const hook = discordReceiver(answer);
  receivers.push(hook);
  const res = await t.request("PUT", "/api/games/1/webhook", { cookie: owner, body: { url: hook.url } });
  expect(res.status).toBe(200);
  return hook;
}

async function send(method: string, path: string, body?: unknown): Promise<{ id: number; displayId: string }> {
  const res = await t.request(method, path, { cookie: owner, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; displayId: string };
}

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});

/** Polls until `done()` holds (the worker runs in the background); fails after `limitMs`. */
async function until(done: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

const rows = () => t.db.select().from(announcementOutbox).orderBy(asc(announcementOutbox.id));
const waiting = async () => (await rows()).filter((r) => r.nextAttemptAt !== null).length;
const storedMessages = () => t.db.select().from(announcementMessages);
const placesOf = (m: { embeds: unknown[] }) => ((m.embeds[0] as DiscordMessage["embeds"][0]).fields.find((f) => f.name === "Places")?.value ?? null);
const later = (ms: number) => t.setNow(new Date(t.clock().getTime() + ms));

/** Sets a run's places as the storefront's orders or a staff form would, through the generic edit path. */
async function setPlaces(id: number, spots: number | null, spotsTaken: number): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.update(raidRuns).set({ spots, spotsTaken }).where(eq(raidRuns.id, id));
    await queueRunMessageEdit(tx, t, { kind: "raid", id });
  });
}

/** A run created through the API and posted: its id and the Discord message id. */
async function postedRun(hook: ReturnType<typeof discordReceiver>, over: Record<string, unknown> = {}): Promise<{ id: number; displayId: string; messageId: string }> {
  const before = hook.posts().length;
  const run = await send("POST", "/api/runs", raidBody(over));
  await until(() => hook.posts().length > before && waiting().then((n) => n === 0), "the post");
  const [stored] = (await storedMessages()).filter((m) => m.runId === run.id);
  return { ...run, messageId: stored!.messageId };
}

describe("a run's message is posted once and then edited in place", () => {
  test("the post asks ?wait=true and stores the message id Discord answers, per run and webhook target", async () => {
    const hook = await discord();
    deliver();
    const run = await postedRun(hook);
    const [post] = hook.requests;
    expect(post).toMatchObject({ method: "POST", wait: true, messageId: null, status: 200 });
    const stored = await storedMessages();
    expect(stored).toHaveLength(1);
    // The id is the one Discord answered; the target is a fingerprint, never the URL (a secret).
    expect(stored[0]).toMatchObject({ runKind: "raid", runId: run.id, gameId: 1, messageId: [...hook.messages.keys()][0] });
    expect(stored[0]!.target).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.stringify(stored)).not.toContain("T0ken");
    expect((await rows())[0]).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null, postStartedAt: null });
    expect((await rows())[0]!.deliveredAt).not.toBeNull();
  }, LIMIT);

  test("a change is one PATCH of that message, not a second post; its places follow the run", async () => {
    const hook = await discord();
    deliver();
    const run = await postedRun(hook);
    later(60_000);
    await setPlaces(run.id, 10, 7);
    await until(() => hook.edits().length === 1 && waiting().then((n) => n === 0), "the edit");
    expect(hook.posts()).toHaveLength(1);
    expect(hook.edits()[0]!.messageId).toBe(run.messageId);
    const message = hook.messages.get(run.messageId)!;
    expect(message.edits).toBe(1);
    expect(placesOf(message)).toStartWith("3 spots left · booking closes <t:");
    expect(message.content).toStartWith(`New run: Mogu'shan Vaults · ${run.displayId}`);
    expect(message.content).toContain(`/go/${run.displayId}?source=discord`);

    // The time changes through the API: the same message shows it.
    later(60_000);
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-02 21:00" });
    await until(() => hook.edits().length === 2 && waiting().then((n) => n === 0), "the second edit");
    expect((hook.messages.get(run.messageId)!.embeds[0] as { timestamp: string }).timestamp).toBe("2026-12-02T20:00:00.000Z");
    later(60_000);
    await setPlaces(run.id, 10, 10);
    await until(() => hook.edits().length === 3, "the third edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toBe("Full");
    // A full run's message no longer offers the booking link.
    expect(hook.messages.get(run.messageId)!.content).not.toContain("/go/");
    expect(hook.posts()).toHaveLength(1);
  }, LIMIT);

  test("a storefront sale edits the message in the order's transaction: its places follow the sale", async () => {
    const hook = await discord();
    deliver();
    const run = await postedRun(hook, { spots: 10 });
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("10 spots left");
    later(60_000);
    const body = JSON.stringify({ orderId: "ord-edit-1", run: run.displayId, quantity: 3, status: "paid" });
    const res = await t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, {
      method: "POST", body,
      headers: { "content-type": "application/json", "runboard-signature": signatureHeader(STOREFRONT_SECRET, Math.floor(t.clock().getTime() / 1000), body) },
    }));
    expect(res.status).toBe(200);
    await until(() => hook.edits().length === 1 && waiting().then((n) => n === 0), "the edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("7 spots left");
    expect(hook.posts()).toHaveLength(1);
  }, LIMIT);

  test("a burst of changes within 10 s is one PATCH with the latest state, sent when 10 s have passed since the last", async () => {
    const hook = await discord();
    deliver();
    const run = await postedRun(hook);
    // Five orders in the next few seconds.
    for (let taken = 1; taken <= 5; taken++) {
      later(1_000);
      await setPlaces(run.id, 10, taken);
    }
    // One waiting row, due 10 s after the post; nothing is sent before.
    const [, row] = await rows();
    expect(row).toMatchObject({ revision: 4, nextAttemptAt: new Date(TEST_NOW.getTime() + 10_000) });
    await Bun.sleep(200);
    expect(hook.edits()).toHaveLength(0);
    t.setNow(new Date(TEST_NOW.getTime() + 10_000));
    await until(() => hook.edits().length === 1, "the coalesced edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("5 spots left");
    await until(async () => (await waiting()) === 0, "the row to be recorded");

    // Another change right after: it waits for the next 10 s, however soon it comes.
    later(500);
    await setPlaces(run.id, 10, 6);
    await Bun.sleep(200);
    expect(hook.edits()).toHaveLength(1);
    later(9_500);
    await until(() => hook.edits().length === 2, "the next edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("4 spots left");
    const times = hook.edits().map((e) => e.at);
    expect(hook.posts()).toHaveLength(1);
    expect(times).toHaveLength(2);
  }, LIMIT);

  test("a change arriving while an edit is on its way is sent after it, not lost", async () => {
    let hold = true;
    const hook = await discord(async (req) => {
      while (req.method === "PATCH" && hold) await Bun.sleep(5);
      return "accept" as const;
    });
    deliver();
    const run = await postedRun(hook);
    later(10_000);
    await setPlaces(run.id, 10, 1);
    await until(() => hook.inFlight === 1, "the edit to be on its way");
    // Written while Discord has not answered yet.
    await setPlaces(run.id, 10, 2);
    hold = false;
    await until(() => hook.edits().length === 1, "the first edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("9 spots left");
    later(10_000);
    await until(() => hook.edits().length === 2, "the second edit");
    expect(placesOf(hook.messages.get(run.messageId)!)).toStartWith("8 spots left");
  }, LIMIT);

  test("a cancelled run's message and a deleted run's message are edited to say so", async () => {
    const hook = await discord();
    deliver();
    const cancelled = await postedRun(hook);
    const deleted = await postedRun(hook);
    later(10_000);
    await send("PATCH", `/api/runs/${cancelled.id}`, { status: "cancelled" });
    await send("DELETE", `/api/runs/${deleted.id}`);
    await until(() => hook.edits().length === 2, "both edits");
    expect(hook.posts()).toHaveLength(2);
    for (const run of [cancelled, deleted]) {
      const message = hook.messages.get(run.messageId)!;
      expect(message.content).toStartWith(`Run cancelled: Mogu'shan Vaults · ${run.displayId}`);
      expect((message.embeds[0] as DiscordMessage["embeds"][0]).fields).toContainEqual({ name: "Status", value: "Cancelled", inline: true });
      expect(placesOf(message)).toBeNull();
    }
  }, LIMIT);

  test("a message deleted on Discord's side (PATCH → 404) is posted anew and its new id stored", async () => {
    const hook = await discord();
    deliver();
    const run = await postedRun(hook);
    hook.messages.delete(run.messageId);
    later(10_000);
    await setPlaces(run.id, 10, 4);
    await until(() => hook.posts().length === 2 && waiting().then((n) => n === 0), "the new post");
    expect(hook.requests.map((r) => [r.method, r.status])).toEqual([["POST", 200], ["PATCH", 404], ["POST", 200]]);
    const [stored] = await storedMessages();
    const fresh = [...hook.messages.keys()];
    expect(fresh).toHaveLength(1);
    expect(stored!.messageId).toBe(fresh[0]!);
    expect(stored!.messageId).not.toBe(run.messageId);
    expect(placesOf(hook.messages.get(fresh[0]!)!)).toStartWith("6 spots left");
    // The next change edits the new message.
    later(10_000);
    await setPlaces(run.id, 10, 5);
    await until(() => hook.edits().length === 1, "the edit of the new message");
    expect(hook.edits()[0]!.messageId).toBe(fresh[0]!);
  }, LIMIT);

  test("a 429 on an edit waits Discord's retry_after (body) or Retry-After (header), without counting an attempt", async () => {
    let limited = 0;
    const hook = await discord((req) => {
      if (req.method !== "PATCH" || limited >= 2) return "accept";
      limited++;
      // First in the body, then only in the header.
      return limited === 1 ? { limit: 0.5 } : { limit: 1, header: true };
    });
    deliver();
    const run = await postedRun(hook);
    later(10_000);
    const limitedAt = t.clock().getTime();
    await setPlaces(run.id, 10, 1);
    await until(() => hook.requests.length === 2, "the first 429");
    await until(async () => (await rows())[1]!.lastError === "HTTP 429", "the 429 to be recorded");
    expect((await rows())[1]).toMatchObject({ attempts: 0, nextAttemptAt: new Date(limitedAt + 500) });
    await Bun.sleep(100);
    expect(hook.requests).toHaveLength(2);
    later(500);
    await until(() => hook.requests.length === 3, "the second 429");
    await until(async () => (await rows())[1]!.nextAttemptAt?.getTime() === limitedAt + 500 + 1_000, "the header's wait");
    later(1_000);
    await until(() => hook.edits().length === 1, "the edit");
    expect(hook.requests.map((r) => r.status)).toEqual([200, 429, 429, 200]);
    await until(async () => (await rows())[1]!.deliveredAt !== null, "the row to be delivered");
    expect((await rows())[1]).toMatchObject({ attempts: 1, lastError: null });
  }, LIMIT);
});

describe("no duplicate posts", () => {
  test("a restarted worker edits the message the stopped one posted: one post per run across restarts", async () => {
    // Slow answers, so the stop lands while posts are in flight; the drain records them.
    const hook = await discord(() => ({ delayMs: 100 }));
    const first = deliver();
    const made = await Promise.all([1, 2, 3].map((d) => send("POST", "/api/runs", raidBody({ scheduledDate: `2026-12-0${d} 20:00` }))));
    await until(() => hook.inFlight > 0, "posts in flight");
    await first.stop();
    running = [];
    expect(hook.inFlight).toBe(0);
    const posted = hook.posts().length;
    expect((await storedMessages()).length).toBe(posted);

    later(10_000);
    for (const run of made) await setPlaces(run.id, 10, 1);
    deliver();
    await until(async () => (await waiting()) === 0, "everything to be sent");
    // Each run posted once: the runs posted before the restart were edited, the others posted with the latest state.
    expect(hook.posts()).toHaveLength(3);
    expect(hook.edits()).toHaveLength(posted);
    expect(new Set((await storedMessages()).map((m) => m.runId))).toEqual(new Set(made.map((r) => r.id)));
    for (const m of hook.messages.values()) expect(placesOf(m)).toStartWith("9 spots left");
  }, LIMIT);

  test("a POST whose answer never came back is not sent again; the run's next change posts the current state", async () => {
    // Discord takes the message but answers after the worker's time limit: the outcome is unknown to us.
    const slow = await makeTestApp({ env: { ...ENV, ANNOUNCE_TIMEOUT_MS: "150" } });
    let answerLate = true;
    const hook = await discord(() => (answerLate ? { delayMs: 400 } : "accept"));
    deliver(slow);
    const run = await send("POST", "/api/runs", raidBody());
    await until(async () => (await rows())[0]!.nextAttemptAt === null, "the post's outcome");
    expect((await rows())[0]).toMatchObject({ lastError: "post unconfirmed", deliveredAt: null, postStartedAt: null });
    await until(() => hook.posts().length === 1, "Discord to have made the message");
    await Bun.sleep(100);
    // Discord has one message; it was not posted a second time.
    expect(hook.requests).toHaveLength(1);
    expect(hook.messages.size).toBe(1);
    expect(await storedMessages()).toEqual([]);
    expect(await log.text()).toContain("announcement post outcome unknown");

    // Honest about the limit: with no id to edit, the run's next change is a new post.
    answerLate = false;
    later(60_000);
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-02 21:00" });
    await until(() => hook.posts().length === 2 && waiting().then((n) => n === 0), "the next change's post");
    expect((await storedMessages()).map((m) => m.runId)).toEqual([run.id]);
  }, LIMIT);
});
