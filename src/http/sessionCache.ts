// Signed-in visitors' session checks without a database round trip per request: the
// resolved viewer is kept per session cookie for a short while. Logout, deactivation,
// deletion and profile changes go through the change feed ('sessions'), which empties the
// cache in every process, so revocation still takes effect on the next request.
import type { Viewer } from "../shared/types";
import type { ChangeFeed } from "../../db/changes";
import { Tracker } from "../../db/changes";

/** `expiresAt`: epoch ms at which the session itself ends (the cache never outlives it). */
export type Resolved = { viewer: Viewer | null; sessionId: number | null; expiresAt?: number };

/** How long a checked session is trusted without asking the database again. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private map = new Map<string, Resolved & { until: number }>();
  private tracker: Tracker;

  constructor(feed: ChangeFeed) {
    this.tracker = new Tracker(feed, "sessions");
    feed.onChange((topic) => {
      if (topic !== "public") this.map.clear();
    });
  }

  /** A cached signed-in viewer for this cookie value, without loading (the fast path). */
  peek(token: string, now: number): Viewer | undefined {
    const hit = this.map.get(token);
    return hit && hit.until > now ? hit.viewer ?? undefined : undefined;
  }

  /** The viewer for this cookie value: cached, or loaded (and cached when nothing changed meanwhile). */
  async resolve(token: string, now: number, load: () => Promise<Resolved>): Promise<Resolved> {
    const hit = this.map.get(token);
    if (hit && hit.until > now) return hit;
    const version = this.tracker.version;
    const resolved = await load();
    // Only signed-in results are kept: junk cookies must not fill the cache.
    if (resolved.viewer && this.tracker.current(version)) {
      if (this.map.size >= MAX_ENTRIES) this.map.delete(this.map.keys().next().value!);
      this.map.set(token, { ...resolved, until: Math.min(now + TTL_MS, resolved.expiresAt ?? Infinity) });
    }
    return resolved;
  }
}
