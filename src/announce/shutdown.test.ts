// The real server on SIGTERM with announcements being posted: the drain lets the POSTs in
// flight finish and records them before the database closes, so a restart repeats none. And
// on SIGKILL mid-POST: the restarted worker does not post again (docs/decisions/30).
import { afterAll, expect, test } from "bun:test";
import { isNotNull } from "drizzle-orm";
import { openDb } from "../../db/client";
import { announcementOutbox, gameWebhooks } from "../../db/schema";
import { startServer, type Server } from "../../scripts/e2e/harness";
import { parseConfig } from "../config/appConfig";
import { captureLog } from "../testing/log";
import { discordReceiver } from "../testing/discordReceiver";
import { startDelivery } from "./worker";

let server: Server | undefined;
let receiver: ReturnType<typeof Bun.serve> | undefined;
afterAll(async () => {
  receiver?.stop(true);
  await server?.stop();
}, 60_000);

test("SIGTERM mid-delivery: posts in flight finish and are recorded as delivered; the rest stay queued", async () => {
  const accepted: string[] = [];
  let inFlight = 0;
  receiver = Bun.serve({
    hostname: "127.0.0.1", port: 0,
    async fetch(req) {
      inFlight++;
      // Slow enough that the signal lands while posts are in flight.
      await Bun.sleep(300);
      accepted.push(req.headers.get("idempotency-key")!);
      inFlight--;
      return Response.json({ ok: true });
    },
  });
  const url = `http://127.0.0.1:${receiver.port}/api/webhooks/1/x`;
  server = await startServer({
    // The receiver is plain http on this machine, which only the development and test switch allows.
    env: { NODE_ENV: "test", ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true", ANNOUNCE_CONCURRENCY: "2", ANNOUNCE_POLL_MS: "50" },
    prepare: async (db) => {
      // Stored in the clear, as the sealing migration leaves older rows: the server seals it at start-up.
      await db.insert(gameWebhooks).values({ gameId: 1, urlSealed: url, hint: url.slice(-4) });
      await db.insert(announcementOutbox).values(Array.from({ length: 20 }, (_, i) => ({
        gameId: 1, idempotencyKey: `key-${i}`, kind: "run.created", payload: { content: `run ${i}`, embeds: [] }, nextAttemptAt: new Date(0),
      })));
    },
  });
  while (accepted.length < 2 || inFlight === 0) await Bun.sleep(5);
  server.proc.kill("SIGTERM");
  expect(await server.proc.exited).toBe(0);
  expect(inFlight).toBe(0);

  const handle = await openDb({ databaseUrl: server.env.DATABASE_URL, dataDir: server.env.DATA_DIR, max: 1 });
  try {
    const delivered = await handle.db.select({ key: announcementOutbox.idempotencyKey }).from(announcementOutbox).where(isNotNull(announcementOutbox.deliveredAt));
    // Exactly what the receiver accepted is recorded: nothing accepted is left to post again.
    expect(delivered.map((d) => d.key).sort()).toEqual([...accepted].sort());
    expect(accepted.length).toBeLessThan(20);
    const queued = await handle.db.select({ key: announcementOutbox.idempotencyKey }).from(announcementOutbox).where(isNotNull(announcementOutbox.nextAttemptAt));
    expect(queued.length).toBe(20 - accepted.length);
  } finally {
    await handle.close();
  }
}, 120_000);

test("SIGKILL after Discord took a POST and before its answer was recorded: no second post after the restart", async () => {
  // Discord makes the message at once but answers only after the server is dead.
  let release = () => {};
  const answered = new Promise<void>((r) => {
    release = r;
  });
  const hook = discordReceiver(async (req) => {
    if (req.method === "POST") await answered;
    return "accept" as const;
  });
  let killed: Server | undefined;
  try {
    killed = await startServer({
      env: { NODE_ENV: "test", ANNOUNCE_ALLOW_LOOPBACK_HTTP: "true", ANNOUNCE_POLL_MS: "50" },
      prepare: async (db) => {
        await db.insert(gameWebhooks).values({ gameId: 1, urlSealed: hook.url, hint: hook.url.slice(-4) });
        await db.insert(announcementOutbox).values({
          gameId: 1, idempotencyKey: "key-run-1", kind: "run.created", runKind: "raid", runId: 1,
          payload: { content: "run 1", embeds: [], allowed_mentions: { parse: [] } }, nextAttemptAt: new Date(0),
        });
      },
    });
    while (hook.inFlight === 0) await Bun.sleep(5);
    killed.proc.kill("SIGKILL");
    await killed.proc.exited;
    release();
    while (hook.inFlight > 0) await Bun.sleep(5);
    expect(hook.posts()).toHaveLength(1);

    const handle = await openDb({ databaseUrl: killed.env.DATABASE_URL, dataDir: killed.env.DATA_DIR, max: 1 });
    try {
      const [row] = await handle.db.select().from(announcementOutbox);
      // The marker the dead worker left: this POST may have reached Discord.
      expect(row!.postStartedAt).not.toBeNull();
      expect(row!.deliveredAt).toBeNull();
      // A new worker once the dead one's lease has run out.
      const config = parseConfig({ ...killed.env, ANNOUNCE_POLL_MS: "5" });
      const lease = new Date(Date.now() + config.announce.timeoutMs + 60_000);
      const log = captureLog();
      const worker = startDelivery({ db: handle.db, config: config.announce, dataKey: config.dataKey, clock: () => lease, log: log.logger });
      try {
        while ((await handle.db.select().from(announcementOutbox))[0]!.nextAttemptAt !== null) await Bun.sleep(10);
      } finally {
        await worker.stop();
      }
      expect((await handle.db.select().from(announcementOutbox))[0]).toMatchObject({ lastError: "post unconfirmed", deliveredAt: null, postStartedAt: null });
      // Discord holds one message for the run; nothing was posted again.
      expect(hook.requests).toHaveLength(1);
      expect(hook.messages.size).toBe(1);
      expect(await log.text()).toContain("announcement post outcome unknown");
    } finally {
      await handle.close();
    }
  } finally {
    hook.stop();
    await killed?.stop();
  }
}, 120_000);
