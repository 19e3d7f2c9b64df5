// /runs/{displayId}/card.png: the run's share image. Decoded (size, well-formed data), cached
// by what it draws (an unchanged run is not rendered again; a storefront order or a staff
// spots change renders anew), the same for every process, and answered like the run page
// for runs that are not public. Strict app: only the change feed makes the model stale.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { games, raidRuns } from "../../../db/schema";
import { everythingChanged } from "../../../db/changes";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { readPng } from "../../testing/png";
import { signatureHeader } from "../../http/storefrontSignature";
import { STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import { ShareImages } from "../../render/shareImages";
import { CARD_CACHE_CONTROL, CARD_CACHE_IMMUTABLE } from "./cardRoutes";

const SECRET = "XH/yKQ8ORdmrnGj9WzxQ46PQ9kGZfXXz068/jnDXLXs=";
const MAX_BYTES = 150 * 1024;
/** Per-test time limit: a render takes 0.1-0.3 s on a quiet machine and seconds on a loaded one. */
const RENDERS = 60_000;

let t: TestApp;
let images: ShareImages;
let owner: string;
let b1: number;
beforeAll(async () => {
  images = new ShareImages();
  t = await makeTestApp({ strict: true, shareImages: images, env: { STOREFRONT_WEBHOOK_SECRET: SECRET } });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  everythingChanged();
  b1 = await boosterRow(t.db, "BB-1001");
  owner = await t.cookieFor("owner@example.com");
});

const card = (displayId: string, headers: Record<string, string> = {}, query = "") => t.request("GET", `/runs/${displayId}/card.png${query}`, { headers });
async function png(displayId: string) {
  const res = await card(displayId);
  expect(res.status).toBe(200);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
/** A European heroic raid run on 2026-12-01 (20:00 CET unless said) with ten places, made by staff through the API. */
async function raid(time = "20:00"): Promise<{ id: number; displayId: string }> {
  const body = {
    gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1, gameplayType: "pilot",
    classRestrictions: null, timezone: "CET", scheduledDate: `2026-12-01 ${time}`, spots: 10,
  };
  const res = await t.request("POST", "/api/runs", { cookie: owner, body });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; displayId: string };
}

function order(run: string, orderId: string, quantity: number) {
  const raw = JSON.stringify({ orderId, run, quantity, status: "paid" });
  const headers = { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(t.clock().getTime() / 1000), raw) };
  return t.app.handle(new Request(ORIGIN + STOREFRONT_ORDERS_PATH, { method: "POST", headers, body: raw }));
}

