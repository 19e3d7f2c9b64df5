// The browser's clock for relative and local times: one minute timer for the whole page,
// and nothing at all on the server (its snapshot is null), so server-rendered and cached
// pages never carry "in 2 h" or a viewer's zone and hydration never mismatches.
import { createContext, useContext, useSyncExternalStore } from "react";

export type Clock = {
  /** Epoch ms; the same value between ticks (React compares snapshots). */
  now(): number;
  subscribe(onTick: () => void): () => void;
  /** The viewer's IANA zone, e.g. 'Asia/Tokyo'. */
  zone(): string;
};

const listeners = new Set<() => void>();
let current: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let viewerZone: string | undefined;

/** Ticks just after each minute boundary while anything listens. */
function schedule() {
  timer = setTimeout(() => {
    current = Date.now();
    for (const l of listeners) l();
    schedule();
  }, 60_000 - (Date.now() % 60_000) + 20);
}

export const browserClock: Clock = {
  now: () => (current ??= Date.now()),
  subscribe(onTick) {
    listeners.add(onTick);
    if (!timer) schedule();
    return () => {
      listeners.delete(onTick);
      if (!listeners.size) { clearTimeout(timer); timer = undefined; current = null; }
    };
  },
  zone: () => (viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone),
};

/** Tests inject a fake clock here. */
export const ClockContext = createContext<Clock>(browserClock);

const none = () => null;
/** The current minute's time, or null on the server and while hydrating. */
export function useNow(): { now: number; zone: string; clock: Clock } | null {
  const clock = useContext(ClockContext);
  const now = useSyncExternalStore(clock.subscribe, clock.now, none);
  return now === null ? null : { now, zone: clock.zone(), clock };
}
