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
  if (was === now) return null;
  if (now === "full") return text.nowFull.replace("{id}", id);
  if (now === "closed") return text.nowClosed.replace("{id}", id);
  if (was === "full" || was === "closed") return text.reopened.replace("{id}", id);
  if (now === "few" && left !== null) return (left === 1 ? text.nowFew.one : text.nowFew.other).replace("{id}", id).replace("{n}", String(left));
  return null;
}
