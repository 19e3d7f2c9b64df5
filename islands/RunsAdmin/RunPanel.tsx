import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type ReactNode } from "react";
import { atom, useAtom } from "jotai";
import type { ColumnDef, PaginationState, SortingState, Updater } from "@tanstack/react-table";
import { TIMEZONES, type RunKind, type Timezone } from "../../src/shared/enums";
import type { AnyRun } from "../../src/kinds/runs";
import { pageCount, type RunPage, type RunSort } from "../../src/kinds/runList";
import { T } from "../../src/shared/text";
import { useToast } from "../components/toast";
import { SegmentedGroup } from "../components/SegmentedGroup";
import { PANEL_COLUMNS } from "../../src/kinds/columns.generated";
import type { Features, RowActions } from "../components/runPanel/columns";
import { fetchRunPage, type RunPageRequest } from "../components/runPanel/calls";
import { withClicks } from "./clicksColumn";
import { activeFilters, ALL, PANEL_FILTERS, type FilterState } from "../components/runPanel/panelFilters";
import { PAGE_SIZE, RunTable } from "./RunTable";
import { DeleteRunDialog } from "./DeleteRunDialog";
import { PlusIcon } from "../components/runPanel/icons";
import type { FormMode, PanelMode, RunFormDialogProps } from "../components/runForm/formTypes";
import { BulkBar } from "./bulk/BulkBar";
import { selectColumn, SelectionContext, type SelectionState } from "./bulk/selection";
import { useNextWeek } from "./bulk/nextWeek";

/** The zone the panels show run dates in; shared by every island of the page. */
export const panelZoneAtom = atom<Timezone>("CET");

// The forms (and the date picker) load on first use: the list renders without them.
const RunFormDialog = lazy(() => import("./forms/RunFormDialog")) as unknown as ComponentType<RunFormDialogProps>;

export type RunPanelProps = {
  kind: RunKind;
  gameId: number;
  mode: PanelMode;
  /** The first page in the default order, rendered by the server; null: the panel loads it. */
  initialPage: RunPage<AnyRun> | null;
  /** The current booster (booster mode): the form's fixed booster. */
  booster: { id: number; boosterId: string } | null;
  /** After a create, update, duplicate or delete (the panel reloads its page itself): refresh the counters. */
  onChanged: () => void;
  /** A compact figure in the header row beside the title (the booster's sell-through): no extra row above the table. */
  headerExtra?: ReactNode;
};

const requestKey = (r: RunPageRequest<RunKind>, generation: number) => `${JSON.stringify(r)}#${generation}`;
const firstPage: RunPageRequest<RunKind> = { page: 1, pageSize: PAGE_SIZE, filters: {} };

/**
 * One run panel: title, 'Create Run', timezone switcher, search box,
 * filter dropdowns, the sortable list and its row actions. Search, filters, sort and pages
 * are server-side: one page of rows is in the browser at a time.
 */
