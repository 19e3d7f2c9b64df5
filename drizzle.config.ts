import { defineConfig } from "drizzle-kit";

// `bun run db:generate` writes SQL migrations from the schema; they are committed
// and applied at start-up by db/migrate.ts (drizzle-kit `push` is not used).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
