// The read model's freshness rules, with a loader the test controls: a write during a
// rebuild is never lost; a database outage serves the last snapshot for a bounded time.
import { expect, test } from "bun:test";
import type { Db } from "../../db/client";
import { ChangeFeed, Tracker } from "../../db/changes";
import { PublicModel, type PublicSnapshot } from "./model";
import { emptyCapacity } from "./capacity";
import { emptyRunIndex } from "./runIndex";

/** A model whose loads wait until the test releases them; each load returns the data "version" it saw at its start. */
function setup(now = 1_000) {
  const feed = new ChangeFeed();
  let data = 1;
  const loads: { resolve: () => void; saw: number }[] = [];
  const clock = { now };
  const model = new PublicModel({
    db: {} as Db, scope: { all: true }, clock: () => new Date(clock.now), tracker: new Tracker(feed, "public"),
    load: (_db, _scope, _at, id) => {
      const saw = data;
      return new Promise<PublicSnapshot>((resolve) => {
        loads.push({ saw, resolve: () => resolve({ id, expiresAt: 10_000, games: [], cards: [{ availableRuns: saw }] as never, runs: { raid: [], challenge: [], desert: [] }, calendars: new Map(), runIndex: emptyRunIndex(), capacity: emptyCapacity() }) });
      });
    },
  });
  const write = () => { data++; feed.local("public"); };
  const seen = (s: PublicSnapshot) => s.cards[0]!.availableRuns;
  return { feed, model, loads, write, seen, clock, setData: (n: number) => { data = n; } };
}

test("a write during a rebuild leaves the model stale, and later requests do not join the old rebuild", async () => {
  const { model, loads, write, seen } = setup();
  const first = model.get();
  write(); // lands while the first rebuild is reading
  const second = model.get(); // must not join the rebuild that started before the write
  expect(loads.length).toBe(2);
  loads[0]!.resolve();
  loads[1]!.resolve();
  expect(seen(await first)).toBe(1);
  expect(seen(await second)).toBe(2);
  expect(seen(model.current()!)).toBe(2);
});

test("a rebuild that finishes after a newer one cannot replace it", async () => {
  const { model, loads, write, seen } = setup();
  const first = model.get();
  write();
  const second = model.get();
  loads[1]!.resolve();
  await second;
  loads[0]!.resolve();
  await first;
  expect(seen(model.current()!)).toBe(2);
});

test("concurrent requests without a change share one rebuild", async () => {
  const { model, loads } = setup();
  const a = model.get();
  const b = model.get();
  expect(loads.length).toBe(1);
  loads[0]!.resolve();
  expect(await a).toBe(await b);
  expect(model.current()).toBe(await a);
});

test("the clock passing the snapshot's expiry makes it stale", async () => {
  const { model, loads, clock } = setup();
  const p = model.get();
  loads[0]!.resolve();
  await p;
  expect(model.current()).not.toBeNull();
  clock.now = 10_000;
  expect(model.current()).toBeNull();
});

test("a reconnecting listener marks everything stale", async () => {
  const { feed, model, loads } = setup();
  const p = model.get();
  loads[0]!.resolve();
  await p;
  feed.everything();
  expect(model.current()).toBeNull();
});

/** A model whose loader fails while `down` is set (the database is unreachable). */
function outage() {
  const feed = new ChangeFeed();
  const clock = { now: 1_000 };
  const state = { down: false, loads: 0 };
  const stale: number[] = [];
  const model = new PublicModel({
    db: {} as Db, scope: { all: true }, clock: () => new Date(clock.now), tracker: new Tracker(feed, "public"),
    load: async (_db, _scope, _at, id) => {
      state.loads++;
      if (state.down) throw new Error("connect ECONNREFUSED");
      return { id, expiresAt: 1e15, games: [], cards: [], runs: { raid: [], challenge: [], desert: [] }, calendars: new Map(), runIndex: emptyRunIndex(), capacity: emptyCapacity() };
    },
    onStale: (_err, ms) => stale.push(ms),
  });
  return { feed, clock, state, model, stale };
}

test("with the database down, a stale model serves its last snapshot for up to a minute, and says so", async () => {
  const { feed, clock, state, model, stale } = outage();
  const last = await model.get();
  feed.everything();
  state.down = true;
  expect(await model.get()).toBe(last);
  clock.now += 30_000;
  expect(await model.get()).toBe(last);
  expect(stale).toEqual([0, 30_000]);
  clock.now += 31_000;
  await expect(model.get()).rejects.toThrow("ECONNREFUSED");
  state.down = false;
  const fresh = await model.get();
  expect(fresh.id).toBeGreaterThan(last.id);
});

test("while the database is down, requests within a second share one failed attempt", async () => {
  const { feed, state, model } = outage();
  await model.get();
  feed.everything();
  state.down = true;
  for (let i = 0; i < 20; i++) await model.get();
  expect(state.loads).toBe(2);
});

test("with the database down and no snapshot yet, the error reaches the caller", async () => {
  const { state, model } = outage();
  state.down = true;
  await expect(model.get()).rejects.toThrow("ECONNREFUSED");
});
