import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState, type ComponentType } from "react";
import { atom, useAtom } from "jotai";
import type { ColumnDef, PaginationState, SortingState, Updater } from "@tanstack/react-table";
import { TIMEZONES, type RunKind, type Timezone } from "../../src/shared/enums";
import type { AnyRun, RunOfKind } from "../../src/shared/runs";
import { T } from "../../src/shared/text";
import { challengeColumns, desertColumns, raidColumns, type Features, type RowActions } from "./columns";
import { ALL, filterOptions, filterRuns, PANEL_FILTERS, PANEL_SEARCH, searchIndex, sortOrder, type FilterDef, type FilterState, type SortValue } from "./filters";
import { PAGE_SIZE, RunTable } from "./RunTable";
import { DeleteRunDialog } from "./DeleteRunDialog";
import { PlusIcon } from "./icons";
import type { FormMode, PanelMode, RunFormDialogProps } from "./forms/types";

/** The zone the panels show run dates in; shared by every island of the page. */
export const panelZoneAtom = atom<Timezone>("CET");

// The forms (and the date picker) load on first use: the list renders without them.
const RunFormDialog = lazy(() => import("./forms/RunFormDialog")) as unknown as ComponentType<RunFormDialogProps>;

const COLUMNS: { [K in RunKind]: (zone: Timezone, actions: RowActions<RunOfKind<K>>) => ColumnDef<Features, RunOfKind<K>, any>[] } = {
  raid: raidColumns, challenge: challengeColumns, desert: desertColumns,
};

export type RunPanelProps = {
  kind: RunKind;
  gameId: number;
  mode: PanelMode;
  /** null while loading. */
  runs: AnyRun[] | null;
  /** The current booster (booster mode): the form's fixed booster. */
  booster: { id: number; boosterId: string } | null;
  /** After a create, update, duplicate or delete: refetch the list and counters. */
  onChanged: () => void;
};

/**
 * One run panel (SPEC §2 Run panels): title, 'Create Run', timezone switcher, search box,
 * filter dropdowns built from the data, the sortable list and its row actions.
 */
export function RunPanel({ kind, gameId, mode, runs, booster, onChanged }: RunPanelProps) {
  const text = T.panels[kind];
  const [zone, setZone] = useAtom(panelZoneAtom);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<FilterState>({});
  const [form, setForm] = useState<{ mode: FormMode; run: AnyRun | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyRun | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState({ view: "", index: 0 });
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const searchId = useId();

  const data = runs ?? [];
  const defs = PANEL_FILTERS[kind] as FilterDef<AnyRun>[];
  const onEdit = useCallback((run: AnyRun) => setForm({ mode: "edit", run }), []);
  const onDuplicate = useCallback((run: AnyRun) => setForm({ mode: "duplicate", run }), []);
  const actions = useMemo(() => ({ onEdit, onDuplicate, onDelete: setDeleting }), [onEdit, onDuplicate]);
  const columns = useMemo(
    () => (COLUMNS[kind] as (z: Timezone, a: RowActions<AnyRun>) => ColumnDef<Features, AnyRun, any>[])(zone, actions),
    [kind, zone, actions],
  );

  // Per data or sort change: the search text of every run and the sorted order.
  const index = useMemo(() => searchIndex(data, PANEL_SEARCH[kind] as (r: AnyRun) => string), [data, kind]);
  const sort = sorting[0];
  const sortKey = useMemo(() => {
    const def = columns.find((c) => c.id === sort?.id) as { accessorFn?: (r: AnyRun, i: number) => SortValue } | undefined;
    return def?.accessorFn ? (r: AnyRun) => def.accessorFn!(r, 0) : null;
  }, [columns, sort?.id]);
  const sorted = useMemo(() => {
    const order = sortOrder(data, sortKey, sort?.desc ?? false);
    return { runs: order.map((i) => data[i]!), index: order.map((i) => index[i]!) };
  }, [data, index, sortKey, sort?.desc]);

  const options = useMemo(() => defs.map((d) => filterOptions(data, d)), [data, defs]);
  // A choice whose value left the data (e.g. its last run was deleted) falls back to 'All'.
  const effective = useMemo<FilterState>(() => Object.fromEntries(defs.map((d, i) => {
    const v = selected[d.id];
    return [d.id, v && options[i]!.some((o) => o.value === v) ? v : ALL];
  })), [defs, options, selected]);
  // Per keystroke: one substring test per run, then one page of rows (fast enough to do
  // synchronously: measured in scripts/bench-admin.ts).
  const visible = useMemo(() => filterRuns(sorted.runs, sorted.index, query, defs, effective), [sorted, query, defs, effective]);

  // A new search, filter or sort starts again at the first page.
  const view = `${query}\u0000${JSON.stringify(effective)}\u0000${sort?.id}:${sort?.desc}`;
  const pageCount = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const pageIndex = page.view === view ? Math.min(page.index, pageCount - 1) : 0;
  // Stable props: a keystroke's first (urgent) render then skips the table entirely.
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize: PAGE_SIZE }), [pageIndex]);
  const rows = useMemo(() => visible.slice(pageIndex * PAGE_SIZE, (pageIndex + 1) * PAGE_SIZE), [visible, pageIndex]);
  const onPaginationChange = useCallback((u: Updater<PaginationState>) =>
    setPage({ view, index: (typeof u === "function" ? u(pagination) : u).pageIndex }), [view, pagination]);

  return (
    <section className="panel run-panel" aria-labelledby={headingId}>
      <div className="panel__header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>{text.title}</h2>
        <button type="button" className="button button--primary" onClick={() => setForm({ mode: "create", run: null })}>
          <PlusIcon /> {T.panels.createRun}
        </button>
      </div>
      <div className="toolbar">
        <div className="filter-group run-panel__search">
          <label htmlFor={searchId} className="visually-hidden">{T.panels.searchLabel}</label>
          <input id={searchId} type="search" className="input" placeholder={text.search} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        {defs.map((d, i) => (
          <FilterSelect key={d.id} label={d.label} value={effective[d.id] ?? ALL} options={options[i]!}
            onChange={(v) => setSelected((cur) => ({ ...cur, [d.id]: v }))} />
        ))}
        <div className="filter-group">
          <span className="field__label" id={`${headingId}-tz`}>{T.panels.timezone}</span>
          <div className="segmented" role="group" aria-labelledby={`${headingId}-tz`}>
            {TIMEZONES.map((z) => (
              <button key={z} type="button" className="segmented__item" aria-pressed={zone === z} onClick={() => setZone(z)}>{z}</button>
            ))}
          </div>
        </div>
      </div>
      <RunTable
        label={text.title} page={rows} rowCount={visible.length} columns={columns}
        sorting={sorting} onSortingChange={setSorting} pagination={pagination} onPaginationChange={onPaginationChange}
        loading={runs === null} loadingText={text.loading} emptyText={data.length === 0 ? text.empty : T.panels.noMatch}
      />
      {form
        ? (
          <Suspense fallback={null}>
            <RunFormDialog
              kind={kind} mode={form.mode} run={form.run} gameId={gameId} panelMode={mode} booster={booster}
              onClose={() => setForm(null)}
              onSaved={() => { setForm(null); onChanged(); }}
            />
          </Suspense>
        )
        : null}
      <DeleteRunDialog kind={kind} run={deleting} onClose={() => setDeleting(null)} onDeleted={() => { setDeleting(null); onChanged(); }}
        focusAfterDelete={() => heading.current} />
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
