// Work a route starts after deciding its answer and does not wait for, so the answer's
// timing cannot tell what the work found (forgot password: docs/decisions/33). Tracked per
// database, so shutdown drains it and tests wait for it; a failure is logged as a summary.
import type { Db } from "../../db/client";

type Tracker = { inFlight: Set<Promise<void>> };
const trackers = new WeakMap<Db, Tracker>();

function trackerOf(db: Db): Tracker {
  const known = trackers.get(db);
  if (known) return known;
  const t: Tracker = { inFlight: new Set() };
  trackers.set(db, t);
  return t;
}

/**
 * Runs `work` without the caller waiting, `delayMs` later (at least a macrotask: the answer is
 * on its way before the work's first query is sent). `onError` gets what it threw (the caller
 * logs it without secrets); the work never rejects into nowhere.
 */
export function runAfterAnswer(db: Db, work: () => Promise<unknown>, onError: (err: unknown) => void, delayMs = 0): void {
  const t = trackerOf(db);
  const p: Promise<void> = new Promise<void>((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)))
    .then(work)
    .then(() => undefined, onError)
    .finally(() => t.inFlight.delete(p));
  t.inFlight.add(p);
}

/** Resolves once no work started with `runAfterAnswer` on this database is in flight. */
export async function afterAnswerIdle(db: Db): Promise<void> {
  const t = trackerOf(db);
  while (t.inFlight.size) await Promise.allSettled([...t.inFlight]);
}
