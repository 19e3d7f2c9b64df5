// Rendered share images by content key: the hash of everything a card draws (and the
// renderer's stamp). Nothing else keys an entry, so an entry can never be stale: when a run
// changes in a way the card shows, its key changes; and every process derives the same key
// and the same bytes, so an ETag from one process is good at any other. An LRU bounded in
// entries and bytes; concurrent requests for a key not yet rendered share one render.
import { RENDERER_STAMP, renderShareCard, type ShareCard } from "./shareCard";
import { metrics } from "../ops/metrics";

export type ShareImageLimits = { maxEntries: number; maxBytes: number };
/** About 1,000 cards of ~60-100 KB fit in the byte bound: the public runs of a busy week. */
export const DEFAULT_SHARE_IMAGE_LIMITS: ShareImageLimits = { maxEntries: 2_000, maxBytes: 96 * 1024 * 1024 };

export type ShareImage = { key: string; png: Blob };

/** The content key of a card: 16 hex digits of SHA-256 over the card and the renderer's stamp. */
export function shareCardKey(card: ShareCard): string {
  return new Bun.CryptoHasher("sha256").update(RENDERER_STAMP).update("\0").update(JSON.stringify(card)).digest("hex").slice(0, 16);
}

export class ShareImages {
  private map = new Map<string, Blob>();
  private pending = new Map<string, Promise<Blob>>();
  bytes = 0;
  /** Renders done by this cache (tests and the bench count them). */
  renders = 0;

  constructor(
    readonly limits: ShareImageLimits = DEFAULT_SHARE_IMAGE_LIMITS,
    private render: (card: ShareCard) => Promise<Uint8Array<ArrayBuffer>> = renderShareCard,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The cached image of `key`, marked most recently used, without rendering. */
  peek(key: string): Blob | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  /** The PNG of `card` (whose key is `key`): from the cache, or rendered once and kept. */
  get(key: string, card: ShareCard): Promise<Blob> {
    const hit = this.peek(key);
    if (hit) return Promise.resolve(hit);
    let job = this.pending.get(key);
    if (!job) {
      this.renders++;
      const started = performance.now();
      job = this.render(card).then((png) => {
        metrics.shareImages.render(performance.now() - started);
        const blob = new Blob([png], { type: "image/png" });
        this.store(key, blob);
        return blob;
      });
      const done = () => void this.pending.delete(key);
      job.then(done, done);
      this.pending.set(key, job);
    }
    return job;
  }

  private store(key: string, png: Blob): void {
    if (this.map.has(key)) return;
    this.map.set(key, png);
    this.bytes += png.size;
    while (this.map.size > this.limits.maxEntries || (this.bytes > this.limits.maxBytes && this.map.size > 0)) {
      const [oldest, blob] = this.map.entries().next().value!;
      this.map.delete(oldest);
      this.bytes -= blob.size;
    }
  }
}
