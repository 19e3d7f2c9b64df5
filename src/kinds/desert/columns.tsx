// The Desert Perpetual panel's columns: ID, Run (completion type, with the feats on a line
// beneath), Start, Status, Spots, Booster.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, RunCell, spotsColumn, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { DesertRun } from "./schemas";
import { T } from "../../shared/text";

const desertCol = createColumnHelper<Features, DesertRun>();
export function desertColumns(zone: Timezone, actions: RowActions<DesertRun>) {
  return desertCol.columns([
    idColumn(desertCol),
    desertCol.accessor((r) => T.labels.desertCompletion[r.completionType], {
      id: "completionType", header: C.run,
      cell: ({ row }) => (
        <RunCell
          main={<>{T.panels.desert.name} <span className="badge">{T.labels.desertCompletion[row.original.completionType]}</span></>}
          facts={{ feats: row.original.feats.length ? row.original.feats.join(", ") : T.panels.desert.noFeats }}
        />
      ),
    }),
    dateColumn(desertCol, zone),
    statusColumn(desertCol),
    spotsColumn(desertCol),
    boosterColumn(desertCol),
    actionsColumn(desertCol, actions),
  ]);
}
