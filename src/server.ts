// Entry: parse config, open the database, migrate, seed an empty dev database, load the
// island bundle manifest (building it when needed), listen.
import { parseConfig } from "./config/appConfig";
import { DatabaseUnavailable, openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { DEMO_ACCOUNTS, isEmpty, seedAll } from "../db/seed";
import { currentManifest, readManifest } from "./render/manifest";
import { buildAssets } from "./render/bundle";
import { createApp } from "./app";
import { schedulePruning } from "./api/audit/retention";
import { IDLE_CLOSE_GRACE_MS, listenOptions, serveApp } from "./http/listen";
import { answerCached } from "./public/fastPath";
import { readPath } from "./readModel/readPath";
import { CHANGE_CHANNEL, newChangeFeed } from "../db/changes";
import { createLogger } from "./ops/logger";
import { metrics } from "./ops/metrics";
import { shutdownOnSignals } from "./ops/shutdown";
import { afterAnswerIdle } from "./ops/afterAnswer";
import { exitWithSupervisor, superviseWorkers } from "./ops/supervisor";
import { discordChannel } from "./announce/worker";
import { mailChannel } from "./mail/delivery";
import { alertChannel } from "./api/alerts/channel";
import { startOutbox } from "./ops/outbox/engine";
import { sealLegacyWebhooks } from "./api/games/webhooks";

const started = performance.now();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig();
} catch (err) {
  fail((err as Error).message);
}

const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err) => {
  if (err instanceof DatabaseUnavailable) fail(err.message);
  fail(`Cannot open the database: ${(err as Error).message}`);
});
metrics.db.setPool(handle.pool);
// WORKERS=N: this process migrates, seeds and builds, then starts N-1 copies of itself
// that only serve; all N share the port (reusePort) and hear each other's writes through
// the change feed (PostgreSQL LISTEN/NOTIFY).
const isWorker = process.env.RUNBOARD_WORKER === "1";

let seeded = false;
if (!isWorker) {
  await migrate(handle).catch((err) => fail(`Database migration failed: ${(err as Error).message}`));
  await sealLegacyWebhooks(handle.db, config.dataKey);
  if (!config.production && (await isEmpty(handle.db))) {
    await seedAll(handle.db, { password: config.seedPassword });
    seeded = true;
  }
}

// Development rebuilds the islands on every (watch) start; production builds only when
// dist/ holds no bundle of the code as it is now (`bun run build` makes one ahead of time;
// after a `git pull` an older one could not hydrate the new pages). Workers use the bundle
// the first process built.
const manifest = isWorker
  ? readManifest() ?? fail("Worker started without a built bundle")
  : !config.production ? await buildAssets({ quiet: true }) : currentManifest() ?? (await rebuild());

async function rebuild() {
  console.log(readManifest() ? "Bundle: dist/ was built from other code, building it again" : "Bundle: none in dist/ yet, building it");
  return buildAssets();
}

const feed = newChangeFeed();
if (handle.listen) {
  feed.remote = true;
  // A (re)connected listener may have missed notifications: assume everything changed.
  await handle.listen(CHANGE_CHANNEL, (payload) => feed.received(payload), () => feed.everything());
}

const logger = createLogger(config.ops);
const deps = { db: handle.db, config, clock: () => new Date(), manifest, feed, logger };
const app = createApp(deps);
let server: ReturnType<typeof serveApp>;
try {
  // Cached public pages are answered in the server's fetch handler, before Elysia.
  server = serveApp(app, { ...listenOptions(config, process.env.HOST ?? "0.0.0.0"), development: !config.production }, answerCached(deps));
} catch (err) {
  // Without REUSE_PORT (or WORKERS) a taken port is an error, not a silent share.
  await handle.close();
  fail(`Cannot listen on port ${config.port}: ${(err as Error).message}`);
}

// This process serves too, and supervises the others: a worker that dies is replaced
// (with back-off); a worker whose supervisor dies shuts itself down.
const workers = isWorker || config.workers < 2 ? null : superviseWorkers({
  count: config.workers - 1, log: logger,
  spawn: () => Bun.spawn([process.execPath, import.meta.path], { env: { ...process.env, RUNBOARD_WORKER: "1" }, stdout: "inherit", stderr: "inherit" }),
});
if (isWorker) exitWithSupervisor(logger);

// Every process delivers the outboxes, Discord announcements and mail (claims use SKIP LOCKED,
// so they never share a row). Production without SMTP_URL has no mail channel.
const mail = mailChannel({ db: handle.db, config: config.mail, dataDir: config.dataDir, clock: deps.clock, log: logger });
const delivery = startOutbox({
  channels: [
    discordChannel({ db: handle.db, config: config.announce, dataKey: config.dataKey, clock: deps.clock, log: logger }),
    // Visitor alerts' jobs (spot fan-outs, reminders, digests, confirmations, pruning) queue mail: only with a mail channel.
    ...(mail ? [mail, alertChannel(deps, logger)] : []),
  ],
  clock: deps.clock, log: logger, feed,
});

// Old audit events go hourly (the first process only: one deleter is enough).
const pruning = isWorker ? null : schedulePruning({
  db: handle.db, clock: deps.clock, days: config.auditRetentionDays, onError: (err) => logger.warn({ err }, "audit pruning failed"),
});

const url = `http://localhost:${server.port}`;
const ms = Math.round(performance.now() - started);
// Workers stay quiet; the first process reports for all of them.
if (!isWorker) {
  console.log(`Runboard ${config.production ? "(production)" : "(development)"} listening on ${url} in ${ms} ms${config.workers > 1 ? ` (${config.workers} processes)` : ""}`);
  console.log(`Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}${seeded ? ", seeded with demo data" : ""}`);
  const m = config.mail;
  console.log(`Mail: ${m.transport === "smtp" ? `SMTP (${new URL(m.smtpUrl!).host})` : m.transport === "files" ? `.eml files in ${config.dataDir}/mail, listed at ${url}/dev/mail` : "not set up (no SMTP_URL): the mail features say so"}`);
  if (!config.production) {
    console.log(`Demo logins (password "${config.seedPassword}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`);
  }
}

// Workers get SIGTERM from this process and drain on their own; this process drains its
// own requests and waits for them, within the same grace period.
shutdownOnSignals({
  graceMs: config.ops.shutdownGraceMs, log: logger, close: handle.close,
  // Announcement posts and mails in flight finish and are recorded before the database
  // closes, so a restart sends none of them again.
  drain: () => {
    pruning?.stop();
    // Live streams never end by themselves: end them so the drain does not wait out its grace
    // (the browsers reconnect to another process and catch up with `reset`).
    readPath(deps).live.close();
    // Work a request started after its answer (forgot password) finishes before the database closes.
    const requests = server.drain(Math.min(IDLE_CLOSE_GRACE_MS, config.ops.shutdownGraceMs / 2)).then(() => afterAnswerIdle(handle.db));
    return Promise.all([requests, workers?.stop(), delivery.stop()]);
  },
  force: () => {
    workers?.kill();
    return server.stop(true);
  },
}, { worker: isWorker });
