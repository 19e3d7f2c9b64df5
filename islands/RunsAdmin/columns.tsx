// The three panels' columns (SPEC §2 Run panels table). Accessors return plain sortable
// values; cells render badges and secondary lines.
import { createColumnHelper, rowPaginationFeature, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import type { RunStatus, Timezone } from "../../src/shared/enums";
import { historyHref } from "../../src/shared/audit";
import { runLabel, type AnyRun, type ChallengeRun, type DesertRun, type RaidRun } from "../../src/shared/runs";
import { T } from "../../src/shared/text";
import { runDateText } from "./filters";
import { DeleteIcon, DuplicateIcon, EditIcon, NextWeekIcon } from "./icons";

// Sorting and pages are driven by the panel (manualSorting/manualPagination): the server
// sorts and pages, and the table renders the one page it is handed.
const BARE_LIST = { listStyle: "none", margin: 0, padding: 0 } as const;

export const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type Features = typeof features;

export type RowActions<R> = {
  onEdit: (r: R) => void; onDuplicate: (r: R) => void; onDelete: (r: R) => void;
  /** Staff panels: the run's own history in the Activity tab (a plain link, works without state). */
  history?: boolean;
  /** The same run 7 days later (issue 13 item 2). */
  onNextWeek: (r: R) => void;
};

const C = T.panels.columns;

export function StatusBadge({ status }: { status: RunStatus }) {
  return <span className={`badge status--${status}`}>{T.labels.runStatus[status] ?? status}</span>;
}

function BoosterCell({ run }: { run: AnyRun }) {
  return (
    <div>
      <div>{run.booster.boosterId}</div>
      {run.booster.user?.nickname ? <div className="muted">{run.booster.user.nickname}</div> : null}
    </div>
  );
}

function Actions<R extends AnyRun>({ run, actions }: { run: R; actions: RowActions<R> }) {
  const id = runLabel(run);
  return (
    <div className="table__actions">
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel(T.panels.edit, id)} title={T.panels.edit} onClick={() => actions.onEdit(run)}><EditIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel(T.panels.duplicate, id)} title={T.panels.duplicate} onClick={() => actions.onDuplicate(run)}><DuplicateIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel(T.bulk.nextWeek, id)} title={T.bulk.nextWeek} onClick={() => actions.onNextWeek(run)}><NextWeekIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel(T.panels.delete, id)} title={T.panels.delete} onClick={() => actions.onDelete(run)}><DeleteIcon /></button>
      {actions.history && run.displayId
        ? <a className="button button--ghost button--small" href={historyHref("run", run.displayId)} aria-label={T.activity.historyOf(id)}>{T.activity.history}</a>
        : null}
    </div>
  );
}

// Run ids compare by their number (MOP-9 before MOP-10).
const idColumn = <R extends AnyRun>(col: ReturnType<typeof createColumnHelper<Features, R>>) =>
  col.accessor((r) => r.id, { id: "id", header: C.id, sortDescFirst: false, cell: ({ row }) => <span className="mono">{runLabel(row.original)}</span> });
const statusColumn = <R extends AnyRun>(col: ReturnType<typeof createColumnHelper<Features, R>>) =>
  col.accessor((r) => r.status, { id: "status", header: C.status, cell: ({ row }) => <StatusBadge status={row.original.status} /> });
const boosterColumn = <R extends AnyRun>(col: ReturnType<typeof createColumnHelper<Features, R>>) =>
  col.accessor((r) => r.booster.boosterId, { id: "booster", header: C.booster, cell: ({ row }) => <BoosterCell run={row.original} /> });
// Accessors return the sort value: ISO instants sort as text in time order.
const dateColumn = <R extends AnyRun>(col: ReturnType<typeof createColumnHelper<Features, R>>, header: string, zone: Timezone) =>
  col.accessor((r) => r.startsAt, { id: "date", header, sortDescFirst: false, cell: ({ row }) => runDateText(row.original.startsAt, zone) });
const actionsColumn = <R extends AnyRun>(col: ReturnType<typeof createColumnHelper<Features, R>>, actions: RowActions<R>) =>
  col.display({ id: "actions", header: () => <span className="visually-hidden">{C.actions}</span>, cell: ({ row }) => <Actions run={row.original} actions={actions} /> });

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
