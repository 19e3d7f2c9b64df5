// What the live stream shows above a calendar's cards (islands/components/liveRuns.ts), in one
// polite live region: the "n new runs, show" control (its appearance is read out without
// moving focus) and the changes a viewer can act on ("MOP-57 is now full").
import type { LiveRuns } from "./liveRuns";

export function LiveBar({ live }: { live: Pick<LiveRuns<unknown>, "fresh" | "showFresh" | "message" | "newRuns"> }) {
  const n = live.fresh;
  // The control shows once its text has loaded (with the first new run: islands/components/liveRuns.ts).
  return (
    <div className="live-bar" aria-live="polite">
      {n && live.newRuns ? <button type="button" className="button button--ghost button--small" onClick={live.showFresh}>{live.newRuns(n)}</button> : null}
      <p className="visually-hidden">{live.message}</p>
    </div>
  );
}
