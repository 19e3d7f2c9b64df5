import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, gt } from "drizzle-orm";
import { games, raidRuns } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); });

const html = async (path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) => {
  const res = await t.request("GET", path, init);
  return { res, text: await res.text() };
};

describe("landing page /", () => {
  test("lists visible top-level games with the right action, tool badge and available-runs count", async () => {
    const { res, text } = await html("/");
    expect(res.status).toBe(200);
    expect(text).toContain("<h1>Blazing Extra Tools</h1>");
    expect(text).toContain('href="/category/wow"');
    expect(text).toContain('href="/category/d2"');
    expect(text).toContain("Browse Tools");
    expect(text).toContain("2 tools");
    expect(text).toContain("Admin &amp; Seller Login");
    // A parent's count is the sum of its children's available upcoming runs.
    const counts = [...text.matchAll(/Available Runs: (\d+)/g)].map((m) => Number(m[1]));
    expect(counts).toHaveLength(2);
    const api = async (p: string) => ((await (await t.request("GET", p)).json()) as unknown[]).length;
    expect(counts[0]).toBe((await api("/api/runs?gameId=1")) + (await api("/api/challenge-mode-runs?gameId=4")));
    expect(counts[1]).toBe(await api("/api/desert-perpetual-runs/game/5"));
  });

  test("a childless game links to its calendar with 'View Runs'; a hidden game is not listed", async () => {
    try {
      await t.db.update(games).set({ parentGameId: null }).where(eq(games.id, 5));
      await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 2));
      const { text } = await html("/");
      expect(text).toContain('href="/game/desert-perpetual-calendar"');
      expect(text).toContain("View Runs");
      expect(text).not.toContain('href="/category/d2"');
    } finally {
      await resetDb();
    }
  });

  test("an anonymous visitor gets no script tags", async () => {
    const { text } = await html("/");
    expect(text).not.toContain("<script");
  });

  test("a signed-in user sees the welcome line, the dashboard button by role and a Logout island", async () => {
    const { text } = await html("/", { cookie: await t.cookieFor("booster@example.com") });
    expect(text).toContain("Welcome, Frostbolt");
    expect(text).toContain("Booster ID: BB-1001");
    expect(text).toContain('href="/dashboard"');
    expect(text).toContain("Manage Runs");
    expect(text).toContain('data-island="LogoutButton"');
    const staff = await html("/", { cookie: await t.cookieFor("admin@example.com") });
    expect(staff.text).toContain('href="/admin"');
    expect(staff.text).toContain("Admin Dashboard");
  });

  test("sends security headers, compresses, and answers 304 to a matching ETag", async () => {
    const { res } = await html("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-encoding")).toBe("br");
    const etag = res.headers.get("etag")!;
    const again = await t.request("GET", "/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("category page /category/{slug}", () => {
  test("shows the hero and the visible children with counts and links", async () => {
    const { res, text } = await html("/category/wow");
    expect(res.status).toBe(200);
    expect(text).toContain("<h1>World of Warcraft</h1>");
    expect(text).toContain('href="/category/wow/mop-raid-calendar"');
    expect(text).toContain('href="/category/wow/mop-challenge-mode-calendar"');
    expect(text.match(/Available Runs: \d+/g)).toHaveLength(2);
  });

  test("with no visible children it offers the game's calendar", async () => {
    try {
      await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 5));
      const { text } = await html("/category/d2");
      expect(text).toContain("View Available Runs");
      expect(text).toContain('href="/game/d2"');
      expect(text).toContain("View Calendar");
    } finally {
      await resetDb();
    }
  });

  test("a game without children (a calendar) offers its calendar instead of a 404, until it is hidden", async () => {
    try {
      const { res, text } = await html("/category/mop-raid-calendar");
      expect(res.status).toBe(200);
      expect(text).toContain("View Available Runs");
      expect(text).toContain('href="/game/mop-raid-calendar"');
      expect(text).toContain("View Calendar");
      await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 1));
      expect((await html("/category/mop-raid-calendar")).res.status).toBe(404);
    } finally {
      await resetDb();
    }
  });

  test("an unknown or hidden category is the not-found page with 404", async () => {
    for (const path of ["/category/nope", "/category/%00"]) {
      const { res, text } = await html(path);
      expect(res.status).toBe(404);
      expect(text).toContain("404 Page Not Found");
    }
  });

  test("a run that is cancelled or already started stops counting", async () => {
    const count = async () => Number((await html("/category/wow")).text.match(/Available Runs: (\d+)/)![1]);
    const before = await count();
    const [a, b] = await t.db.select().from(raidRuns)
      .where(and(eq(raidRuns.status, "available"), gt(raidRuns.startsAt, TEST_NOW))).orderBy(raidRuns.startsAt).limit(2);
    try {
      await t.db.update(raidRuns).set({ status: "cancelled" }).where(eq(raidRuns.id, a!.id));
      expect(await count()).toBe(before - 1);
      await t.db.update(raidRuns).set({ startsAt: new Date(TEST_NOW.getTime() - 60_000) }).where(eq(raidRuns.id, b!.id));
      expect(await count()).toBe(before - 2);
    } finally {
      await resetDb();
    }
  });
});

test("any other path is the not-found page ('404 Page Not Found') with status 404", async () => {
  const { res, text } = await html("/definitely/not/here");
  expect(res.status).toBe(404);
  expect(text).toContain("404 Page Not Found");
  expect(text).toContain("Did you forget to add the page to the router?");
});

test("assets are served with immutable caching", async () => {
  const { text } = await html("/");
  const css = text.match(/href="(\/assets\/app-[^"]+\.css)"/)![1]!;
  const res = await t.request("GET", css);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});

test("static images: pages link content-hashed names cached immutably; the stable names still answer", async () => {
  const { text } = await html("/");
  const images = [...text.matchAll(/<img [^>]*src="(\/static\/images\/[^"]+)"/g)].map((m) => m[1]!);
  expect(images.length).toBeGreaterThan(0);
  for (const src of images) {
    expect(src).toMatch(/^\/static\/images\/[\w-]+\.[0-9a-f]{8}\.svg$/);
    const res = await t.request("GET", src);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  }
  expect(text).toMatch(/<link rel="icon" href="\/static\/images\/logo\.[0-9a-f]{8}\.svg"/);
  const stable = await t.request("GET", "/static/images/wow.svg");
  expect(stable.status).toBe(200);
  expect(stable.headers.get("cache-control")).toBe("public, max-age=86400");
  expect((await t.request("GET", "/static/images/wow.00000000.svg")).status).toBe(404);
});

test("the first game card's image loads at once, the others lazily; headings go h1 then h2", async () => {
  const { text } = await html("/");
  const imgs = [...text.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  expect(imgs[0]).toContain('loading="eager"');
  expect(imgs[0]).toMatch(/fetchpriority="high"/i);
  for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
  const levels = [...text.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
});
