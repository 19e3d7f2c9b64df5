// The paged run lists: order, pages, filters, search, sort, who sees
// what, and validation, through the API on the database the environment selects.
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, users } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun, makeUser } from "../../testing/factories";
import { pageRuns } from "../../kinds/runPaging";
import type { AnyRun } from "../../kinds/runs";
import type { RaidRun } from "../../kinds/raid/schemas";
import type { RunPage } from "../../kinds/runList";
import { SERVER_KINDS } from "../../kinds/server.generated";
import { listRunPage } from "./paging";

let t: TestApp;
const hours = (h: number) => new Date(TEST_NOW.getTime() + h * 3_600_000);

async function get<R = AnyRun>(path: string, cookie?: string): Promise<{ status: number; body: RunPage<R> & { message?: string } }> {
  const res = await t.request("GET", path, { cookie });
  return { status: res.status, body: (await res.json()) as RunPage<R> & { message?: string } };
}
const labels = (p: RunPage<AnyRun>) => p.runs.map((r) => r.displayId);

describe("paged lists over runs made for the test", () => {
  let staff: string;
  let b1: number, b2: number;
  const made = {} as Record<"soon" | "later" | "far" | "justPast" | "longPast" | "cm" | "cm2" | "dp" | "dp2", string>;

  beforeAll(async () => {
    await resetDb({ runs: false });
    t = await makeTestApp();
    staff = await t.cookieFor("admin@example.com");
    b1 = await boosterRow(t.db, "BB-1001");
    b2 = await boosterRow(t.db, "BB-1002");
    // Five raid runs around TEST_NOW, two kinds of everything.
    const plan = [
      { name: "soon", h: 1, boosterId: b1, region: "EU", difficulty: "heroic_25" },
      { name: "later", h: 2, boosterId: b2, region: "US", difficulty: "normal_10", status: "cancelled" },
      { name: "far", h: 30, boosterId: b1, region: "US", difficulty: "heroic_25" },
      { name: "justPast", h: -1, boosterId: b2, region: "EU", difficulty: "normal_10", status: "completed" },
      { name: "longPast", h: -5, boosterId: b1, region: "EU", difficulty: "normal_10", status: "expired" },
    ] as const;
    for (const p of plan) {
      const { name, h, ...over } = p;
      made[name] = (await makeRun(t.db, "raid", { ...over, startsAt: hours(h) })).displayId;
    }
    made.cm = (await makeRun(t.db, "challenge", { boosterId: b1, faction: "US Horde", completionMode: "Pilot Only" })).displayId;
    made.cm2 = (await makeRun(t.db, "challenge", { boosterId: b2 })).displayId;
    made.dp = (await makeRun(t.db, "desert", { boosterId: b2, completionType: "recovery_only", feats: ["Battalions"] })).displayId;
    made.dp2 = (await makeRun(t.db, "desert", { boosterId: b2 })).displayId;
  }, 60_000); // the first test app builds the island bundle

  test("default order: upcoming soonest first, then the past latest first, across page boundaries", async () => {
    const all = await get("/api/runs?gameId=1&page=1", staff);
    expect(all.status).toBe(200);
    expect(labels(all.body)).toEqual([made.soon, made.later, made.far, made.justPast, made.longPast]);
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    const pages = await Promise.all([1, 2, 3, 4].map((n) => get(`/api/runs?gameId=1&page=${n}&pageSize=2`, staff)));
    expect(pages.map((p) => labels(p.body))).toEqual([[made.soon, made.later], [made.far, made.justPast], [made.longPast], []]);
    expect(pages.every((p) => p.body.total === 5)).toBe(true);
  });

  test("filters narrow the list and the total, per kind", async () => {
    const eu = await get("/api/runs?region=EU&difficulty=normal_10", staff);
    expect(labels(eu.body)).toEqual([made.justPast, made.longPast]);
    expect(eu.body.total).toBe(2);
    expect(labels((await get("/api/runs?status=cancelled", staff)).body)).toEqual([made.later]);
    expect(labels((await get("/api/challenge-mode-runs?faction=US%20Horde&mode=Pilot%20Only", staff)).body)).toEqual([made.cm]);
    expect(labels((await get("/api/desert-perpetual-runs?completionType=recovery_only", staff)).body)).toEqual([made.dp]);
  });

  test("search: id, raid name, booster code, nickname or email, title, completion type label, feats; case-insensitive, no wildcards", async () => {
    expect(labels((await get(`/api/runs?q=${made.far.toLowerCase()}`, staff)).body)).toEqual([made.far]);
    expect((await get("/api/runs?q=MOGU", staff)).body.total).toBe(5);
    expect(labels((await get("/api/runs?q=bb-1002", staff)).body)).toEqual([made.later, made.justPast]);
    expect(labels((await get("/api/runs?q=sunfire", staff)).body)).toEqual([made.later, made.justPast]);
    expect((await get("/api/runs?q=%25", staff)).body.total).toBe(0);
    expect((await get("/api/runs?q=_", staff)).body.total).toBe(0);
    expect(labels((await get("/api/challenge-mode-runs?q=gold%20challenge&pageSize=1", staff)).body)).toHaveLength(1);
    expect(labels((await get("/api/desert-perpetual-runs?q=recovery%20only", staff)).body)).toEqual([made.dp]);
    expect(labels((await get("/api/desert-perpetual-runs?q=battal", staff)).body)).toEqual([made.dp]);
  });

  test("sort by a column in either direction, ties by id", async () => {
    const byIdDesc = await get("/api/runs?sort=id&order=desc", staff);
    const ids = byIdDesc.body.runs.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byBooster = (await get<RaidRun>("/api/runs?sort=booster", staff)).body.runs.map((r) => r.booster.boosterId);
    expect(byBooster).toEqual(["BB-1001", "BB-1001", "BB-1001", "BB-1002", "BB-1002"]);
    const byDate = labels((await get("/api/runs?sort=date&order=desc", staff)).body);
    expect(byDate).toEqual([made.far, made.later, made.soon, made.justPast, made.longPast]);
  });

  test("a booster pages through their own runs only; ?boosterId cannot widen it", async () => {
    const cookie = await t.cookieFor("booster@example.com");
    const mine = await get(`/api/runs?page=1&boosterId=${b2}`, cookie);
    expect(labels(mine.body)).toEqual([made.soon, made.far, made.longPast]);
    expect(mine.body.total).toBe(3);
    expect((await get("/api/runs?q=bb-1002", cookie)).body.total).toBe(0);
    // Staff narrow by booster.
    expect((await get(`/api/runs?page=1&boosterId=${b2}`, staff)).body.total).toBe(2);
  });

  test("anonymous callers page the public list (from the read model): available, upcoming, no private fields", async () => {
    const pub = await get("/api/runs?page=1");
    expect(labels(pub.body)).toEqual([made.soon, made.far]);
    expect(JSON.stringify(pub.body)).not.toContain("@example.com");
    expect(labels((await get("/api/runs?q=sunfire")).body)).toEqual([]);
    expect(labels((await get("/api/runs?region=US&pageSize=1")).body)).toEqual([made.far]);
  });

  test("a deactivated booster's runs stay in the staff list; plain calls still answer the whole list", async () => {
    const [u] = await t.db.select({ id: boosters.userId }).from(boosters).where(eq(boosters.id, b2));
    const plain = await t.request("GET", "/api/runs?gameId=1", { cookie: staff });
    const list = (await plain.json()) as RaidRun[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(5);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, u!.id));
    try {
      expect((await get("/api/runs?page=1", staff)).body.total).toBe(5);
    } finally {
      await t.db.update(users).set({ status: "active" }).where(eq(users.id, u!.id));
    }
  });
});

