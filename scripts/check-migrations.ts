// Fails when db/schema and db/migrations disagree: runs `drizzle-kit generate` against a copy
// of the committed migrations in a temporary folder, and any migration it writes is the drift
// (a schema change nobody generated, or a migration edited by hand).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");

/** The SQL drizzle-kit would generate for `schema` on top of `migrations`; "" when they agree. */
export async function migrationDrift(opts: { schema: string; migrations: string }): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "migration-drift-"));
  try {
    cpSync(opts.migrations, join(work, "out"), { recursive: true });
    const before = new Set(readdirSync(join(work, "out")));
    // drizzle-kit reads `out` relative to the working directory.
    writeFileSync(join(work, "drizzle.config.json"), JSON.stringify({ dialect: "postgresql", schema: opts.schema, out: "./out" }));
    const run = Bun.spawnSync([process.execPath, "--bun", join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", "drizzle.config.json"], {
      cwd: work, stdout: "pipe", stderr: "pipe",
    });
    if (run.exitCode !== 0) throw new Error(`drizzle-kit generate failed:\n${run.stderr.toString() || run.stdout.toString()}`);
    return readdirSync(join(work, "out"))
      .filter((f) => f.endsWith(".sql") && !before.has(f))
      .map((f) => readFileSync(join(work, "out", f), "utf8"))
      .join("\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const drift = await migrationDrift({ schema: join(root, "db/schema/index.ts"), migrations: join(root, "db/migrations") });
  if (drift) {
    console.error(`db/schema and db/migrations disagree; run \`bun run db:generate\` and commit the migration. It would contain:\n${drift}`);
    process.exit(1);
  }
  console.log("Migrations match the schema");
}
