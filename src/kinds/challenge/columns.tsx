// The Challenge Mode panel's columns: ID, Title, Completion Mode, Status, Faction, Booster, Run Date.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { ChallengeRun } from "./schemas";

const cmCol = createColumnHelper<Features, ChallengeRun>();
export function challengeColumns(zone: Timezone, actions: RowActions<ChallengeRun>) {
  return cmCol.columns([
    idColumn(cmCol),
    cmCol.accessor((r) => r.title, { id: "title", header: C.title }),
    cmCol.accessor((r) => r.completionMode, { id: "mode", header: C.completionMode }),
    statusColumn(cmCol),
    cmCol.accessor((r) => r.faction, { id: "faction", header: C.faction }),
    boosterColumn(cmCol),
    dateColumn(cmCol, C.runDate, zone),
    actionsColumn(cmCol, actions),
  ]);
}
