// What a live page announces when a run's availability changes (docs/decisions/29-live-pages.md):
// only what a viewer can act on. Shared by the calendar islands (./liveRuns.ts) and the run
// page's plain script (islands/plain/live.ts), so it stays free of React.
import type { Availability } from "../../src/shared/enums";

/** The catalogue's live texts (T.live), as the page hands them over. */
export type LiveText = {
  nowFull: string; nowFew: { one: string; other: string }; nowClosed: string; reopened: string; gone: string;
};

/** The announcement for a run whose availability went from `was` to `now`, or null when there is nothing to act on. */
export function announcement(text: LiveText, id: string, was: Availability, now: Availability, left: number | null): string | null {
  const said = was === now ? null
    : now === "full" ? text.nowFull
    : now === "closed" ? text.nowClosed
    : was === "full" || was === "closed" ? text.reopened
    : now === "few" ? text.nowFew[left === 1 ? "one" : "other"]
    : null;
  return said?.replace("{id}", id).replace("{n}", String(left)) ?? null;
}
