// What the live stream shows above a calendar's cards (islands/components/liveRuns.ts), in one
// polite live region: the "n new runs, show" control (its appearance is read out without
// moving focus) and the changes a viewer can act on ("MOP-57 is now full").
import { T } from "../../src/shared/text";
import type { LiveRuns } from "./liveRuns";

export function LiveBar({ live }: { live: Pick<LiveRuns<unknown>, "fresh" | "showFresh" | "message"> }) {
  const n = live.fresh;
  return (
    <div className="live-bar" aria-live="polite">
      {n ? <button type="button" className="button button--ghost button--small" onClick={live.showFresh}>{T.live.newRuns({ n })}</button> : null}
      <p className="visually-hidden">{live.message}</p>
    </div>
  );
}
