// The live pages' hub (docs/decisions/29-live-pages.md): one per process, fed by the change
// feed (a write through any process reaches it through LISTEN/NOTIFY). It keeps one state per
// watched view (a calendar with its filter query, or a run page), diffs it once per change and
// writes the same pre-encoded event bytes to every subscriber of that view, so a change costs
// one diff per view, not per connection. Each view keeps a bounded buffer of its recent events
// for reconnects (Last-Event-ID); one shared tick sends the heartbeats.
import type { ChangeFeed } from "../../db/changes";
import { liveRuns, type LiveRun, type LiveView } from "./liveViews";
import type { PublicModel, PublicSnapshot } from "./model";

/** One open stream: `send` answers false when the client stopped reading (it is then dropped). */
export type LiveSubscriber = { send: (bytes: Uint8Array) => boolean; end: () => void };

export type LiveLimits = {
  /** Events a view keeps for reconnects; older ones answer `reset`. */
  replay: number;
  /** How long a view without subscribers is still followed (a reconnect within it replays). */
  idleMs: number;
  /** The heartbeat comment's period. */
  heartbeatMs: number;
  /** The browser's reconnect delay (the `retry:` line). */
  retryMs: number;
  /** Views followed at once: each costs a diff per change, and filter queries can name many. */
  views: number;
};

export const LIVE_LIMITS: LiveLimits = { replay: 128, idleMs: 120_000, heartbeatMs: 25_000, retryMs: 3_000, views: 2_000 };

type Entry = { seq: number; text: string };

class WatchedView {
  readonly subs = new Set<LiveSubscriber>();
  /** Each shown run's event data (JSON), by display id: what the subscribers were last told. */
  state = new Map<string, string>();
  readonly events: Entry[] = [];
  /** Replay reaches back to this sequence number: the view's start, or the newest event dropped from the buffer. */
  floor: number;
  idleSince: number | null = null;
  constructor(readonly spec: LiveView, runs: LiveRun[], seq: number) {
    for (const r of runs) this.state.set(r.displayId, JSON.stringify(r));
    this.floor = seq;
  }
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(":\n\n");

export type LiveOpen = { view: WatchedView; first: Uint8Array };

export class LiveHub {
  /** Tells this process's event ids from another's (and from before a restart): a foreign id gets `reset`. */
  readonly boot = Math.floor(Math.random() * 36 ** 6).toString(36);
  private seq = 0;
  /** The newest snapshot the views were diffed against. */
  private diffed = 0;
  private views = new Map<string, WatchedView>();
  private connections = 0;
  private tick: ReturnType<typeof setInterval> | null = null;
  private expiry: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private scheduled = false;
  private unsubscribe: () => void;

  constructor(private deps: { model: PublicModel; feed: ChangeFeed; clock: () => Date; limits?: Partial<LiveLimits> }) {
    this.unsubscribe = deps.feed.onChange((topic) => {
      if (topic !== "sessions" && this.views.size) this.schedule();
    });
  }

  private get limits(): LiveLimits {
    return { ...LIVE_LIMITS, ...this.deps.limits };
  }

  /**
   * The stream position now, for a page to embed: its stream resumes from there, so a change
   * between the render and the stream's opening is replayed (a page rendered after a change
   * embeds a position no later than that change's events: events are idempotent, a repeat is harmless).
   */
  position(): string {
    return `${this.boot}-${this.seq}`;
  }

  /** Whether the view is still followed (it has subscribers, or had them a moment ago). */
  follows(key: string): boolean {
    return this.views.has(key);
  }

  /** Open streams in this process (metrics, the bench). */
  get open(): number {
    return this.connections;
  }

  /**
   * Subscribes to a view of `snap` (the caller checked it exists). The first bytes are the
   * `retry:` line and then the events missed since `lastEventId` when this view can still
   * replay them, `reset` when it cannot, or nothing to catch up on (a first connect).
   */
  join(key: string, spec: LiveView, snap: PublicSnapshot, sub: LiveSubscriber, lastEventId: string | null): LiveOpen | null {
    // The views catch up with this snapshot first (a pass for it may still be queued): the
    // page the joiner shows is no newer, so nothing it shows is left out of the stream.
    if (snap.id > this.diffed) this.diffAll(snap);
    let view = this.views.get(key);
    if (!view && !this.room()) return null;
    if (!view) {
      view = new WatchedView(spec, liveRuns(snap, spec, this.deps.clock().getTime()), this.seq);
      this.views.set(key, view);
      this.armExpiry(snap);
    }
    view.subs.add(sub);
    view.idleSince = null;
    this.connections++;
    this.tick ??= unref(setInterval(() => this.heartbeat(), this.limits.heartbeatMs));
    let text = `retry: ${this.limits.retryMs}\n\n`;
    const last = lastEventId === null ? null : this.parseId(lastEventId);
    if (lastEventId === null) text += this.marker("ready");
    else if (last === null || last < view.floor) text += this.marker("reset");
    else text += view.events.filter((e) => e.seq > last).map((e) => e.text).join("") + this.marker("ready");
    return { view, first: encoder.encode(text) };
  }

