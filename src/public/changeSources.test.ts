// Every change source of the public read path: after each kind of write through the API,
// and after the clock passes a run's start, the very next anonymous and signed-in request
// shows the new state. The app runs in strict mode: nothing but its own change feed and
// clock may refresh the read model, page cache or session cache.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, desertPerpetualRuns, raidRuns, users } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { everythingChanged } from "../../db/changes";
import { T } from "../shared/text";

let t: TestApp;
let owner: string;
let booster: string;
let b1: number;

beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000);

beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  everythingChanged(); // the reset wrote behind the app's back
  owner = await t.cookieFor("owner@example.com");
  booster = await t.cookieFor("booster@example.com");
  [{ id: b1 }] = (await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001"))) as [{ id: number }];
});

const RAID = "/game/mop-raid-calendar";
const text = async (path: string, cookie?: string) => (await t.request("GET", path, { cookie })).text();
/** The page as a visitor and as the signed-in booster, each fetched twice (the second from the cache). */
async function both(path: string): Promise<{ anon: string; signedIn: string }> {
  const anon = await text(path);
  const signedIn = await text(path, booster);
  expect(await text(path)).toBe(anon);
  expect(await text(path, booster)).toBe(signedIn);
  return { anon, signedIn };
}
/** Does the page show a run card with this label? */
const shows = (html: string, label: string) => new RegExp(`class="run-card__id"[^>]*>${label}</a>`).test(html);

async function expectShown(path: string, label: string, shown: boolean) {
  const { anon, signedIn } = await both(path);
  expect(shows(anon, label)).toBe(shown);
  expect(shows(signedIn, label)).toBe(shown);
  expect(signedIn).toContain("BB-1001"); // the booster's own header, stitched in
}

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
  gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});

async function createRaid(over: Record<string, unknown> = {}): Promise<{ id: number; displayId: string }> {
  await both(RAID); // warm the caches first, so the write must invalidate them
  const res = await t.request("POST", "/api/runs", { cookie: owner, body: raidBody(over) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; displayId: string };
}

const publicIds = async () => ((await (await t.request("GET", "/api/runs")).json()) as { id: number }[]).map((r) => r.id);

describe("runs", () => {
  test("create: the new run is on the calendar and in the public API", async () => {
    const before = await publicIds();
    const run = await createRaid();
    await expectShown(RAID, run.displayId, true);
    expect(before).not.toContain(run.id);
    expect(await publicIds()).toContain(run.id);
  });

  test("update: moving a run to the US region takes it off the default (EU) view", async () => {
    const run = await createRaid();
    await expectShown(RAID, run.displayId, true);
    const res = await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { region: "US", factionId: 3 } });
    expect(res.status).toBe(200);
    await expectShown(RAID, run.displayId, false);
    await expectShown(`${RAID}?region=US`, run.displayId, true);
  });

  test("status: a cancelled run leaves the calendar, the public API and the landing count", async () => {
    const run = await createRaid();
    const landing = await text("/");
    await expectShown(RAID, run.displayId, true);
    const res = await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { status: "cancelled" } });
    expect(res.status).toBe(200);
    await expectShown(RAID, run.displayId, false);
    expect(await publicIds()).not.toContain(run.id);
    expect(await text("/")).not.toBe(landing);
  });

  test("delete: the run is gone", async () => {
    const run = await createRaid();
    await expectShown(RAID, run.displayId, true);
    expect((await t.request("DELETE", `/api/runs/${run.id}`, { cookie: owner })).status).toBe(200);
    await expectShown(RAID, run.displayId, false);
    expect(await publicIds()).not.toContain(run.id);
  });
});

