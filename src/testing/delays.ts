// Deliberate waits (a redirect 500-1500 ms after a message) are recorded instead of waited
// for: the test sees which delay was asked for and runs its callback when it chooses. Other
// timers (Testing Library's polling, React's scheduler) run as usual. The preload puts the
// real setTimeout back after every test.
//
// setTimeout is replaced by a plain function, not a mock: Testing Library takes a mocked
// setTimeout for fake timers and then stops polling.

export const realSetTimeout = globalThis.setTimeout;

export type Delayed = { ms: number; run: () => void };

/** From now until the test ends, `setTimeout(fn, ms)` with one of these `ms` is recorded, not scheduled. */
export function recordDelays(...delays: number[]): Delayed[] {
  const recorded: Delayed[] = [];
  globalThis.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    if (ms !== undefined && delays.includes(ms)) {
      recorded.push({ ms, run: () => fn(...rest) });
      return 0;
    }
    return realSetTimeout(fn, ms, ...rest);
  }) as typeof setTimeout;
  return recorded;
}
