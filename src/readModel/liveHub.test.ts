// The live hub's own rules, on snapshots of the seeded database: the timer that follows the
// clock (a run starting leaves the view with no write), the shared heartbeat, a client that
// stopped reading, and the bound on views followed at once. The HTTP side: src/public/liveRoutes.test.ts.
import { beforeAll, expect, test } from "bun:test";
import { newChangeFeed } from "../../db/changes";
import { publicScope } from "../api/games/scope";
import { makeTestApp, type TestApp } from "../testing/app";
import { resetDb, TEST_NOW } from "../testing/db";
import { LiveHub, type LiveSubscriber } from "./liveHub";
import { liveRuns } from "./liveViews";
import { loadSnapshot, type PublicModel, type PublicSnapshot } from "./model";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await resetDb();
}, 60_000);

const decoder = new TextDecoder();
function subscriber(accept = true) {
  const got: string[] = [];
  const sub: LiveSubscriber & { got: string[]; ended: boolean } = {
    got, ended: false,
    send: (bytes) => {
      if (accept) got.push(decoder.decode(bytes));
      return accept;
    },
    end: () => { sub.ended = true; },
  };
  return sub;
}

async function hubAt(now: { ms: number }, limits = {}) {
  let id = 0;
  const snap = async () => loadSnapshot(t.db, publicScope(t), new Date(now.ms), ++id);
  let current = await snap();
  const model = { get: async () => current } as unknown as PublicModel;
  const hub = new LiveHub({ model, feed: newChangeFeed(), clock: () => new Date(now.ms), limits });
  return { hub, first: current, next: async () => { current = await snap(); return current; } };
}

const view = { kind: "calendar", slug: "mop-raid-calendar", query: "" } as const;

test("time alone: once the clock passes the first run's start, the hub's timer sends `removed`", async () => {
  const now = { ms: TEST_NOW.getTime() };
  const { hub, first, next } = await hubAt(now);
  const [run] = liveRuns(first, view, now.ms);
  // The snapshot expires at the first start (or at a booking close before it): move the clock just past it.
  now.ms = Date.parse(run!.startsAt) + 1;
  await next();
  const sub = subscriber();
  hub.join("c:raid", view, first, sub, null);
  // Shortly after joining the timer fires (the expiry is already behind the clock).
  for (let i = 0; i < 100 && !sub.got.some((g) => g.includes("event: removed")); i++) await Bun.sleep(20);
  expect(sub.got.join("")).toContain(`event: removed\ndata: {"displayId":"${run!.displayId}"}`);
  hub.close();
});

test("one shared heartbeat for every stream; a client that stopped reading is dropped and ended", async () => {
  const now = { ms: TEST_NOW.getTime() };
  const { hub, first } = await hubAt(now, { heartbeatMs: 30 });
  const reading = subscriber();
  const stuck = subscriber(false);
  hub.join("c:raid", view, first, reading, null);
  hub.join("c:raid", view, first, stuck, null);
  expect(hub.open).toBe(2);
  await Bun.sleep(100);
  expect(reading.got.filter((g) => g === ":\n\n").length).toBeGreaterThan(0);
  expect(stuck.ended).toBe(true);
  expect(hub.open).toBe(1);
  hub.close();
  expect(reading.ended).toBe(true);
});

test("views followed at once are bounded: a new one is refused while all are watched, and takes an idle one's place", async () => {
  const now = { ms: TEST_NOW.getTime() };
  const { hub, first } = await hubAt(now, { views: 1 });
  const a = subscriber();
  const opened = hub.join("c:raid", view, first, a, null)!;
  expect(hub.join("c:us", { ...view, query: "region=US" }, first, subscriber(), null)).toBeNull();
  hub.leave(opened.view, a);
  expect(hub.join("c:us", { ...view, query: "region=US" }, first, subscriber(), null)).not.toBeNull();
  expect(hub.follows("c:raid")).toBe(false);
  hub.close();
});

test("a snapshot older than one already sent is not diffed again (no flapping back)", async () => {
  const now = { ms: TEST_NOW.getTime() };
  const { hub, first, next } = await hubAt(now);
  const sub = subscriber();
  const newer: PublicSnapshot = await next();
  hub.join("c:raid", view, newer, sub, null);
  hub.join("c:raid", view, first, subscriber(), null);
  expect(sub.got.join("")).not.toContain("event: ");
  hub.close();
});
