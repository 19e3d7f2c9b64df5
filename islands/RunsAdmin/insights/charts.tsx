// The Insights charts: SVG drawn by React from d3-scale and d3-shape (no
// DOM access, so they render on the server as well). Each figure has a caption with a text
// summary, the SVG as role="img" labelled by that summary, and a 'Show as table' toggle that
// renders the same numbers as a real table. Each chart is drawn at the width it is shown at
// (its viewBox follows the figure's width), so its text keeps its size from phone to desktop.
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import type { Insights } from "../../../src/shared/schemas/insights";
import { T } from "../../../src/shared/text";

const I = T.insights;
type Daily = Insights["daily"];
type Row = Insights["breakdowns"][number]["rows"][number];

/** Width drawn at before the figure is measured (the server render, tests without layout). */
const DEFAULT_WIDTH = 640;

/** The element's content width, followed as it changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => { if (el.clientWidth > 0) setWidth(Math.round(el.clientWidth)); };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A titled figure whose chart (drawn for the figure's width) can be swapped for a table of the same data. */
function ChartFigure({ title, summary, chart, table }: { title: string; summary: string; chart: (width: number) => ReactNode; table: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const width = useWidth(body);
  return (
    <figure className="panel insights-figure" aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId}>{title}</h3>
        <p className="muted">{summary}</p>
      </figcaption>
      <button type="button" className="button button--ghost button--small" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
        {I.showTable}
      </button>
      <div ref={body} className="insights-body">{asTable ? <div className="table-wrap">{table}</div> : chart(width)}</div>
    </figure>
  );
}

const AXIS = "insights-axis";

/** Offered runs (bars) and booking clicks (line) per day, on one count axis. */
export function DailyChart({ daily, days, zone }: { daily: Daily; days: number; zone: string }) {
  const runs = daily.reduce((s, d) => s + d.runs, 0);
  const clicks = daily.reduce((s, d) => s + d.clicks, 0);
  const peak = daily.reduce<Daily[number] | null>((best, d) => (d.clicks > (best?.clicks ?? 0) ? d : best), null);
  const summary = I.dailySummary({ days, runs, clicks, peakDay: peak?.day ?? null, peak: peak?.clicks ?? 0 });
  const table = (
    <table className="table">
      <caption className="visually-hidden">{I.dailyTitle}</caption>
      <thead><tr><th scope="col">{I.day({ zone })}</th><th scope="col">{I.runs}</th><th scope="col">{I.clicks}</th></tr></thead>
      <tbody>
        {daily.map((d) => <tr key={d.day}><th scope="row">{d.day}</th><td>{d.runs}</td><td>{d.clicks}</td></tr>)}
      </tbody>
    </table>
  );
  const chart = (width: number) => (
    <>
      <DailySvg daily={daily} label={`${I.dailyTitle}. ${summary}`} W={width} />
      <p className="insights-legend muted">
        <span className="insights-key insights-key--bar" aria-hidden="true" /> {I.runs}
        <span className="insights-key insights-key--line" aria-hidden="true" /> {I.clicks}
      </p>
    </>
  );
  return <ChartFigure title={I.dailyTitle} summary={summary} chart={chart} table={table} />;
}

/** Room for one day label ('11-18' at the axis' 12 px is about 35 px wide) and a gap. */
const LABEL_PX = 56;

export function DailySvg({ daily, label, W }: { daily: Daily; label: string; W: number }) {
  const H = 240;
  const m = { top: 12, right: 8, bottom: 28, left: 32 };
  const x = scaleBand<string>().domain(daily.map((d) => d.day)).range([m.left, W - m.right]).padding(0.25);
  const y = scaleLinear().domain([0, Math.max(1, ...daily.map((d) => Math.max(d.runs, d.clicks)))]).nice().range([H - m.bottom, m.top]);
  const mid = (day: string) => (x(day) ?? 0) + x.bandwidth() / 2;
  const path = line<Daily[number]>().x((d) => mid(d.day)).y((d) => y(d.clicks))(daily) ?? "";
  // A day label every ~LABEL_PX.
  const every = Math.max(1, Math.ceil(daily.length / Math.max(1, Math.floor(W / LABEL_PX))));
  return (
    <svg className="insights-svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {y.ticks(4).map((t) => (
        <g key={t} className={AXIS}>
          <line x1={m.left} x2={W - m.right} y1={y(t)} y2={y(t)} />
          <text x={m.left - 6} y={y(t)} dy="0.32em" textAnchor="end">{t}</text>
        </g>
      ))}
      {daily.map((d) => (
        <rect key={d.day} className="insights-bar" x={x(d.day)} y={y(d.runs)} width={x.bandwidth()} height={y(0) - y(d.runs)} />
      ))}
      <path className="insights-line" d={path} />
      {daily.map((d) => <circle key={d.day} className="insights-dot" cx={mid(d.day)} cy={y(d.clicks)} r={2.5} />)}
      {daily.map((d, i) => {
        // The last day is always labelled, flush with the right edge; a label less than LABEL_PX
        // before that edge is left out (counted in pixels: on a phone a few days are narrower than a label).
        const last = i === daily.length - 1;
        if (!last && (i % every !== 0 || mid(d.day) > W - m.right - LABEL_PX)) return null;
        return <text key={d.day} className={AXIS} x={last ? W - m.right : mid(d.day)} y={H - 8} textAnchor={last ? "end" : "middle"}>{d.day.slice(5)}</text>;
      })}
    </svg>
  );
}

