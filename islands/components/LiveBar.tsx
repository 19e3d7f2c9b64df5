// What the live stream shows above a calendar's cards (islands/components/liveRuns.ts): the
// "n new runs, show" control, in a polite region so its appearance is read out without
// moving focus, and the live region for changes a viewer can act on ("MOP-57 is now full").
import type { CalendarText } from "../../src/shared/calendarText";
import type { LiveRuns } from "./liveRuns";

export function LiveBar({ live, text }: { live: Pick<LiveRuns<unknown>, "fresh" | "showFresh" | "message">; text: CalendarText["live"] }) {
  const n = live.fresh;
  return (
    <>
      <div className="live-bar" aria-live="polite">
        {n ? <button type="button" className="button button--ghost button--small" onClick={live.showFresh}>{n === 1 ? text.newRuns.one : text.newRuns.other.replace("{n}", String(n))}</button> : null}
      </div>
      <p className="visually-hidden" aria-live="polite" data-live-message="">{live.message}</p>
    </>
  );
}
