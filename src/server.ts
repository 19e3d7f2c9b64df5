// Entry: parse config, open the database, migrate, seed an empty dev database, load the
// island bundle manifest (building it when needed), listen.
import { parseConfig } from "./config";
import { DatabaseUnavailable, openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { DEMO_ACCOUNTS, isEmpty, seedAll } from "../db/seed";
import { readManifest } from "./render/manifest";
import { buildAssets } from "../scripts/build";
import { createApp } from "./app";
import { listenOptions } from "./http/listen";

const started = performance.now();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = parseConfig();
} catch (err) {
  fail((err as Error).message);
}

const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err) => {
  if (err instanceof DatabaseUnavailable) fail(err.message);
  fail(`Cannot open the database: ${(err as Error).message}`);
});
await migrate(handle).catch((err) => fail(`Database migration failed: ${(err as Error).message}`));

let seeded = false;
if (!config.production && (await isEmpty(handle.db))) {
  await seedAll(handle.db, { password: config.seedPassword });
  seeded = true;
}

// Development rebuilds the islands on every (watch) start; production builds only when
// no bundle exists yet (`bun run build` makes one ahead of time).
const manifest = !config.production ? await buildAssets({ quiet: true }) : readManifest() ?? (await buildAssets());

const app = createApp({ db: handle.db, config, clock: () => new Date(), manifest });
try {
  app.listen(listenOptions(config, process.env.HOST ?? "0.0.0.0"));
} catch (err) {
  // Without REUSE_PORT a taken port is an error, not a silent share.
  await handle.close();
  fail(`Cannot listen on port ${config.port}: ${(err as Error).message}`);
}

const url = `http://localhost:${app.server!.port}`;
const ms = Math.round(performance.now() - started);
console.log(`Runboard ${config.production ? "(production)" : "(development)"} listening on ${url} in ${ms} ms`);
console.log(`Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}${seeded ? ", seeded with demo data" : ""}`);
if (!config.production) {
  console.log(`Demo logins (password "${config.seedPassword}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`);
}

const shutdown = async () => {
  await app.stop();
  await handle.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
