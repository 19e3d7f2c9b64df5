// The Runs area's two views as links: 'Runs' and 'Insights', each a URL of
// its own, keyboard-reachable like any link. Part of the panel's first load; the Insights
// view itself (and its chart code) loads only when opened.
import type { MouseEvent } from "react";
import { T } from "../../../src/shared/text";
import { RUNS_VIEWS, withRunsView, type RunsView } from "../../../src/domain/runsView";

// Read per render: on the server T speaks the request's language only when read.
const label = (v: RunsView) => ({ runs: T.insights.runsView, insights: T.insights.insightsView })[v];

export function ViewSwitch({ view, days, baseHref, onNavigate }: {
  view: RunsView;
  /** The Insights period, kept by the Insights link. */
  days: number;
  /** The current selection's Runs-area link. */
  baseHref: string;
  onNavigate: (e: MouseEvent<HTMLAnchorElement>, next: RunsView) => void;
}) {
  return (
    <nav className="segmented runs-views" aria-label={T.insights.viewsLabel}>
      {RUNS_VIEWS.map((v) => (
        <a key={v} className={`segmented__item${v === view ? " is-active" : ""}`} href={withRunsView(baseHref, v, days)}
          aria-current={v === view ? "page" : undefined} onClick={(e) => onNavigate(e, v)}>
          {label(v)}
        </a>
      ))}
    </nav>
  );
}
