// The Desert Perpetual panel's columns: ID, Name, Completion Type, Status, Feats, Booster, Date.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { DesertRun } from "./schemas";
import { T } from "../../shared/text";

const desertCol = createColumnHelper<Features, DesertRun>();
export function desertColumns(zone: Timezone, actions: RowActions<DesertRun>) {
  return desertCol.columns([
    idColumn(desertCol),
    desertCol.display({ id: "name", header: C.name, cell: () => T.panels.desert.name }),
    desertCol.accessor((r) => T.labels.desertCompletion[r.completionType], { id: "completionType", header: C.completionType }),
    statusColumn(desertCol),
    desertCol.accessor((r) => r.feats.join(", "), {
      id: "feats", header: C.feats,
      cell: ({ row }) => row.original.feats.length ? row.original.feats.join(", ") : <span className="muted">{T.panels.desert.noFeats}</span>,
    }),
    boosterColumn(desertCol),
    dateColumn(desertCol, C.date, zone),
    actionsColumn(desertCol, actions),
  ]);
}
