// A test process's PostgreSQL database goes away with the process, even when the process is
// killed without running any hook (as `bun test --parallel` ends its workers).
import { expect, test } from "bun:test";
import { resolve } from "node:path";
import postgres from "postgres";

const root = resolve(import.meta.dir, "../..");
const serverUrl = process.env.DATABASE_URL;

if (serverUrl) test("a killed test process's database is dropped once the process has ended", async () => {
  const child = Bun.spawn(["bun", "-e", `
    import { testDb, testDatabaseUrl } from "./src/testing/db";
    await testDb();
    process.stdout.write(new URL(testDatabaseUrl()).pathname.slice(1) + "\\n", () => process.kill(process.pid, "SIGKILL"));
  `], { cwd: root, env: process.env, stdout: "pipe", stderr: "inherit" });
  const name = (await new Response(child.stdout).text()).trim();
  expect(await child.exited).not.toBe(0); // killed, no hook ran
  expect(name).toMatch(/^runboard_test_\d+_/);
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const exists = async () => (await sql`select 1 from pg_database where datname = ${name}`).length > 0;
    const deadline = Date.now() + 15_000;
    while ((await exists()) && Date.now() < deadline) await Bun.sleep(100);
    expect(await exists()).toBe(false);
  } finally {
    await sql.end();
  }
}, 30_000);
