// Row selection for bulk actions: a checkbox per row and one that selects
// every run on the page. Native checkboxes: Space toggles, Tab moves between them.
import { createContext, useContext, useEffect, useRef } from "react";
import { createColumnHelper } from "@tanstack/react-table";
import type { AnyRun } from "../../../src/kinds/runs";
import { runLabel } from "../../../src/kinds/registry";
import { T } from "../../../src/shared/text";
import type { Features } from "../../components/runPanel/columns";

export type Selection = ReadonlySet<number>;

/** Selected ids after ticking or unticking one run. */
export function toggled(selected: Selection, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Selected ids after the page's select-all box: all of the page in, or all of it out. */
export function toggledPage(selected: Selection, pageIds: readonly number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of pageIds) if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The selection the column's boxes show and change. It reaches them through context, not
 * through the column definition: a column rebuilt per selection would hand the table new
 * cell components, which React remounts, and the box just ticked would lose focus.
 */
export type SelectionState = {
  pageIds: readonly number[]; selected: Selection; onChange: (s: Set<number>) => void;
  /** A run just created from a row action ("Duplicate to next week"): its row is marked, and its box takes focus once. */
  fresh?: number | null;
  /** True the first time it is asked for `id` after the run was created: the box then takes focus. */
  claimFocus?: (id: number) => boolean;
};
export const SelectionContext = createContext<SelectionState>({ pageIds: [], selected: new Set(), onChange: () => {} });

function SelectAll() {
  const { pageIds, selected, onChange } = useContext(SelectionContext);
  const ref = useRef<HTMLInputElement>(null);
  const count = pageIds.filter((id) => selected.has(id)).length;
  const all = pageIds.length > 0 && count === pageIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input ref={ref} type="checkbox" aria-label={T.bulk.selectAll} checked={all} disabled={!pageIds.length}
      onChange={(e) => onChange(toggledPage(selected, pageIds, e.target.checked))} />
  );
}

function SelectRow({ run }: { run: AnyRun }) {
  const { selected, onChange, fresh, claimFocus } = useContext(SelectionContext);
  const ref = useRef<HTMLInputElement>(null);
  const isFresh = fresh === run.id;
  // The new row arrives with the reloaded page: focus moves to it, so the keyboard is where the new run is.
  useEffect(() => {
    if (isFresh && claimFocus?.(run.id)) ref.current?.focus();
  }, [isFresh, claimFocus, run.id]);
  return (
    <input ref={ref} type="checkbox" aria-label={T.bulk.selectRun({ id: runLabel(run) })} checked={selected.has(run.id)}
      data-fresh={isFresh ? "" : undefined}
      onChange={(e) => onChange(toggled(selected, run.id, e.target.checked))} />
  );
}

const col = createColumnHelper<Features, AnyRun>();

/** The first column of a run table: select-all in the header, a box per row (inside a SelectionContext). */
export const selectColumn = col.display({
  id: "select",
  header: () => <SelectAll />,
  cell: ({ row }) => <SelectRow run={row.original} />,
});
