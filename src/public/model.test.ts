// The read model's freshness rules, with a loader the test controls: a write during a
// rebuild is never lost, and a PostgreSQL write counts only once its notification is back.
import { expect, test } from "bun:test";
import type { Db } from "../../db/client";
import { ChangeFeed, Tracker } from "./feed";
import { PublicModel, type PublicSnapshot } from "./model";

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
        loads.push({ saw, resolve: () => resolve({ id, expiresAt: 10_000, games: [], cards: [{ availableRuns: saw }] as never, runs: { raid: [], challenge: [], desert: [] }, calendars: new Map() }) });
      });
    },
  });
  const write = () => { data++; feed.local("public", `t${data}`); };
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

test("with a listener, a local write stays pending until its own notification returns", async () => {
  const { feed, model, loads } = setup();
  feed.remote = true;
  feed.local("public", "tok");
  const p = model.get();
  loads[0]!.resolve();
  await p;
  expect(model.current()).toBeNull(); // the commit may not have been visible to that load
  feed.received("public:tok");
  const q = model.get();
  loads[1]!.resolve();
  await q;
  expect(model.current()).not.toBeNull();
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