export function RunPanel({ kind, gameId, mode, initialPage, booster, onChanged, headerExtra = null }: RunPanelProps) {
  const text = T.panels[kind];
  const toast = useToast();
  const [zone, setZone] = useAtom(panelZoneAtom);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<FilterState>({});
  const [form, setForm] = useState<{ mode: FormMode; run: AnyRun | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyRun | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState({ view: "", index: 0 });
  // Bumped after a change: the same request is sent again.
  const [generation, setGeneration] = useState(0);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const searchId = useId();

  const defs = PANEL_FILTERS[kind];
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const onEdit = useCallback((run: AnyRun) => setForm({ mode: "edit", run }), []);
  const onDuplicate = useCallback((run: AnyRun) => setForm({ mode: "duplicate", run }), []);
  // The run "Duplicate to next week" just made: highlighted, and focused once its row is shown.
  const [fresh, setFresh] = useState<number | null>(null);
  const focusPending = useRef<number | null>(null);
  const claimFocus = useCallback((id: number) => {
    if (focusPending.current !== id) return false;
    focusPending.current = null;
    return true;
  }, []);
  const onNextWeek = useNextWeek(kind, {
    onCreated: (run) => { changed(); focusPending.current = run.id; setFresh(run.id); },
    onUndone: () => { setFresh(null); changed(); },
    focusAfter: () => heading.current,
  });
  const actions = useMemo(() => ({ onEdit, onDuplicate, onDelete: setDeleting, onNextWeek, history: mode === "admin" }), [onEdit, onDuplicate, onNextWeek, mode]);
  const kindColumns = useMemo(
    // biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column; TanStack types a column list with any
    () => withClicks((PANEL_COLUMNS[kind] as (z: Timezone, a: RowActions<AnyRun>) => ColumnDef<Features, AnyRun, any>[])(zone, actions))
      // On the booster's own dashboard every row is theirs: the Booster column's room goes to Spots.
      .filter((c) => mode !== "booster" || c.id !== "booster"),
    [kind, zone, actions, mode],
  );

  // A new search, filter or sort starts again at the first page.
  const sort = sorting[0];
  const q = query.trim();
  const filters = useMemo(() => activeFilters(kind, selected), [kind, selected]);
  const view = `${q}\u0000${JSON.stringify(filters)}\u0000${sort?.id}:${sort?.desc}`;
  const pageIndex = page.view === view ? page.index : 0;
  const request = useMemo<RunPageRequest<RunKind>>(() => ({
    page: pageIndex + 1, pageSize: PAGE_SIZE, filters,
    ...(q ? { q } : {}), ...(sort ? { sort: sort.id as RunSort<RunKind>, order: sort.desc ? "desc" as const : "asc" as const } : {}),
  }), [pageIndex, filters, q, sort]);
  const key = requestKey(request, generation);

  const { shown, failed, busy } = useRunPages(kind, gameId, request, key, initialPage ? { key: requestKey(firstPage, 0), page: initialPage } : null);

  // The list shrank under the current page (e.g. its last run was deleted): show the last page.
  const total = shown?.page.total ?? 0;
  useEffect(() => {
    if (shown && pageIndex > 0 && pageIndex >= pageCount(shown.page)) setPage({ view, index: pageCount(shown.page) - 1 });
  }, [shown, pageIndex, view]);
  const lastFailure = useRef<string | null>(null);
  useEffect(() => {
    if (failed && failed !== lastFailure.current) toast({ title: T.toast.error, description: failed, variant: "destructive" });
    lastFailure.current = failed;
  }, [failed, toast]);

  // Stable props: a keystroke's first (urgent) render then skips the table entirely.
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize: PAGE_SIZE }), [pageIndex]);
  const rows = shown?.page.runs ?? EMPTY;
  // Bulk selection: a checkbox column before the kind's columns. The
  // column stays the same object; the selection reaches its boxes through context.
  const columns = useMemo(
    // biome-ignore lint/suspicious/noExplicitAny: as above
    () => [selectColumn as ColumnDef<Features, AnyRun, any>, ...kindColumns],
    [kindColumns],
  );
  const selection = useMemo<SelectionState>(
    () => ({ pageIds: rows.map((r) => r.id), selected: selectedIds, onChange: setSelectedIds, fresh, claimFocus }),
    [rows, selectedIds, fresh, claimFocus],
  );
  const onPaginationChange = useCallback((u: Updater<PaginationState>) =>
    setPage({ view, index: (typeof u === "function" ? u(pagination) : u).pageIndex }), [view, pagination]);
  // A change may remove selected runs: the selection starts again.
  const changed = () => { setGeneration((g) => g + 1); setSelectedIds(new Set()); onChanged(); };
  const filtered = q !== "" || Object.keys(filters).length > 0;

  return (
    <section className="panel run-panel" aria-labelledby={headingId}>
      <div className="panel__header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>{text.title}</h2>
        {headerExtra}
        <button type="button" className="button button--primary" onClick={() => setForm({ mode: "create", run: null })}>
          <PlusIcon /> {T.panels.createRun}
        </button>
      </div>
      <div className="toolbar">
        <div className="filter-group run-panel__search">
          <label htmlFor={searchId} className="visually-hidden">{T.panels.searchLabel}</label>
          <input id={searchId} type="search" className="input" placeholder={text.search} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        {defs.map((d) => (
          <FilterSelect key={d.id} label={d.label} value={selected[d.id] ?? ALL} options={d.options}
            onChange={(v) => setSelected((cur) => ({ ...cur, [d.id]: v }))} />
        ))}
        <SegmentedGroup label={T.panels.timezone} className="filter-group" labelClassName="field__label">
          {TIMEZONES.map((z) => (
            <button key={z} type="button" className="segmented__item" aria-pressed={zone === z} onClick={() => setZone(z)}>{z}</button>
          ))}
        </SegmentedGroup>
      </div>
      <BulkBar kind={kind} mode={mode} selected={selectedIds} onClear={() => setSelectedIds(new Set())} onChanged={changed}
        focusAfter={() => heading.current} />
      {failed && !shown
        ? (
          <div className="empty callout" role="alert">
            <p>{failed}</p>
            <button type="button" className="button button--small" onClick={() => setGeneration((g) => g + 1)}>{T.panels.retry}</button>
          </div>
        )
        : (
          // While a newer page is on its way the rows shown stay; only this wrapper says so,
          // so the memoised table does not re-render its rows for it.
          <div className="run-panel__list" aria-busy={busy}>
            <SelectionContext value={selection}>
              <RunTable
                label={text.title} page={rows} rowCount={total} columns={columns}
                sorting={sorting} onSortingChange={setSorting} pagination={pagination} onPaginationChange={onPaginationChange}
                loading={!shown} loadingText={text.loading} emptyText={filtered ? T.panels.noMatch : text.empty}
              />
            </SelectionContext>
          </div>
        )}
      {form
        ? (
          <Suspense fallback={null}>
            <RunFormDialog
              kind={kind} mode={form.mode} run={form.run} gameId={gameId} panelMode={mode} booster={booster}
              onClose={() => setForm(null)}
              onSaved={() => { setForm(null); changed(); }}
            />
          </Suspense>
        )
        : null}
      <DeleteRunDialog kind={kind} run={deleting} onClose={() => setDeleting(null)} onDeleted={() => { setDeleting(null); changed(); }}
        onRestored={changed} focusAfterDelete={() => heading.current} />
    </section>
  );
}