  /** Whether one more view may be followed, dropping views nobody watches first when full. */
  private room(): boolean {
    if (this.views.size < this.limits.views) return true;
    for (const [key, view] of this.views) if (!view.subs.size) this.views.delete(key);
    return this.views.size < this.limits.views;
  }

  leave(view: WatchedView, sub: LiveSubscriber): void {
    if (!view.subs.delete(sub)) return;
    this.connections--;
    if (!view.subs.size) view.idleSince = this.deps.clock().getTime();
  }

  /** Re-reads the model and sends every view's changes; concurrent calls share one pass and none is lost. */
  refresh(): Promise<void> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const snap = await this.deps.model.get();
          this.diffAll(snap);
          this.armExpiry(snap);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Ends every stream (shutdown) and stops the timers. */
  close(): void {
    this.unsubscribe();
    for (const view of this.views.values()) for (const sub of [...view.subs]) {
      this.leave(view, sub);
      sub.end();
    }
    this.views.clear();
    if (this.expiry) clearTimeout(this.expiry);
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // A burst of marks (a bulk write's several transactions) becomes one pass.
    setTimeout(() => {
      this.scheduled = false;
      this.refresh().catch(() => {}); // the model serves the last snapshot through an outage; the next change retries
    }, 0);
  }

  private diffAll(snap: PublicSnapshot): void {
    if (snap.id < this.diffed) return; // an older snapshot than one already sent
    this.diffed = snap.id;
    const now = this.deps.clock().getTime();
    for (const view of this.views.values()) {
      const next = new Map<string, string>();
      const changed: Entry[] = [];
      for (const run of liveRuns(snap, view.spec, now)) {
        const json = JSON.stringify(run);
        next.set(run.displayId, json);
        if (view.state.get(run.displayId) !== json) changed.push(this.event("run", json));
      }
      for (const id of view.state.keys()) if (!next.has(id)) changed.push(this.event("removed", JSON.stringify({ displayId: id })));
      view.state = next;
      if (!changed.length) continue;
      view.events.push(...changed);
      const over = view.events.length - this.limits.replay;
      if (over > 0) view.floor = view.events.splice(0, over).at(-1)!.seq;
      this.broadcast(view, encoder.encode(changed.map((e) => e.text).join("")));
    }
  }

  private broadcast(view: WatchedView, bytes: Uint8Array): void {
    for (const sub of view.subs) {
      if (sub.send(bytes)) continue;
      this.leave(view, sub);
      sub.end();
    }
  }

  private heartbeat(): void {
    const now = this.deps.clock().getTime();
    for (const [key, view] of this.views) {
      if (view.idleSince !== null && now - view.idleSince > this.limits.idleMs) this.views.delete(key);
      else this.broadcast(view, HEARTBEAT);
    }
    // The tick runs while any view is followed (idle ones until they are dropped).
    if (!this.views.size && this.tick) {
      clearInterval(this.tick);
      this.tick = null;
    }
  }

  /** The next pass when time alone changes what a view shows (a run starts, booking closes). */
  private armExpiry(snap: PublicSnapshot): void {
    if (this.expiry) clearTimeout(this.expiry);
    if (!this.views.size) return;
    const wait = snap.expiresAt - this.deps.clock().getTime();
    this.expiry = Number.isFinite(wait) ? unref(setTimeout(() => this.schedule(), Math.min(Math.max(wait, 0) + 5, 2 ** 31 - 1))) : null;
  }

  private event(name: "run" | "removed", data: string): Entry {
    const seq = ++this.seq;
    return { seq, text: `id: ${this.boot}-${seq}\nevent: ${name}\ndata: ${data}\n\n` };
  }

  /** `ready` or `reset`, carrying the current position as its id. */
  private marker(name: "ready" | "reset"): string {
    return `id: ${this.boot}-${this.seq}\nevent: ${name}\ndata: {}\n\n`;
  }

  private parseId(id: string): number | null {
    const m = /^([0-9a-z]+)-([0-9]{1,15})$/.exec(id);
    if (!m || m[1] !== this.boot) return null;
    const n = Number(m[2]);
    return n <= this.seq ? n : null;
  }
}

function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
