import { memo, useLayoutEffect, useRef } from "react";
import { useTable, type ColumnDef, type OnChangeFn, type PaginationState, type SortingState } from "@tanstack/react-table";
import type { AnyRun } from "../../src/kinds/runs";
import { DEFAULT_PAGE_SIZE } from "../../src/kinds/runList";
import { T } from "../../src/shared/text";
import { features, type Features } from "../components/runPanel/columns";
import { BodyRows, SortableHead } from "../components/DataTable";

/** The selection column's header is a checkbox: its cells are labelled in words on a phone. */
// Read per render: on the server T speaks the request's language only when read.
const cellLabels = () => ({ select: T.bulk.selectColumn });


/** Rows per page: the DOM stays small however many runs a game has. */
export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * A run list: sortable column headers (a button per sortable header, aria-sort on the
 * cell), the loading and empty texts, and the page controls. It renders the page it is
 * given; the panel owns filtering, sorting and paging, done by the server.
 */
export const RunTable = memo(function RunTable({ label, page, rowCount, columns, sorting, onSortingChange, pagination, onPaginationChange, loading, loadingText, emptyText }: {
  label: string;
  /** The rows of the current page, in order. */
  page: AnyRun[];
  /** How many rows all pages hold. */
  rowCount: number;
  // biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column; TanStack types a column list with any
  columns: ColumnDef<Features, AnyRun, any>[];
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  loading: boolean;
  loadingText: string;
  /** Shown instead of rows when there is nothing to show (no runs, or filters hide all). */
  emptyText: string;
}) {
  const table = useTable({
    features, columns, data: page, getRowId: (r) => String(r.id),
    state: { sorting, pagination }, onSortingChange, onPaginationChange,
    manualSorting: true, manualPagination: true, rowCount, enableMultiSort: false,
  });
  const rows = table.getRowModel().rows;
  const pages = table.getPageCount();
  const { pageIndex, pageSize } = pagination;
  const colSpan = columns.length;
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<"prev" | "next" | null>(null);
  // 'Next' on the last page (or 'Previous' on the first) disables the button just pressed,
  // which would drop focus to the page body: move it to the other page button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageIndex is the trigger, the page change that may have disabled the pressed button
  useLayoutEffect(() => {
    const which = pressed.current;
    pressed.current = null;
    const [from, to] = which === "next" ? [next.current, prev.current] : which === "prev" ? [prev.current, next.current] : [null, null];
    if (from?.disabled && to && !to.disabled) to.focus();
  }, [pageIndex]);

  return (
    <>
      <div className="table-wrap">
        <table className="table table--fit" aria-label={label} aria-busy={loading}>
          <SortableHead groups={table.getHeaderGroups()} label={(header) => <table.FlexRender header={header} />} />
          <tbody>
            {loading
              ? <tr><td colSpan={colSpan} className="empty" role="status">{loadingText}</td></tr>
              : rows.length === 0
                ? <tr><td colSpan={colSpan} className="empty">{emptyText}</td></tr>
                : <BodyRows table={table} labels={cellLabels()} />}
          </tbody>
        </table>
      </div>
      {!loading && rowCount > pageSize
        ? (
          <nav className="row pagination" aria-label={label}>
            <span className="muted">{T.panels.showing({ from: pageIndex * pageSize + 1, to: Math.min(rowCount, (pageIndex + 1) * pageSize), total: rowCount })}</span>
            <span className="spacer" />
            <button ref={prev} type="button" className="button button--ghost button--small" onClick={() => { pressed.current = "prev"; table.previousPage(); }} disabled={!table.getCanPreviousPage()}>{T.panels.previous}</button>
            <span aria-live="polite">{T.panels.pageOf({ page: pageIndex + 1, pages })}</span>
            <button ref={next} type="button" className="button button--ghost button--small" onClick={() => { pressed.current = "next"; table.nextPage(); }} disabled={!table.getCanNextPage()}>{T.panels.next}</button>
          </nav>
        )
        : null}
    </>
  );
});
