// Final bytes of public pages (and calendar feeds), keyed by canonical URL (plus the viewer's
// header for a signed-in variant). An LRU bounded in entries and bytes: random query strings collapse to
// a few canonical keys, and even distinct valid filter combinations cannot grow memory past
// the bound. Entries belong to one read-model snapshot; a new snapshot empties the cache.
import { encode, type Encoding } from "./compress";

export type CachedPage = {
  etag: string;
  /** The page's bytes, the source of the compressed codings. */
  plain: Uint8Array<ArrayBuffer>;
  /**
   * What a response sends, per coding (`plain`, `br`, `gzip`; compressed on first demand,
   * then kept). Blobs, because a Response shares a Blob's bytes but copies a Uint8Array's on
   * every hit (docs/decisions/11-public-read-path.md).
   */
  blobs: Partial<Record<"plain" | "br" | "gzip", Blob>>;
  bytes: number;
  /** Content-Type of a file that is not an HTML page (a calendar feed): the same for every visitor. */
  type?: string;
  /** Content-Disposition of a file meant to be saved (a run's .ics: attachment with its file name). */
  disposition?: string;
};

export type PageCacheLimits = { maxEntries: number; maxBytes: number };
export const DEFAULT_LIMITS: PageCacheLimits = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

export function cachedPage(html: string, type?: string, disposition?: string): CachedPage {
  const plain = new TextEncoder().encode(html);
  // Strong ETag: it names these exact bytes (the encoded variants add their suffix).
  // The plain blob is a second copy of the bytes: counted.
  return { etag: `"${Bun.hash(plain).toString(36)}"`, plain, blobs: { plain: new Blob([plain]) }, bytes: 2 * plain.byteLength, ...(type ? { type } : {}), ...(disposition ? { disposition } : {}) };
}

export class PageCache {
  private map = new Map<string, CachedPage>();
  private snapshotId = -1;
  bytes = 0;

  constructor(readonly limits: PageCacheLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.map.size;
  }

  /** The entry for `key` under snapshot `snapshotId`, marked most recently used. */
  get(snapshotId: number, key: string): CachedPage | undefined {
    if (snapshotId !== this.snapshotId) return undefined;
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  set(snapshotId: number, key: string, page: CachedPage): void {
    if (snapshotId < this.snapshotId) return; // rendered from an older snapshot than the cache's
    if (snapshotId !== this.snapshotId) this.clear(snapshotId);
    const old = this.map.get(key);
    if (old) this.forget(key, old);
    this.map.set(key, page);
    this.bytes += page.bytes + key.length;
    this.evict();
  }

  /** The body in `encoding`, compressing (and accounting for) it the first time. */
  body(key: string, page: CachedPage, encoding: Encoding): Blob {
    const out = page.blobs[encoding ?? "plain"];
    if (out) return out;
    const made = new Blob([encode(page.plain, encoding!)]);
    page.blobs[encoding!] = made;
    page.bytes += made.size;
    if (this.map.get(key) === page) {
      this.bytes += made.size;
      this.evict();
    }
    return made;
  }

  clear(snapshotId = this.snapshotId): void {
    this.map.clear();
    this.bytes = 0;
    this.snapshotId = snapshotId;
  }

  private forget(key: string, page: CachedPage): void {
    this.map.delete(key);
    this.bytes -= page.bytes + key.length;
  }

  private evict(): void {
    while (this.map.size > this.limits.maxEntries || (this.bytes > this.limits.maxBytes && this.map.size > 0)) {
      const [key, page] = this.map.entries().next().value!;
      this.forget(key, page);
    }
  }
}

/**
 * Raw request targets already mapped to their canonical key under the current snapshot,
 * so a repeat request is answered before routing. An LRU bounded in bytes; targets longer
 * than MAX_TARGET are never remembered (they take the routed path), so a flood of long junk
 * query strings costs nothing here and cannot push the real pages' targets out.
 */
export class TargetKeys {
  static readonly MAX_TARGET = 1024;
  private map = new Map<string, string>();
  private snapshotId = -1;
  /** Approximate memory held (UTF-16: two bytes a character). */
  bytes = 0;
  constructor(private maxBytes = 4 * 1024 * 1024) {}

  remember(snapshotId: number, target: string, key: string): void {
    if (snapshotId !== this.snapshotId) {
      this.map.clear();
      this.bytes = 0;
      this.snapshotId = snapshotId;
    }
    if (target.length > TargetKeys.MAX_TARGET || this.map.has(target)) return;
    this.map.set(target, key);
    this.bytes += size(target, key);
    while (this.bytes > this.maxBytes) {
      const [t, k] = this.map.entries().next().value!;
      this.map.delete(t);
      this.bytes -= size(t, k);
    }
  }

  get(snapshotId: number, target: string): string | undefined {
    if (snapshotId !== this.snapshotId) return undefined;
    const key = this.map.get(target);
    if (key !== undefined) {
      this.map.delete(target); // most recently used last
      this.map.set(target, key);
    }
    return key;
  }
}

const size = (target: string, key: string) => 2 * (target.length + key.length);