describe("repeat, next week, bulk actions and undo", () => {
  test("each write shows on the very next request: repeat, next week, bulk expire, delete and shift, and each undo", async () => {
    await both(RAID);
    const { scheduledDate: _, ...body } = raidBody();
    const repeated = await t.request("POST", "/api/runs", { cookie: owner, body: { ...body, scheduledDates: ["2026-12-01 20:00", "2026-12-02 20:00"] } });
    expect(repeated.status).toBe(201);
    const runs = ((await repeated.json()) as { runs: { id: number; displayId: string }[] }).runs;
    const ids = runs.map((r) => r.id);
    const label = runs[0]!.displayId;
    await expectShown(RAID, label, true);
    expect(await publicIds()).toEqual(expect.arrayContaining(ids));
    const next = await t.request("POST", `/api/runs/${ids[0]}/next-week`, { cookie: owner });
    expect(next.status).toBe(201);
    expect(await publicIds()).toContain(((await next.json()) as { id: number }).id);
    const steps: [string, Record<string, unknown>][] = [["expire", {}], ["delete", {}], ["shift", { days: -30 }]];
    for (const [action, extra] of steps) {
      const done = await t.request("POST", "/api/runs/bulk", { cookie: owner, body: { action, ids, ...extra } });
      expect(done.status).toBe(200);
      await expectShown(RAID, label, false); // a shift 30 days back puts the runs in the past
      expect(await publicIds()).not.toContain(ids[0]);
      const { undoToken } = (await done.json()) as { undoToken: string };
      expect((await t.request("POST", `/api/runs/bulk/undo/${undoToken}`, { cookie: owner })).status).toBe(200);
      await expectShown(RAID, label, true);
      expect(await publicIds()).toEqual(expect.arrayContaining(ids));
    }
  });
});

describe("time", () => {
  test("a run leaves the calendar once the clock passes its start, without any write", async () => {
    const [first] = await t.db.select().from(raidRuns).where(eq(raidRuns.status, "available")).orderBy(raidRuns.startsAt)
      .then((rows) => rows.filter((r) => r.startsAt > TEST_NOW && r.region === "EU" && r.raidId === 1));
    const label = first!.displayId!;
    await expectShown(RAID, label, true);
    t.setNow(new Date(first!.startsAt.getTime() + 1));
    await expectShown(RAID, label, false);
    expect(await publicIds()).not.toContain(first!.id);
  });
});

describe("games", () => {
  test("visibility: hiding a game takes it off the landing page and its calendar answers 404", async () => {
    const landing = await both("/");
    expect(landing.anon).toContain('href="/category/d2"');
    // Outside production the dev flag decides what the public sees.
    const res = await t.request("PATCH", "/api/games/2/dev-visibility", { cookie: owner, body: { devVisible: false } });
    expect(res.status).toBe(200);
    const after = await both("/");
    expect(after.anon).not.toContain('href="/category/d2"');
    expect(after.signedIn).not.toContain('href="/category/d2"');
    expect((await t.request("GET", "/game/desert-perpetual-calendar")).status).toBe(404);
  });

  test("order: the landing page lists games in the new order", async () => {
    const first = (html: string) => html.indexOf('href="/category/wow"') < html.indexOf('href="/category/d2"') ? "wow" : "d2";
    const before = await both("/");
    const res = await t.request("PATCH", "/api/games/reorder", {
      cookie: owner, body: { gameOrders: first(before.anon) === "wow" ? [{ id: 2, displayOrder: 1 }, { id: 3, displayOrder: 2 }] : [{ id: 3, displayOrder: 1 }, { id: 2, displayOrder: 2 }] },
    });
    expect(res.status).toBe(200);
    const after = await both("/");
    expect(first(after.anon)).not.toBe(first(before.anon));
    expect(first(after.signedIn)).toBe(first(after.anon));
  });
});

