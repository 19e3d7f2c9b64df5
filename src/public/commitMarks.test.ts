// Change marks apply after the commit (PGlite and PostgreSQL): a write in flight never makes
// a rebuild read old rows and keep them as current, requests during the write get the last
// committed snapshot, one rebuild serves everyone after it, and rollbacks and retried
// attempts mark nothing extra.
import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games } from "../../db/schema";
import type { Db } from "../../db/client";
import { createApp } from "../app";
import { parseConfig } from "../config/appConfig";
import type { AppDeps } from "../http/context";
import { transact } from "../api/transaction";
import { resetDb, TEST_NOW } from "../testing/db";
import { testManifest, ORIGIN } from "../testing/app";
import { newChangeFeed, publicChanged } from "../../db/changes";
import { loadSnapshot } from "../readModel/model";
import { readPath } from "../readModel/readPath";

let db: Db;
let loads = 0;
let deps: AppDeps;

beforeAll(async () => {
  ({ db } = await resetDb());
  deps = { db, config: parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN }), clock: () => TEST_NOW, manifest: await testManifest(), feed: newChangeFeed() };
  deps.feed!.remote = true; // as with a PostgreSQL listener
  createApp(deps, {});
  // Count the model's loads (the loader is a dependency of the model).
  (readPath(deps).model as unknown as { deps: { load: typeof loadSnapshot } }).deps.load = (...a) => {
    loads++;
    return loadSnapshot(...a);
  };
}, 60_000);

/** Starts a transaction that hides game 1 and marks the change, then waits for `release`. */
function hideGameInFlight() {
  let release!: () => void;
  let marked!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inside = new Promise<void>((r) => (marked = r));
  const done = db.transaction(async (tx) => {
    await tx.update(games).set({ devVisible: false }).where(eq(games.id, 1));
    await publicChanged(tx);
    marked();
    await gate;
  });
  return { inside, release, done };
}

const listsGame1 = async () => (await readPath(deps).model.get()).games.some((g) => g.id === 1);

test("requests during a write get the last committed snapshot; after the commit they share one rebuild", async () => {
  await resetDb();
  (await import("../../db/changes")).everythingChanged();
  const model = readPath(deps).model;
  const before = await model.get();
  expect(before.games.some((g) => g.id === 1)).toBe(true);
  const start = loads;
  const write = hideGameInFlight();
  await write.inside;
  for (let i = 0; i < 50; i++) expect(await model.get()).toBe(before);
  expect(loads).toBe(start);
  write.release();
  await write.done;
  const after = await Promise.all(Array.from({ length: 50 }, () => model.get()));
  expect(loads).toBe(start + 1);
  expect(new Set(after).size).toBe(1);
  expect(after[0]!.games.some((g) => g.id === 1)).toBe(false);
}, 60_000);

test("a rebuild that runs while a write is uncommitted cannot keep the old rows as current", async () => {
  await resetDb();
  (await import("../../db/changes")).everythingChanged();
  expect(await listsGame1()).toBe(true);
  const write = hideGameInFlight();
  await write.inside;
  (await import("../../db/changes")).everythingChanged(); // force a rebuild inside the write's window
  const during = readPath(deps).model.get();
  write.release();
  await write.done;
  await during;
  expect(await listsGame1()).toBe(false);
}, 60_000);

test("a rolled-back write marks nothing; a retried transaction marks once, after its commit", async () => {
  await resetDb();
  const feed = newChangeFeed();
  const seen: string[] = [];
  feed.onChange((t) => seen.push(t));
  await expect(db.transaction(async (tx) => {
    await publicChanged(tx);
    throw new Error("rolled back");
  })).rejects.toThrow("rolled back");
  expect(seen).toEqual([]);
  let attempt = 0;
  await transact(db, async (tx) => {
    await publicChanged(tx);
    expect(seen).toEqual([]); // not before the commit
    if (++attempt === 1) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
  });
  expect(attempt).toBe(2);
  expect(seen).toEqual(["public"]);
  feed.close();
}, 60_000);
