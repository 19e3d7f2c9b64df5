// The raid panel's columns: ID, Run (raid and difficulty, with region, faction, modes and
// class restrictions on a line beneath), Start, Status, Spots, Booster.
import { createColumnHelper } from "@tanstack/react-table";
import { actionsColumn, boosterColumn, C, dateColumn, type Features, idColumn, type RowActions, RunCell, spotsColumn, statusColumn } from "../../../islands/components/runPanel/columns";
import type { Timezone } from "../../shared/enums";
import type { RaidRun } from "./schemas";
import { T } from "../../shared/text";
import { BARE_LIST } from "../../../islands/components/runPanel/columns";

/** Restrictions fold into a disclosure: a row stays two lines until someone asks for the list. */
function Classes({ run }: { run: RaidRun }) {
  const list = run.classRestrictions;
  if (!list.length) return <>{T.panels.allClassesCell}</>;
  return (
    <details className="run-cell__more">
      <summary>{T.panels.classesCount({ n: list.length })}</summary>
      <ul className="cell-list" style={BARE_LIST}>
        {list.map((c) => <li key={c.wowClass}>{c.wowClass}<span className="muted"> · {c.specs.join(", ")} · {c.serviceType}</span></li>)}
      </ul>
    </details>
  );
}

const raidCol = createColumnHelper<Features, RaidRun>();
export function raidColumns(zone: Timezone, actions: RowActions<RaidRun>) {
  return raidCol.columns([
    idColumn(raidCol),
    raidCol.accessor((r) => `${r.raid.name} ${r.difficulty}`, {
      id: "raid", header: C.raidDifficulty,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <RunCell
            main={<>{r.raid.name} <span className={`badge difficulty--${r.difficulty}`}>{T.labels.difficulty[r.difficulty]}</span></>}
            facts={{
              region: r.region, faction: r.faction.name, mode: r.completionMode?.name ?? T.calendar.standard,
              gameplay: r.gameplayType ? T.labels.gameplayType[r.gameplayType] : T.calendar.notSpecified,
              classes: <Classes run={r} />,
            }}
          />
        );
      },
    }),
    dateColumn(raidCol, zone),
    statusColumn(raidCol),
    spotsColumn(raidCol),
    boosterColumn(raidCol),
    actionsColumn(raidCol, actions),
  ]);
}