describe("a public run's share image", () => {
  test("is a well-formed 1200×630 PNG under 150 KB, typed, tagged and cacheable by crawlers", async () => {
    const run = await raid();
    const { res, bytes } = await png(run.displayId);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(res.headers.get("cache-control")).toBe(CARD_CACHE_CONTROL);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{16}"$/);
    const info = readPng(bytes);
    expect([info.width, info.height]).toEqual([1200, 630]);
    expect(info.chunks).toContain("IDAT");
    expect(bytes.byteLength).toBeLessThanOrEqual(MAX_BYTES);
    // HEAD: the same headers, no body.
    const head = await t.request("HEAD", `/runs/${run.displayId}/card.png`);
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(res.headers.get("etag"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  }, RENDERS);

  test("an unchanged run is served from the cache, not rendered again; a matching If-None-Match gets 304 without a render", async () => {
    // A time no other test draws: the cache is keyed by what the card shows, and outlives resetDb.
    const run = await raid("21:15");
    const before = images.renders;
    const first = await png(run.displayId);
    expect(images.renders).toBe(before + 1);
    const again = await png(run.displayId);
    expect(images.renders).toBe(before + 1);
    expect(again.bytes).toEqual(first.bytes);
    const etag = first.res.headers.get("etag")!;
    expect(again.res.headers.get("etag")).toBe(etag);
    // Another write that the card does not show (a different run) leaves the image as it was.
    await makeRun(t.db, "raid", { boosterId: b1, scheduledDate: "2026-12-05 20:00" });
    everythingChanged();
    const unchanged = await png(run.displayId);
    expect(unchanged.res.headers.get("etag")).toBe(etag);
    expect(images.renders).toBe(before + 1);
    const revalidated = await card(run.displayId, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(images.renders).toBe(before + 1);
  }, RENDERS);

  test("a storefront order and a staff spots change each render a new image with new bytes and a new ETag", async () => {
    const run = await raid();
    const open = await png(run.displayId);
    const rendered = images.renders;
    // Seven bought through the store: 3 spots left.
    const paid = await order(run.displayId, "ord-1", 7);
    expect(paid.status).toBe(200);
    const few = await png(run.displayId);
    expect(images.renders).toBe(rendered + 1);
    expect(few.bytes).not.toEqual(open.bytes);
    expect(few.res.headers.get("etag")).not.toBe(open.res.headers.get("etag"));
    expect([readPng(few.bytes).width, readPng(few.bytes).height]).toEqual([1200, 630]);
    // Staff mark the rest taken: Full.
    const patched = await t.request("PATCH", `/api/runs/${run.id}`, { cookie: owner, body: { spotsTaken: 10 } });
    expect(patched.status).toBe(200);
    const full = await png(run.displayId);
    expect(images.renders).toBe(rendered + 2);
    expect(full.bytes).not.toEqual(few.bytes);
    expect(readPng(full.bytes).width).toBe(1200);
    // The old tag no longer matches: a crawler revalidating gets the new image.
    expect((await card(run.displayId, { "if-none-match": few.res.headers.get("etag")! })).status).toBe(200);
  }, RENDERS);

  test("any process makes the same bytes: a second app with its own cache renders them identically", async () => {
    const run = await raid();
    const mine = await png(run.displayId);
    const otherImages = new ShareImages();
    const other = await makeTestApp({ strict: true, shareImages: otherImages });
    everythingChanged();
    const res = await other.request("GET", `/runs/${run.displayId}/card.png`);
    expect(otherImages.renders).toBe(1);
    expect(res.headers.get("etag")).toBe(mine.res.headers.get("etag"));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(mine.bytes);
  }, RENDERS);

  test("challenge and desert runs, and runs that do not track places, have images too", async () => {
    for (const run of [
      await makeRun(t.db, "challenge", { boosterId: b1, spots: 5, spotsTaken: 5 }),
      await makeRun(t.db, "desert", { boosterId: b1 }),
      await makeRun(t.db, "raid", { boosterId: b1 }),
    ]) {
      everythingChanged();
      const { bytes } = await png(run.displayId);
      expect([readPng(bytes).width, readPng(bytes).height]).toEqual([1200, 630]);
      expect(bytes.byteLength).toBeLessThanOrEqual(MAX_BYTES);
    }
  }, RENDERS);
});

describe("the run page points link previews at it", () => {
  test("og:image (absolute, naming this state), its type, size and text, and a large Twitter card", async () => {
    const run = await raid();
    const html = await (await t.request("GET", `/runs/${run.displayId}`)).text();
    const meta = (attr: string, key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1]?.replaceAll("&amp;", "&").replaceAll("&quot;", '"') ?? null;
    const image = meta("property", "og:image")!;
    expect(image).toMatch(new RegExp(`^${ORIGIN}/runs/${run.displayId}/card\\.png\\?v=[0-9a-f]{16}$`));
    expect(meta("property", "og:image:type")).toBe("image/png");
    expect(meta("property", "og:image:width")).toBe("1200");
    expect(meta("property", "og:image:height")).toBe("630");
    const alt = "Mogu'shan Vaults Heroic 25 raid run, Europe, Tue, Dec 1, 20:00 CET / Tue, Dec 1, 14:00 EST. 10 spots left";
    expect(meta("property", "og:image:alt")).toBe(alt);
    expect(meta("name", "twitter:card")).toBe("summary_large_image");
    expect(meta("name", "twitter:image")).toBe(image);
    expect(meta("name", "twitter:image:alt")).toBe(alt);
    // That URL names these bytes: cached for good, under the ETag the key gives.
    const res = await t.request("GET", image.slice(ORIGIN.length));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CARD_CACHE_IMMUTABLE);
    expect(res.headers.get("etag")).toBe(`"${new URL(image).searchParams.get("v")}"`);
    // Once the run changes, the old URL gets the current image, no longer cached for good.
    await order(run.displayId, "ord-2", 2);
    const later = await t.request("GET", image.slice(ORIGIN.length));
    expect(later.headers.get("cache-control")).toBe(CARD_CACHE_CONTROL);
    expect(later.headers.get("etag")).not.toBe(res.headers.get("etag"));
    const page = await (await t.request("GET", `/runs/${run.displayId}`)).text();
    expect(page).toContain(`card.png?v=${later.headers.get("etag")!.slice(1, -1)}`);
    expect(page).toContain("8 spots left");
  }, RENDERS);
});

describe("runs that are not public answer as their page does", () => {
  test("an id never issued is 404; a cancelled run and a run of a hidden game are 410; nothing is rendered", async () => {
    const run = await raid();
    const cancelled = await makeRun(t.db, "raid", { boosterId: b1, status: "cancelled" });
    everythingChanged();
    const before = images.renders;
    for (const [path, status] of [["MOP-999999", 404], ["NOPE-1", 404], ["garbage", 404], [cancelled.displayId, 410]] as const) {
      expect((await card(path)).status).toBe(status);
      expect((await t.request("GET", `/runs/${path}`)).status).toBe(status);
    }
    await t.db.update(games).set({ devVisible: false, visible: false }).where(eq(games.id, 1));
    everythingChanged();
    expect((await card(run.displayId)).status).toBe(410);
    expect((await t.request("GET", `/runs/${run.displayId}`)).status).toBe(410);
    expect(images.renders).toBe(before);
    // Shown again: the image is back.
    await t.db.update(games).set({ devVisible: true, visible: true }).where(eq(games.id, 1));
    await t.db.update(raidRuns).set({ spotsTaken: 1 }).where(eq(raidRuns.id, run.id));
    everythingChanged();
    expect((await card(run.displayId)).status).toBe(200);
  }, RENDERS);
});
