// The Insights view of one calendar: loaded with import() when the view
// opens, so d3 and the charts stay out of the admin's first load. A period (7, 30 or 90 days,
// ?days= in the URL, held by the Runs area like the rest of its view state) and the console's
// zone (the run panels' CET/EST switch, shared), then loading, error (with a retry), empty and the charts.
import { useAtom } from "jotai";
import { useEffect, useId, useState, type MouseEvent } from "react";
import { apiPlainDates } from "../../runtime/api";
import { INSIGHT_PERIODS, type Insights } from "../../../src/shared/schemas/insights";
import { TIMEZONES, type Timezone } from "../../../src/shared/enums";
import { T } from "../../../src/shared/text";
import { attempt, type Result } from "../../components/runPanel/calls";
import { SegmentedGroup } from "../../components/SegmentedGroup";
import { panelZoneAtom } from "../RunPanel";
import { BreakdownChart, DailyChart, OriginsTable, SellThroughChart, SourcesChart } from "./charts";

const I = T.insights;

export type InsightsViewProps = {
  gameId: number; gameName: string;
  /** The period in days, and the link and in-place switch to another one (the Runs area keeps it in the URL). */
  days: number; periodHref: (days: number) => string; onPeriod: (e: MouseEvent<HTMLAnchorElement>, days: number) => void;
};

const fetchInsights = (gameId: number, days: number, zone: Timezone): Promise<Result<Insights>> =>
  attempt(() => apiPlainDates.api.insights.get({ query: { gameId, days, zone } }), I.failed);

export default function InsightsView({ gameId, gameName, days, periodHref, onPeriod }: InsightsViewProps) {
  const [answer, setAnswer] = useState<Result<Insights> | null>(null);
  const [attemptNo, setAttemptNo] = useState(0);
  const [zone, setZone] = useAtom(panelZoneAtom);
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attemptNo is the retry trigger
  useEffect(() => {
    let alive = true;
    setAnswer(null);
    void fetchInsights(gameId, days, zone).then((r) => { if (alive) setAnswer(r); });
    return () => { alive = false; };
  }, [gameId, days, zone, attemptNo]);

  return (
    <section className="stack insights" aria-labelledby={headingId}>
      <h2 id={headingId}>{I.heading({ game: gameName })}</h2>
      <div className="toolbar insights-controls">
        <nav className="filter-group" aria-label={I.periodLabel}>
          <span className="field__label" aria-hidden="true">{I.periodLabel}</span>
          <div className="segmented">
            {INSIGHT_PERIODS.map((n) => (
              <a key={n} className={`segmented__item${n === days ? " is-active" : ""}`} href={periodHref(n)}
                aria-current={n === days ? "page" : undefined} onClick={(e) => onPeriod(e, n)}>
                {I.period({ days: n })}
              </a>
            ))}
          </div>
        </nav>
        <SegmentedGroup label={T.panels.timezone} className="filter-group" labelClassName="field__label">
          {TIMEZONES.map((z) => (
            <button key={z} type="button" className="segmented__item" aria-pressed={zone === z} onClick={() => setZone(z)}>{z}</button>
          ))}
        </SegmentedGroup>
      </div>
      {!answer
        ? <p className="muted" role="status">{I.loading}</p>
        : !answer.ok
          ? (
            <div className="empty callout" role="alert">
              <p>{answer.message}</p>
              <button type="button" className="button button--small" onClick={() => setAttemptNo((n) => n + 1)}>{I.retry}</button>
            </div>
          )
          : <InsightsCharts data={answer.data} />}
    </section>
  );
}

function InsightsCharts({ data }: { data: Insights }) {
  const dimension = (d: Insights["breakdowns"][number]["dimension"]) => (d === "hour" ? I.hourIn({ zone: data.zone }) : I.dimensions[d]);
  // Sell-through needs no clicks: it shows whenever a run of the period tracks places.
  const sell = data.totals.spots > 0 ? <SellThroughChart daily={data.daily} days={data.days} zone={data.zone} /> : null;
  return (
    <>
      <p className="muted">{I.intro({ days: data.days, from: data.from, to: data.to, zone: data.zone })}</p>
      {data.totals.clicks === 0
        ? (
          <>
            <p className="empty">{I.empty}</p>
            {sell ? <div className="insights-grid">{sell}</div> : null}
          </>
        )
        : (
          <div className="insights-grid">
            <DailyChart daily={data.daily} days={data.days} zone={data.zone} />
            <SourcesChart sources={data.sources} />
            <OriginsTable origins={data.origins} />
            {sell}
            {data.breakdowns.filter((b) => b.rows.length > 0).map((b) => (
              <BreakdownChart key={b.dimension} dimension={dimension(b.dimension)} rows={b.rows} />
            ))}
          </div>
        )}
    </>
  );
}
