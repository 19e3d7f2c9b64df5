// The raid panel's columns: ID, Raid & Difficulty, Region, Status, Booster, Faction, modes, Run Date, classes.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { RaidRun } from "./schemas";
import { T } from "../../shared/text";
import { BARE_LIST } from "../../../islands/components/runPanel/columns";

const raidCol = createColumnHelper<Features, RaidRun>();
export function raidColumns(zone: Timezone, actions: RowActions<RaidRun>) {
  return raidCol.columns([
    idColumn(raidCol),
    raidCol.accessor((r) => `${r.raid.name} ${r.difficulty}`, {
      id: "raid", header: C.raidDifficulty,
      cell: ({ row }) => (
        <div>
          <div>{row.original.raid.name}</div>
          <span className={`badge difficulty--${row.original.difficulty}`}>{T.labels.difficulty[row.original.difficulty]}</span>
        </div>
      ),
    }),
    raidCol.accessor((r) => r.region, { id: "region", header: C.region }),
    statusColumn(raidCol),
    boosterColumn(raidCol),
    raidCol.accessor((r) => r.faction.name, { id: "faction", header: C.faction }),
    raidCol.accessor((r) => `${r.completionMode?.name ?? T.calendar.standard} ${r.gameplayType ?? ""}`, {
      id: "modes", header: C.modes,
      cell: ({ row }) => (
        <div>
          <div>{row.original.completionMode?.name ?? T.calendar.standard}</div>
          <div className="muted">{row.original.gameplayType ? T.labels.gameplayType[row.original.gameplayType] : T.calendar.notSpecified}</div>
        </div>
      ),
    }),
    dateColumn(raidCol, C.runDate, zone),
    raidCol.accessor((r) => r.classRestrictions.map((c) => c.wowClass).join(", "), {
      id: "classes", header: C.classes, enableSorting: false,
      cell: ({ row }) => row.original.classRestrictions.length
        ? (
          <ul className="cell-list" style={BARE_LIST}>
            {row.original.classRestrictions.map((c) => (
              <li key={c.wowClass}>{c.wowClass}<span className="muted"> · {c.specs.join(", ")} · {c.serviceType}</span></li>
            ))}
          </ul>
        )
        : <span className="muted">{T.panels.allClassesCell}</span>,
    }),
    actionsColumn(raidCol, actions),
  ]);
}
