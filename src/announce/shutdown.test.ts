// The real server on SIGTERM with announcements being posted: the drain lets the POSTs in
// flight finish and records them before the database closes, so a restart repeats none.
import { afterAll, expect, test } from "bun:test";
import { isNotNull } from "drizzle-orm";
import { openDb } from "../../db/client";
import { announcementOutbox, gameWebhooks } from "../../db/schema";
import { startServer, type Server } from "../../scripts/e2e/harness";

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