describe("bad parameters are a 400 with a message naming the problem, never a 500", () => {
  beforeAll(async () => {
    await resetDb();
    t = await makeTestApp();
  });
  const cases: [string, string][] = [
    ["/api/runs?page=0", "Page must be a whole number from 1"],
    ["/api/runs?page=1.5", "Page must be a whole number from 1"],
    ["/api/runs?page=x", "Page must be a whole number from 1"],
    ["/api/runs?pageSize=101", "Page size must be a whole number from 1 to 100"],
    ["/api/runs?pageSize=0", "Page size must be a whole number from 1 to 100"],
    ["/api/runs?sort=classes", "Unknown sort column"],
    ["/api/challenge-mode-runs?sort=region", "Unknown sort column"],
    ["/api/runs?sort=id&order=up", "Order must be 'asc' or 'desc'"],
    ["/api/runs?status=lost", "Unknown status value"],
    ["/api/runs?region=MARS", "Unknown region value"],
    ["/api/challenge-mode-runs?mode=solo", "Unknown mode value"],
    ["/api/desert-perpetual-runs?completionType=x", "Unknown completion type value"],
    [`/api/runs?q=${"x".repeat(101)}`, "Search text must be at most 100 characters"],
  ];
  for (const [path, message] of cases) {
    test(path.length > 60 ? `${path.slice(0, 40)}…` : path, async () => {
      for (const cookie of [undefined, await t.cookieFor("owner@example.com")]) {
        const res = await t.request("GET", path, { cookie });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(message);
      }
    });
  }
});

describe("the database and the in-memory pager agree (demo runs)", () => {
  beforeAll(async () => {
    await resetDb();
    t = await makeTestApp();
  });
  const params = [
    {}, { page: 2, pageSize: 7 }, { q: "bb-1001" }, { q: "heart" }, { filters: { status: "available" } },
    { filters: { region: "US", difficulty: "heroic_25" } }, { sort: "id", order: "desc" }, { sort: "date", page: 3, pageSize: 5 },
  ] as const;
  for (const p of params) {
    test(JSON.stringify(p), async () => {
      const full = { page: 1, pageSize: 50, order: "asc" as const, filters: {}, ...p };
      const all = await SERVER_KINDS.raid.list(t.db, { gameId: 1 }, TEST_NOW);
      const fromDb = await listRunPage(t.db, "raid", { gameId: 1 }, full as never, TEST_NOW);
      const inMemory = pageRuns("raid", all, full as never, TEST_NOW);
      expect(fromDb.total).toBe(inMemory.total);
      expect(fromDb.total).toBeGreaterThan(0);
      expect(fromDb.runs.map((r) => r.id)).toEqual(inMemory.runs.map((r) => r.id));
      // The database's rows also carry their booking clicks (staff and booster pages only).
      expect(fromDb.runs.map(({ clicks: _clicks, ...run }) => run)).toEqual(inMemory.runs);
    });
  }
});

test("a user with no booster record sees the public page", async () => {
  await makeUser(t.db, { role: "booster", boosterId: null, email: "fresh@example.test" });
  const res = await get("/api/runs?page=1", await t.cookieFor("fresh@example.test"));
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain("@example.com");
});
