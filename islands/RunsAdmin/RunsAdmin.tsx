import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import type { RunStats, SellThrough } from "../../src/shared/schemas/responses";
import type { AnyRun } from "../../src/kinds/runs";
import type { RunPage } from "../../src/kinds/runList";
import { runKindForSlug } from "../../src/kinds/registry";
import { T } from "../../src/shared/text";
import { fetchSellThrough, fetchStats } from "../components/runPanel/calls";
import { SellThroughFigure } from "./SellThroughFigure";
import { RunPanel } from "./RunPanel";
import { pickTarget, resolveSelection, selectionHref, selectionFromSearch, type RunsSelection, type SelectorGame } from "../../src/domain/runsSelection";
import type { CurrentBooster, PanelMode } from "../components/runForm/formTypes";
import { insightDaysFromSearch, runsViewFromSearch, withRunsView, type RunsView } from "../../src/domain/runsView";
import { INSIGHT_DAYS } from "../../src/shared/schemas/insights";
import { ViewSwitch } from "./insights/ViewSwitch";
import { useHydrated } from "../components/hydrated";
import type { InsightsViewProps } from "./insights/InsightsView";

// The Insights view and its chart code (d3) load only when the view opens.
const InsightsView = lazy(() => import("./insights/InsightsView")) as unknown as ComponentType<InsightsViewProps>;

export type RunsAdminProps = {
  /** admin: the /admin Runs tab (all runs, counters); booster: /dashboard (own runs, assigned games). */
  mode: PanelMode;
  /** Top-level games with their children, as the selectors offer them. */
  games: SelectorGame[];
  selection: RunsSelection;
  /** Admin: the run panel or the Insights view (?view=insights). */
  view?: RunsView;
  /** Admin: the Insights period in days (?days=7|30|90). */
  insightDays?: number;
  /** The selected game's first page of runs (default order), loaded by the server so the list renders at once. */
  runs: RunPage<AnyRun> | null;
  /** The counters (admin mode). */
  stats: RunStats | null;
  booster: CurrentBooster | null;
  /** Booster mode: places taken and offered over the booster's upcoming runs that track places (null: not shown). */
  sellThrough?: SellThrough | null;
};

/**
 * Run management: game and tool selectors, the four counters (admin), and the run
 * panel chosen by the game's slug. The selection lives in the URL; with JavaScript a
 * switch loads the new game's runs without reloading the page.
 */
