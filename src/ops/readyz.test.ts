import { afterAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import { createServer, connect, type Server, type Socket } from "node:net";
import { openDb, type DbHandle } from "../../db/client";
import { parseConfig } from "../config/appConfig";
import { testDb } from "../testing/db";
import { pgliteTemplate } from "../testing/template";
import { captureLog } from "../testing/log";
import { ops } from "./plugin";

/** A TCP proxy to the PostgreSQL server that can refuse connections, like a database that went down. */
function outageProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let listenPort = 0;
  const up = () => new Promise<number>((resolve) => {
    server = createServer((client) => {
      const upstream = connect(port, host);
      for (const s of [client, upstream]) { sockets.add(s); s.on("close", () => sockets.delete(s)); s.on("error", () => {}); }
      client.pipe(upstream).pipe(client);
    });
    server.listen(listenPort, "127.0.0.1", () => {
      listenPort = (server!.address() as { port: number }).port;
      resolve(listenPort);
    });
  });
  const down = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server!.close(() => resolve());
  });
  return { up, down };
}

const readyz = (app: { handle: (r: Request) => Promise<Response> }) => app.handle(new Request("http://localhost/readyz"));
const opsApp = (handle: DbHandle) =>
  new Elysia().use(ops({ db: handle.db, config: parseConfig({ NODE_ENV: "test" }), clock: () => new Date(), manifest: {} as never, logger: captureLog().logger }));

let own: DbHandle | null = null;
afterAll(async () => { await own?.close().catch(() => {}); }, 30_000);

test("/readyz answers 503 naming the database while it is unreachable, and 200 again once it is back", async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    // PostgreSQL: the app's connection goes through a proxy that we take down and bring back.
    const target = new URL(url);
    const proxy = outageProxy(target.hostname, Number(target.port || 5432));
    const through = new URL(await testDbUrl());
    through.host = `127.0.0.1:${await proxy.up()}`;
    own = await openDb({ databaseUrl: through.toString(), max: 1 });
    const app = opsApp(own);
    expect((await readyz(app)).status).toBe(200);
    await proxy.down();
    const down = await readyz(app);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "unavailable", failed: ["database", "migrations"] });
    await proxy.up();
    const back = await readyz(app);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok" } });
  } else {
    // PGlite lives in this process: the nearest thing to an outage is a closed database.
    own = await openDb({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
    const app = opsApp(own);
    expect((await readyz(app)).status).toBe(200);
    await own.close();
    const down = await readyz(app);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ failed: ["database", "migrations"] });
  }
}, 60_000);

/** The URL of this test process's PostgreSQL database. */
async function testDbUrl(): Promise<string> {
  const h = await testDb();
  const rows = (await h.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${rows[0]!.name}`;
  return u.toString();
}
