// The share card renderer on its own: every game's art fits the size budget, the PNG is
// 1200×630 and well formed, and the key follows what the card shows (and only that).
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { hasArt, renderShareCard, type ShareCard } from "./shareCard";
import { shareCardKey, ShareImages } from "./shareImages";
import { STATIC_DIR } from "./staticFiles";
import { readPng } from "../testing/png";

/** Per-test time limit: a render takes 0.1-0.3 s on a quiet machine and seconds on a loaded one. */
const RENDERS = 60_000;

const CARD: ShareCard = {
  art: "/static/images/mop-raid.svg", label: "MOP-12", title: "Mogu'shan Vaults", subtitle: "Mogu'shan Vaults Heroic 25 raid run, Europe",
  times: ["Tue, Dec 1, 20:00 CET", "Tue, Dec 1, 14:00 EST"], availability: { text: "3 spots left", tone: "warning" },
  service: "Runboard", tagline: "Blazing Boost run calendars",
};

describe("renderShareCard", () => {
  const arts = readdirSync(join(STATIC_DIR, "images")).filter((n) => n.endsWith(".svg") && n !== "logo.svg").map((n) => `/static/images/${n}`);

  test.each([...arts, null])("with art %p: a 1200×630 RGB PNG of at most 150 KB", async (art) => {
    if (art) expect(hasArt(art)).toBe(true);
    const png = await renderShareCard({ ...CARD, art, title: "The Desert Perpetual Heroic Raid With a Very Long Name Indeed, Twice Over" });
    const info = readPng(png);
    expect([info.width, info.height, info.bitDepth, info.colorType]).toEqual([1200, 630, 8, 2]);
    expect(png.byteLength).toBeLessThanOrEqual(150 * 1024);
  }, RENDERS);

  test("only our own files count as art: a remote URL is never fetched", () => {
    expect(hasArt("https://example.com/art.svg")).toBe(false);
    expect(hasArt("/static/images/nope.svg")).toBe(false);
    expect(hasArt(null)).toBe(false);
  }, RENDERS);
});

describe("shareCardKey and the cache", () => {
  test("the key changes with anything drawn and with nothing else", () => {
    const key = shareCardKey(CARD);
    expect(shareCardKey({ ...CARD })).toBe(key);
    expect(shareCardKey({ ...CARD, availability: { text: "2 spots left", tone: "warning" } })).not.toBe(key);
    expect(shareCardKey({ ...CARD, availability: { text: "3 spots left", tone: "success" } })).not.toBe(key);
    expect(shareCardKey({ ...CARD, times: ["Tue, Dec 1, 21:00 CET", CARD.times[1]] })).not.toBe(key);
    expect(shareCardKey({ ...CARD, art: null })).not.toBe(key);
  }, RENDERS);

  test("an LRU bounded in entries: the least recently used image goes first; one render per key however many ask at once", async () => {
    const images = new ShareImages({ maxEntries: 2, maxBytes: 10 * 1024 * 1024 });
    const cards = ["1", "2", "3"].map((n) => ({ ...CARD, label: `MOP-${n}` }));
    const [a, b, c] = cards.map(shareCardKey) as [string, string, string];
    const [first, second] = await Promise.all([images.get(a, cards[0]!), images.get(a, cards[0]!)]);
    expect(first).toBe(second!);
    expect(images.renders).toBe(1);
    await images.get(b, cards[1]!);
    expect(images.peek(a)).toBe(first); // a is now the most recent
    await images.get(c, cards[2]!);
    expect(images.size).toBe(2);
    expect(images.peek(b)).toBeUndefined();
    expect(images.peek(a)).toBe(first);
    expect(images.bytes).toBe(images.peek(a)!.size + images.peek(c)!.size);
  }, RENDERS);

  test("bounded in bytes too", async () => {
    const one = await new ShareImages().get(shareCardKey(CARD), CARD);
    const images = new ShareImages({ maxEntries: 100, maxBytes: Math.floor(one.size * 1.5) });
    const other = { ...CARD, label: "MOP-99" };
    await images.get(shareCardKey(CARD), CARD);
    await images.get(shareCardKey(other), other);
    expect(images.size).toBe(1);
    expect(images.peek(shareCardKey(CARD))).toBeUndefined();
    expect(images.bytes).toBeLessThanOrEqual(images.limits.maxBytes);
  }, RENDERS);
});