export default function RunsAdmin({ mode, games, selection: initialSelection, view: initialView = "runs", insightDays = INSIGHT_DAYS.default, runs: initialRuns, stats: initialStats, booster, sellThrough: initialSellThrough = null }: RunsAdminProps) {
  const [selection, setSelection] = useState(initialSelection);
  const [view, setView] = useState<RunsView>(mode === "admin" ? initialView : "runs");
  const [days, setDays] = useState(insightDays);
  // The server's first page belongs to the first selection only.
  const [runs, setRuns] = useState(initialRuns);
  const [stats, setStats] = useState(initialStats);
  const [sellThrough, setSellThrough] = useState(initialSellThrough);
  const request = useRef(0);

  const { parent, target } = pickTarget(games, selection);
  const kind = target ? runKindForSlug(target.slug) : null;
  const statsGameId = target?.id ?? parent?.id ?? null;

  /** Loads the counters of a selection (admin); answers of an older selection are dropped. The panel loads its own rows. */
  const loadStats = useCallback(async (sel: RunsSelection) => {
    const { parent: p, target: t } = pickTarget(games, sel);
    const statsId = t?.id ?? p?.id ?? null;
    const mine = ++request.current;
    if (mode !== "admin" || statsId === null) return;
    const s = await fetchStats(statsId);
    if (mine === request.current && s.ok) setStats(s.data);
  }, [games, mode]);

  /** After a write on the booster dashboard: the sell-through follows (a failure keeps the last figure). */
  const loadSellThrough = useCallback(async () => {
    if (mode !== "booster" || initialSellThrough === null) return;
    const s = await fetchSellThrough();
    if (s.ok) setSellThrough(s.data);
  }, [mode, initialSellThrough]);

  /** A new selection: its panel starts empty and loads its first page; the counters reload. */
  const select = useCallback((next: RunsSelection) => {
    setSelection(next);
    setRuns(null);
    if (mode === "admin") setStats(null);
    void loadStats(next);
  }, [loadStats, mode]);

  /** Client-side switch: same URL a reload or a shared link would use. */
  function navigate(e: MouseEvent<HTMLAnchorElement>, next: RunsSelection) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, "", e.currentTarget.href);
    select(next);
  }

  /** Client-side switch between the run panel and the Insights view. */
  function openView(e: MouseEvent<HTMLAnchorElement>, next: RunsView) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, "", e.currentTarget.href);
    setView(next);
  }

  /** Client-side switch of the Insights period. */
  function choosePeriod(e: MouseEvent<HTMLAnchorElement>, next: number) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, "", e.currentTarget.href);
    setDays(next);
  }

  useEffect(() => {
    const onPop = () => {
      select(selectionFromSearch(games, window.location.search, mode));
      if (mode === "admin") {
        setView(runsViewFromSearch(window.location.search));
        setDays(insightDaysFromSearch(window.location.search));
      }
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [games, select, mode]);

  return (
    <div className="stack runs-admin">
      <GameSelectors mode={mode} games={games} selection={selection} view={view} days={days} onNavigate={navigate} />
      {mode === "admin" && statsGameId !== null ? <Counters stats={stats} /> : null}
      {mode === "admin" && target && kind ? <ViewSwitch view={view} days={days} baseHref={selectionHref(mode, selection)} onNavigate={openView} /> : null}
      {!parent || !target
        ? <p className="empty callout">{T.admin.selectGame}</p>
        : !kind
          ? <p className="empty callout">{T.admin.unsupported({ slug: target.slug })}</p>
          : view === "insights"
          ? (
            <LazyInsights gameId={target.id} gameName={target.name} days={days}
              periodHref={(n) => withRunsView(selectionHref(mode, selection), "insights", n)} onPeriod={choosePeriod} />
          )
          : (
            <RunPanel
              key={`${kind}-${target.id}`} kind={kind} gameId={target.id} mode={mode} initialPage={runs} booster={booster}
              onChanged={() => { void loadStats(selection); void loadSellThrough(); }}
              headerExtra={mode === "booster" && sellThrough ? <SellThroughFigure value={sellThrough} /> : null}
            />
          )}
    </div>
  );
}

/**
 * The Insights view once hydrated: the server (and hydration) render its loading line, as a
 * lazy component cannot finish in a server render (React would report the boundary and
 * switch to client rendering anyway).
 */
function LazyInsights(props: InsightsViewProps) {
  const loading = <p className="muted" role="status">{T.insights.loading}</p>;
  if (!useHydrated()) return loading;
  return <Suspense fallback={loading}><InsightsView key={props.gameId} {...props} /></Suspense>;
}

function GameSelectors({ mode, games, selection, view, days, onNavigate }: {
  mode: PanelMode; games: SelectorGame[]; selection: RunsSelection; view: RunsView; days: number;
  onNavigate: (e: MouseEvent<HTMLAnchorElement>, next: RunsSelection) => void;
}) {
  const parent = games.find((g) => g.id === selection.gameId) ?? null;
  // A selector link keeps the open view (runs or Insights) and the Insights period.
  const href = (next: RunsSelection) => withRunsView(selectionHref(mode, next), view, days);
  return (
    <div className="toolbar run-selectors">
      <SelectionLinks
        label={T.admin.parentGame} href={href} current={selection.gameId} onNavigate={onNavigate}
        links={games.map((g) => ({ id: g.id, name: g.name, next: resolveSelection(games, { game: String(g.id) }, mode) }))}
      />
      {parent?.children.length
        ? (
          <SelectionLinks
            label={T.admin.availableTools} href={href} current={selection.toolId} onNavigate={onNavigate}
            links={parent.children.map((c) => ({ id: c.id, name: c.name, next: { gameId: parent.id, toolId: c.id } }))}
          />
        )
        : null}
    </div>
  );
}

/** One row of selector links (games, or the chosen game's tools); the current one is marked. */
function SelectionLinks({ label, href, links, current, onNavigate }: {
  label: string; href: (next: RunsSelection) => string; links: { id: number; name: string; next: RunsSelection }[]; current: number | null;
  onNavigate: (e: MouseEvent<HTMLAnchorElement>, next: RunsSelection) => void;
}) {
  return (
    <nav className="filter-group" aria-label={label}>
      <span className="field__label" aria-hidden="true">{label}</span>
      <div className="segmented">
        {links.map(({ id, name, next }) => (
          <a key={id} className={`segmented__item${id === current ? " is-active" : ""}`} href={href(next)} aria-current={id === current ? "page" : undefined} onClick={(e) => onNavigate(e, next)}>
            {name}
          </a>
        ))}
      </div>
    </nav>
  );
}

// A function: on the server T speaks the request's language only when read.
const counters = (): { key: keyof RunStats; label: string }[] => [
  { key: "totalAvailableRuns", label: T.admin.totalAvailableRuns },
  { key: "totalBoosters", label: T.admin.totalBoosters },
  { key: "availableThisWeek", label: T.admin.availableThisWeek },
  { key: "boostersThisWeek", label: T.admin.boostersThisWeek },
];

/** The four counters; 'Loading game information...' while a newly chosen game's counts load. */
function Counters({ stats }: { stats: RunStats | null }) {
  if (!stats) return <p className="muted" role="status">{T.admin.loadingGame}</p>;
  return (
    <dl className="stat-grid">
      {counters().map((c) => (
        <div key={c.key} className="stat">
          <dt className="stat__label">{c.label}</dt>
          <dd className="stat__value" data-counter={c.key}>{stats[c.key]}</dd>
        </div>
      ))}
    </dl>
  );
}
