// `bun run seed`: migrates the configured database and fills it with the reference data and
// the demo accounts and runs (db/seed.ts).
import { parseConfig } from "../src/config/appConfig";
import { openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { seedAll } from "../db/seed";

const config = parseConfig();
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
await seedAll(handle.db, { password: config.seedPassword });
console.log(`Seeded ${handle.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.dataDir}`}.`);
await handle.close();
