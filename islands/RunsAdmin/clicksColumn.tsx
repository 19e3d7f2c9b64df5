// The run panels' clicks column: each row's booking-link clicks, all time,
// as the staff and booster pages carry them. Added to every kind's columns before the row
// actions, so the per-kind column lists stay as they are.
import type { ColumnDef } from "@tanstack/react-table";
import type { AnyRun } from "../../src/kinds/runs";
import { T } from "../../src/shared/text";
import type { Features } from "../components/runPanel/columns";

/** A row's clicks (0 when the page carried none). */
export const clicksOf = (run: AnyRun): number => ("clicks" in run && typeof run.clicks === "number" ? run.clicks : 0);

// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column; TanStack types a column list with any
type Columns = ColumnDef<Features, AnyRun, any>[];

const clicksColumn: ColumnDef<Features, AnyRun, number> = {
  id: "clicks",
  accessorFn: clicksOf,
  // A text header: phone cards label each cell with it (columnLabel). A getter, read when the
  // table renders, so the server renders it in the request's language.
  get header() { return T.insights.clicksColumn; },
  enableSorting: false,
  cell: ({ row }) => <span className="mono" title={T.insights.clicksCell({ n: clicksOf(row.original) })}>{clicksOf(row.original)}</span>,
};

/** The columns with the clicks column inserted before the row actions (or last). */
export function withClicks(columns: Columns): Columns {
  const at = columns.findIndex((c) => c.id === "actions");
  return at < 0 ? [...columns, clicksColumn] : [...columns.slice(0, at), clicksColumn, ...columns.slice(at)];
}
