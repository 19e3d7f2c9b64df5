import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useToast } from "../components/toast";
import type { RunStats } from "../../src/api/runs/stats";
import type { AnyRun } from "../../src/shared/runs";
import { runKindForSlug } from "../../src/shared/runKinds";
import { T } from "../../src/shared/text";
import { fetchRuns, fetchStats } from "./data";
import { RunPanel } from "./RunPanel";
import { pickTarget, resolveSelection, selectionHref, selectionFromSearch, type RunsSelection, type SelectorGame } from "../../src/domain/runsSelection";
import type { CurrentBooster, PanelMode } from "./forms/types";

export type RunsAdminProps = {
  /** admin: the /admin Runs tab (all runs, counters); booster: /dashboard (own runs, assigned games). */
  mode: PanelMode;
  /** Top-level games with their children, as the selectors offer them. */
  games: SelectorGame[];
  selection: RunsSelection;
  /** The selected game's runs, loaded by the server so the list renders at once. */
  runs: AnyRun[] | null;
  /** The counters (admin mode). */
  stats: RunStats | null;
  booster: CurrentBooster | null;
};

/**
 * Run management (SPEC §2): game and tool selectors, the four counters (admin), and the run
 * panel chosen by the game's slug. The selection lives in the URL; with JavaScript a
 * switch loads the new game's runs without reloading the page.
 */
export default function RunsAdmin({ mode, games, selection: initialSelection, runs: initialRuns, stats: initialStats, booster }: RunsAdminProps) {
  const toast = useToast();
  const [selection, setSelection] = useState(initialSelection);
  const [runs, setRuns] = useState(initialRuns);
  const [stats, setStats] = useState(initialStats);
  const request = useRef(0);

  const { parent, target } = pickTarget(games, selection);
  const kind = target ? runKindForSlug(target.slug) : null;
  const statsGameId = target?.id ?? parent?.id ?? null;

  /** Loads the runs (and counters) of a selection; answers of an older selection are dropped. */
  const load = useCallback(async (sel: RunsSelection, keepRows: boolean) => {
    const { parent: p, target: t } = pickTarget(games, sel);
    const k = t ? runKindForSlug(t.slug) : null;
    const mine = ++request.current;
    if (!keepRows) setRuns(null);
    const statsId = t?.id ?? p?.id ?? null;
    const [r, s] = await Promise.all([
      t && k ? fetchRuns(k, t.id) : null,
      mode === "admin" && statsId !== null ? fetchStats(statsId) : null,
    ]);
    if (mine !== request.current) return;
    if (r) {
      if (r.ok) setRuns(r.data);
      else {
        toast({ title: T.toast.error, description: r.message, variant: "destructive" });
        setRuns((cur) => cur ?? []);
      }
    }
    if (s?.ok) setStats(s.data);
  }, [games, mode, toast]);

  /** Client-side switch: same URL a reload or a shared link would use. */
  function navigate(e: MouseEvent<HTMLAnchorElement>, next: RunsSelection) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, "", e.currentTarget.href);
    setSelection(next);
    if (mode === "admin") setStats(null);
    void load(next, false);
  }

  useEffect(() => {
    const onPop = () => {
      const next = selectionFromSearch(games, window.location.search, mode);
      setSelection(next);
      if (mode === "admin") setStats(null);
      void load(next, false);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [games, load, mode]);

  return (
    <div className="stack runs-admin">
      <GameSelectors mode={mode} games={games} selection={selection} onNavigate={navigate} />
      {mode === "admin" && statsGameId !== null ? <Counters stats={stats} /> : null}
      {!parent || !target
        ? <p className="empty callout">{T.admin.selectGame}</p>
        : !kind
          ? <p className="empty callout">{T.admin.unsupported(target.slug)}</p>
          : (
            <RunPanel
              key={`${kind}-${target.id}`} kind={kind} gameId={target.id} mode={mode} runs={runs} booster={booster}
              onChanged={() => void load(selection, true)}
            />
          )}
    </div>
  );
}

function GameSelectors({ mode, games, selection, onNavigate }: {
  mode: PanelMode; games: SelectorGame[]; selection: RunsSelection;
  onNavigate: (e: MouseEvent<HTMLAnchorElement>, next: RunsSelection) => void;
}) {
  const parent = games.find((g) => g.id === selection.gameId) ?? null;
  return (
    <div className="toolbar run-selectors">
      <nav className="filter-group" aria-label={T.admin.parentGame}>
        <span className="field__label" aria-hidden="true">{T.admin.parentGame}</span>
        <div className="segmented">
          {games.map((g) => {
            const next = resolveSelection(games, { game: String(g.id) }, mode);
            return (
              <a key={g.id} className={`segmented__item${g.id === selection.gameId ? " is-active" : ""}`} href={selectionHref(mode, next)} aria-current={g.id === selection.gameId ? "page" : undefined} onClick={(e) => onNavigate(e, next)}>
                {g.name}
              </a>
            );
          })}
        </div>
      </nav>
      {parent && parent.children.length
        ? (
          <nav className="filter-group" aria-label={T.admin.availableTools}>
            <span className="field__label" aria-hidden="true">{T.admin.availableTools}</span>
            <div className="segmented">
              {parent.children.map((c) => {
                const next = { gameId: parent.id, toolId: c.id };
                return (
                  <a key={c.id} className={`segmented__item${c.id === selection.toolId ? " is-active" : ""}`} href={selectionHref(mode, next)} aria-current={c.id === selection.toolId ? "page" : undefined} onClick={(e) => onNavigate(e, next)}>
                    {c.name}
                  </a>
                );
              })}
            </div>
          </nav>
        )
        : null}
    </div>
  );
}

const COUNTERS: { key: keyof RunStats; label: string }[] = [
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
      {COUNTERS.map((c) => (
        <div key={c.key} className="stat">
          <dt className="stat__label">{c.label}</dt>
          <dd className="stat__value" data-counter={c.key}>{stats[c.key]}</dd>
        </div>
      ))}
    </dl>
  );
}