function FilterSelect({ label, value, options, onChange }: {
  label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter-group">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

const EMPTY: AnyRun[] = [];

type Shown = { key: string; page: RunPage<AnyRun> };

/**
 * The pages a panel shows. At most one request is in flight: keystrokes typed while it
 * runs are coalesced into one follow-up request with the latest text, so a fast typist
 * sends one request per round trip (a debounce paced by the server, with no fixed delay
 * before the first one). Each answer is shown as it arrives; a failure keeps the rows.
 */
function useRunPages(kind: RunKind, gameId: number, request: RunPageRequest<RunKind>, key: string, initial: Shown | null) {
  const [shown, setShown] = useState<Shown | null>(initial);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ key, request });
  latest.current = { key, request };
  const inFlight = useRef(false);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  useEffect(() => {
    if (shown?.key === key || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void (async () => {
      for (;;) {
        const { key: sent, request: r } = latest.current;
        const answer = await fetchRunPage(kind, gameId, r);
        if (!alive.current) return;
        if (answer.ok) {
          setShown({ key: sent, page: answer.data });
          setFailed(null);
        } else if (latest.current.key === sent) setFailed(answer.message);
        if (latest.current.key === sent) break;
      }
      inFlight.current = false;
      setBusy(false);
    })();
  }, [key, kind, gameId, shown?.key]);

  return { shown, failed, busy };
}
