// The Challenge Mode panel's columns: ID, Run (title, with completion mode and faction on a
// line beneath), Start, Status, Spots, Booster.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, RunCell, spotsColumn, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { ChallengeRun } from "./schemas";

const cmCol = createColumnHelper<Features, ChallengeRun>();
export function challengeColumns(zone: Timezone, actions: RowActions<ChallengeRun>) {
  return cmCol.columns([
    idColumn(cmCol),
    cmCol.accessor((r) => r.title, {
      id: "title", header: C.run,
      cell: ({ row }) => <RunCell main={row.original.title} facts={{ mode: row.original.completionMode, faction: row.original.faction }} />,
    }),
    dateColumn(cmCol, zone),
    statusColumn(cmCol),
    spotsColumn(cmCol),
    boosterColumn(cmCol),
    actionsColumn(cmCol, actions),
  ]);
}