describe("users and sessions", () => {
  const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  test("deleting a booster expires their runs everywhere and ends their session", async () => {
    const run = await createRaid();
    await expectShown(RAID, run.displayId, true);
    const res = await t.request("DELETE", `/api/users/${await idOf("booster@example.com")}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(shows(await text(RAID), run.displayId)).toBe(false);
    // The cached session is gone too: the same cookie now gets the visitor's header.
    const page = await text(RAID, booster);
    expect(page).not.toContain("BB-1001");
    expect(page).toContain(T.app.adminLogin.replace("&", "&amp;"));
  });

  test("deactivating a booster takes their runs off the public pages and ends their cached session", async () => {
    const run = await createRaid();
    await expectShown(RAID, run.displayId, true);
    const res = await t.request("PATCH", `/api/users/${await idOf("booster@example.com")}`, { cookie: owner, body: { nickname: "Booster", status: "inactive" } });
    expect(res.status).toBe(200);
    expect(shows(await text(RAID), run.displayId)).toBe(false);
    expect(await publicIds()).not.toContain(run.id);
    expect(await text("/", booster)).not.toContain("BB-1001");
    expect((await t.request("GET", "/api/auth/user", { cookie: booster })).status).toBe(401);
  });

  test("a nickname change shows in the signed-in header at once; booster game changes are accepted", async () => {
    expect(await text(RAID, booster)).not.toContain("Renamed Booster");
    const res = await t.request("PATCH", `/api/users/${await idOf("booster@example.com")}`, {
      cookie: owner, body: { nickname: "Renamed Booster", status: "active", gameIds: [1] },
    });
    expect(res.status).toBe(200);
    expect(await text(RAID, booster)).toContain("Renamed Booster");
  });

  test("logout ends the cached session on the next request", async () => {
    expect(await text("/", booster)).toContain("BB-1001");
    expect((await t.request("POST", "/api/auth/logout", { cookie: booster })).status).toBe(200);
    expect(await text("/", booster)).not.toContain("BB-1001");
  });
});

describe("run pages", () => {
  const status = async (path: string) => (await t.request("GET", path)).status;
  /** Warms the run page for a visitor and the booster, so a change must invalidate the cached bytes. */
  const warm = async (path: string) => {
    await both(path);
    return text(path);
  };

  test("create: an id the table had not issued is 404 until the run exists, then its page answers", async () => {
    const next = `MOP-${(await t.db.select({ id: raidRuns.id }).from(raidRuns).orderBy(raidRuns.id)).at(-1)!.id + 1}`;
    expect(await status(`/runs/${next}`)).toBe(404);
    const run = await createRaid();
    expect(run.displayId).toBe(next);
    expect(await status(`/runs/${next}`)).toBe(200);
  });

  test("update: the page shows the new details on the next request", async () => {
    const run = await createRaid();
    const before = await warm(`/runs/${run.displayId}`);
    expect(before).toContain("Heroic 25");
    const res = await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { difficulty: "normal_10" } });
    expect(res.status).toBe(200);
    const { anon, signedIn } = await both(`/runs/${run.displayId}`);
    for (const page of [anon, signedIn]) {
      expect(page).toContain("Normal 10");
      expect(page).not.toContain("Heroic 25");
    }
  });

  test("status and delete: the page answers 410 Gone", async () => {
    const cancelled = await createRaid();
    const deleted = await createRaid();
    await warm(`/runs/${cancelled.displayId}`);
    await warm(`/runs/${deleted.displayId}`);
    expect((await t.request("PATCH", `/api/runs/${cancelled.id}`, { cookie: owner, body: { status: "cancelled" } })).status).toBe(200);
    expect((await t.request("DELETE", `/api/runs/${deleted.id}`, { cookie: owner })).status).toBe(200);
    expect(await status(`/runs/${cancelled.displayId}`)).toBe(410);
    expect(await status(`/runs/${deleted.displayId}`)).toBe(410);
    expect((await t.request("GET", `/runs/${deleted.displayId}`, { cookie: booster })).status).toBe(410);
  });

  test("time: once the clock passes the start the page answers 410, without any write", async () => {
    const run = await createRaid();
    await warm(`/runs/${run.displayId}`);
    t.setNow(new Date(Date.parse("2026-12-01T19:00:00Z") + 1));
    expect(await status(`/runs/${run.displayId}`)).toBe(410);
  });

  test("game visibility: hiding the game makes its runs' pages 410, showing it again brings them back", async () => {
    const [desert] = await t.db.select().from(desertPerpetualRuns).orderBy(desertPerpetualRuns.startsAt)
      .then((rows) => rows.filter((r) => r.startsAt > TEST_NOW && r.status === "available"));
    const path = `/runs/${desert!.displayId}`;
    expect(await status(path)).toBe(200);
    await warm(path);
    expect((await t.request("PATCH", "/api/games/2/dev-visibility", { cookie: owner, body: { devVisible: false } })).status).toBe(200);
    expect(await status(path)).toBe(410);
    expect((await t.request("PATCH", "/api/games/2/dev-visibility", { cookie: owner, body: { devVisible: true } })).status).toBe(200);
    expect(await status(path)).toBe(200);
  });
});
