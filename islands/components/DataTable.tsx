// The parts of a data table the run panels and the users list share: the header row with
// sort buttons, and body rows whose cells carry their column's name for the phone layout.
import type { ReactNode } from "react";
import type { Cell, ReactTable, RowData, TableFeatures } from "@tanstack/react-table";
import { columnLabel } from "./columnLabel";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const ARROW = { asc: "▲", desc: "▼" } as const;

/** The actions column is right-aligned and the row-selection column narrow, in the header as in the rows. */
const COLUMN_CLASS: Record<string, string> = { actions: "table__actions", select: "table__select" };
const columnClass = (columnId: string) => COLUMN_CLASS[columnId];

/** What a header needs of its column to sort by it (TanStack's row-sorting feature). */
type SortColumn = {
  id: string;
  getIsSorted: () => false | "asc" | "desc";
  getCanSort: () => boolean;
  getToggleSortingHandler: () => ((event: unknown) => void) | undefined;
};

/**
 * The header rows (`table.getHeaderGroups()`): a sortable column's label is a button that
 * toggles its order (the arrow shows it), and its cell states the order with aria-sort.
 */
export function SortableHead<H extends { id: string; column: SortColumn }>({ groups, label }: {
  groups: { id: string; headers: H[] }[];
  /** The header's content, `<table.FlexRender header={header} />`. */
  label: (header: H) => ReactNode;
}) {
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <th key={header.id} scope="col" className={columnClass(header.column.id)} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                {header.column.getCanSort()
                  ? (
                    <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                      {label(header)}
                      <span aria-hidden="true">{sorted ? ARROW[sorted] : "↕"}</span>
                    </button>
                  )
                  : label(header)}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

/**
 * The current rows; `cellClass` adds a class to a column's cells (the actions and selection
 * columns have their own), `labels` names a column whose header is not text (the phone layout's cell label).
 */
export function BodyRows<F extends TableFeatures, D extends RowData>({ table, cellClass, labels }: {
  table: ReactTable<F, D>; cellClass?: (columnId: string) => string | undefined; labels?: Readonly<Record<string, string>>;
}) {
  const className = (cell: Cell<F, D, unknown>) => columnClass(cell.column.id) ?? cellClass?.(cell.column.id);
  return table.getRowModel().rows.map((row) => (
    <tr key={row.id}>
      {row.getAllCells().map((cell) => (
        <td key={cell.id} className={className(cell)} data-label={labels?.[cell.column.id] ?? columnLabel(cell.column.columnDef.header)}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  ));
}
