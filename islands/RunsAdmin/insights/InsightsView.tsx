// The Insights view of one calendar: loaded with import() when the view
// opens, so d3 and the charts stay out of the admin's first load. Loading, error (with a
// retry), empty ('No clicks yet…') and the charts.
import { useEffect, useId, useState } from "react";
import { apiPlainDates } from "../../runtime/api";
import type { Insights } from "../../../src/shared/schemas/insights";
import { T } from "../../../src/shared/text";
import { attempt, type Result } from "../../components/runPanel/calls";
import { BreakdownChart, DailyChart } from "./charts";

const I = T.insights;

export type InsightsViewProps = { gameId: number; gameName: string };

const fetchInsights = (gameId: number): Promise<Result<Insights>> =>
  attempt(() => apiPlainDates.api.insights.get({ query: { gameId } }), I.failed);

export default function InsightsView({ gameId, gameName }: InsightsViewProps) {
  const [answer, setAnswer] = useState<Result<Insights> | null>(null);
  const [attemptNo, setAttemptNo] = useState(0);
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attemptNo is the retry trigger
  useEffect(() => {
    let alive = true;
    setAnswer(null);
    void fetchInsights(gameId).then((r) => { if (alive) setAnswer(r); });
    return () => { alive = false; };
  }, [gameId, attemptNo]);

  return (
    <section className="stack insights" aria-labelledby={headingId}>
      <h2 id={headingId}>{I.heading(gameName)}</h2>
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
  return (
    <>
      <p className="muted">{I.intro(data.days, data.from, data.to)}</p>
      {data.totals.clicks === 0
        ? <p className="empty">{I.empty}</p>
        : (
          <div className="insights-grid">
            <DailyChart daily={data.daily} days={data.days} />
            {data.breakdowns.filter((b) => b.rows.length > 0).map((b) => (
              <BreakdownChart key={b.dimension} dimension={I.dimensions[b.dimension]} rows={b.rows} />
            ))}
          </div>
        )}
    </>
  );
}
