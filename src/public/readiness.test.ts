// /readyz includes the public read model: a process is ready once it can serve public pages.
import { afterEach, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makeTestApp } from "../testing/app";
import { resetDb, testDb } from "../testing/db";

beforeAll(() => resetDb({ runs: false }), 60_000);
afterEach(async () => {
  const { db } = await testDb();
  await db.execute(sql`alter table if exists raids_hidden rename to raids`);
});

test("a new process reports the read model ready once it has loaded it", async () => {
  const t = await makeTestApp({ strict: true });
  const res = await t.request("GET", "/readyz");
  expect(res.status).toBe(200);
  expect(((await res.json()) as { checks: Record<string, string> }).checks.readModel).toBe("ok");
});

test("a read model that cannot load makes /readyz answer 503 naming it, while the database itself answers", async () => {
  const { db } = await testDb();
  // The loader reads the raids table; the database and migration checks do not.
  await db.execute(sql`alter table raids rename to raids_hidden`);
  const t = await makeTestApp({ strict: true });
  const res = await t.request("GET", "/readyz");
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({ failed: ["readModel"], checks: { database: "ok", migrations: "ok", readModel: "failed" } });
  await db.execute(sql`alter table raids_hidden rename to raids`);
  expect((await t.request("GET", "/readyz")).status).toBe(200);
});
