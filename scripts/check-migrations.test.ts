import { describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { migrationDrift } from "./check-migrations";

const root = resolve(import.meta.dir, "..");
const migrations = join(root, "db/migrations");

describe("check-migrations", () => {
  test("the committed migrations match db/schema", async () => {
    expect(await migrationDrift({ schema: join(root, "db/schema/index.ts"), migrations })).toBe("");
  });

  test("a schema change without its migration is reported with the SQL it needs", async () => {
    const drift = await migrationDrift({ schema: join(import.meta.dir, "fixtures/driftedSchema.ts"), migrations });
    expect(drift).toContain(`CREATE TABLE "drift_probe"`);
  });
});