/** Places offered (outlined bars) and taken (filled, inside them) per day; days without places stay empty. */
export function SellThroughChart({ daily, days, zone }: { daily: Daily; days: number; zone: string }) {
  const spots = daily.reduce((s, d) => s + d.spots, 0);
  const taken = daily.reduce((s, d) => s + d.spotsTaken, 0);
  const percent = spots ? Math.round((taken / spots) * 100) : 0;
  const summary = I.sellSummary({ days, spots, taken, percent });
  const table = (
    <table className="table">
      <caption className="visually-hidden">{I.sellTitle}</caption>
      <thead>
        <tr><th scope="col">{I.day({ zone })}</th><th scope="col">{I.spotsOffered}</th><th scope="col">{I.spotsTaken}</th><th scope="col">{I.sellThrough}</th></tr>
      </thead>
      <tbody>
        {daily.map((d) => (
          <tr key={d.day}><th scope="row">{d.day}</th><td>{d.spots}</td><td>{d.spotsTaken}</td><td>{I.sellThroughCell({ spots: d.spots, percent: d.spots ? Math.round((d.spotsTaken / d.spots) * 100) : 0 })}</td></tr>
        ))}
      </tbody>
    </table>
  );
  const chart = (width: number) => (
    <>
      <SellSvg daily={daily} label={`${I.sellTitle}. ${summary}`} W={width} />
      <p className="insights-legend muted">
        <span className="insights-key insights-key--offered" aria-hidden="true" /> {I.spotsOffered}
        <span className="insights-key insights-key--taken" aria-hidden="true" /> {I.spotsTaken}
      </p>
    </>
  );
  return <ChartFigure title={I.sellTitle} summary={summary} chart={chart} table={table} />;
}

export function SellSvg({ daily, label, W }: { daily: Daily; label: string; W: number }) {
  const H = 200;
  const m = { top: 12, right: 8, bottom: 28, left: 32 };
  const x = scaleBand<string>().domain(daily.map((d) => d.day)).range([m.left, W - m.right]).padding(0.25);
  const y = scaleLinear().domain([0, Math.max(1, ...daily.map((d) => d.spots))]).nice().range([H - m.bottom, m.top]);
  const every = Math.max(1, Math.ceil(daily.length / Math.max(1, Math.floor(W / LABEL_PX))));
  return (
    <svg className="insights-svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {y.ticks(4).map((t) => (
        <g key={t} className={AXIS}>
          <line x1={m.left} x2={W - m.right} y1={y(t)} y2={y(t)} />
          <text x={m.left - 6} y={y(t)} dy="0.32em" textAnchor="end">{t}</text>
        </g>
      ))}
      {daily.filter((d) => d.spots > 0).map((d) => (
        <g key={d.day} data-day={d.day}>
          <rect className="insights-bar insights-bar--offered" x={x(d.day)} y={y(d.spots)} width={x.bandwidth()} height={y(0) - y(d.spots)} />
          <rect className="insights-bar insights-bar--taken" x={x(d.day)} y={y(d.spotsTaken)} width={x.bandwidth()} height={y(0) - y(d.spotsTaken)} />
        </g>
      ))}
      {daily.map((d, i) => {
        const last = i === daily.length - 1;
        const mid = (x(d.day) ?? 0) + x.bandwidth() / 2;
        if (!last && (i % every !== 0 || mid > W - m.right - LABEL_PX)) return null;
        return <text key={d.day} className={AXIS} x={last ? W - m.right : mid} y={H - 8} textAnchor={last ? "end" : "middle"}>{d.day.slice(5)}</text>;
      })}
    </svg>
  );
}

