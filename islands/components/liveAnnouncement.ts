// What a live page announces when a run's availability changes (docs/decisions/29-live-pages.md):
// only what a viewer can act on. Shared by the calendar islands (./liveRuns.ts) and the run
// page's plain script (islands/plain/live.ts), so it stays free of React.
import type { Availability } from "../../src/shared/enums";
import { T } from "../../src/shared/text";

/** The announcement for a run whose availability went from `was` to `now`, or null when there is nothing to act on. */
export function announcement(id: string, was: Availability, now: Availability, left: number | null): string | null {
  return was === now ? null
    : now === "full" ? T.live.nowFull({ id })
    : now === "closed" ? T.live.nowClosed({ id })
    : was === "full" || was === "closed" ? T.live.reopened({ id })
    : now === "few" ? T.live.nowFew({ id, n: left ?? 0 })
    : null;
}
