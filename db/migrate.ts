import { fileURLToPath } from "node:url";
import type { DbHandle } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrate(handle: Pick<DbHandle, "db" | "kind">): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  }
}