/** Clicks per offered run of each group, as horizontal bars. */
export function BreakdownChart({ dimension, rows }: { dimension: string; rows: Row[] }) {
  const best = rows.reduce<Row | null>((b, r) => (r.perRun > (b?.perRun ?? -1) ? r : b), null);
  const summary = I.breakdownSummary({ dimension, best: best?.label ?? null, value: best?.perRun ?? 0 });
  const title = I.breakdownTitle({ dimension });
  const table = (
    <table className="table">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr><th scope="col">{dimension}</th><th scope="col">{I.runs}</th><th scope="col">{I.clicks}</th><th scope="col">{I.perRun}</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => <tr key={r.key}><th scope="row">{r.label}</th><td>{r.runs}</td><td>{r.clicks}</td><td>{r.perRun}</td></tr>)}
      </tbody>
    </table>
  );
  const bars = rows.map((r) => ({ key: r.key, label: r.label, value: r.perRun }));
  const chart = (width: number) => <BarsSvg rows={bars} label={`${title}. ${summary}`} W={width} />;
  return <ChartFigure title={title} summary={summary} chart={chart} table={table} />;
}

type Sources = Insights["sources"];
const S = T.clickSources;
/** A share of the period's clicks, whole percent. */
const percent = (n: number, total: number) => `${total ? Math.round((n / total) * 100) : 0} %`;

/** The period's booking clicks by where they came from (calendar, run page, embed, feed, Discord, other). */
export function SourcesChart({ sources }: { sources: Sources }) {
  const total = sources.reduce((s, r) => s + r.clicks, 0);
  const best = sources.reduce<Sources[number] | null>((b, r) => (r.clicks > (b?.clicks ?? 0) ? r : b), null);
  const summary = S.summary({ clicks: total, best: best ? S.names[best.source] : null });
  const table = (
    <table className="table">
      <caption className="visually-hidden">{S.title}</caption>
      <thead><tr><th scope="col">{S.source}</th><th scope="col">{I.clicks}</th><th scope="col">{S.share}</th></tr></thead>
      <tbody>
        {sources.map((r) => <tr key={r.source}><th scope="row">{S.names[r.source]}</th><td>{r.clicks}</td><td>{percent(r.clicks, total)}</td></tr>)}
      </tbody>
    </table>
  );
  const bars = sources.map((r) => ({ key: r.source, label: S.names[r.source], value: r.clicks }));
  const chart = (width: number) => <BarsSvg rows={bars} label={`${S.title}. ${summary}`} W={width} />;
  return <ChartFigure title={S.title} summary={summary} chart={chart} table={table} />;
}

/** The sites whose embedded calendar sent the most booking clicks in the period. */
export function OriginsTable({ origins }: { origins: Insights["origins"] }) {
  const titleId = useId();
  return (
    <section className="panel insights-figure" aria-labelledby={titleId}>
      <h3 id={titleId}>{S.originsTitle}</h3>
      {origins.length
        ? (
          <div className="table-wrap">
            <table className="table" aria-labelledby={titleId}>
              <thead><tr><th scope="col">{S.origin}</th><th scope="col">{I.clicks}</th></tr></thead>
              <tbody>{origins.map((o) => <tr key={o.origin}><th scope="row" className="mono">{o.origin}</th><td>{o.clicks}</td></tr>)}</tbody>
            </table>
          </div>
        )
        : <p className="muted">{S.noOrigins}</p>}
    </section>
  );
}

/** Horizontal bars, one per row, with the value at the bar's end. */
function BarsSvg({ rows, label, W }: { rows: { key: string; label: string; value: number }[]; label: string; W: number }) {
  const bar = 26;
  // Labels take up to 40 % of the width (a phone), at most 168 px.
  const m = { top: 4, right: 48, bottom: 4, left: Math.min(168, Math.round(W * 0.4)) };
  const H = m.top + m.bottom + Math.max(1, rows.length) * bar;
  const y = scaleBand<string>().domain(rows.map((r) => r.key)).range([m.top, H - m.bottom]).padding(0.2);
  const x = scaleLinear().domain([0, Math.max(1, ...rows.map((r) => r.value))]).range([m.left, W - m.right]);
  return (
    <svg className="insights-svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {rows.map((r) => {
        const top = y(r.key) ?? 0;
        const mid = top + y.bandwidth() / 2;
        return (
          <g key={r.key}>
            <text className={AXIS} x={m.left - 8} y={mid} dy="0.32em" textAnchor="end">{r.label}</text>
            <rect className="insights-bar insights-bar--accent" x={m.left} y={top} width={x(r.value) - m.left} height={y.bandwidth()} />
            <text className={AXIS} x={x(r.value) + 6} y={mid} dy="0.32em">{r.value}</text>
          </g>
        );
      })}
    </svg>
  );
}
