// The columns every run panel shares (ID, Status, Booster, date, actions); each kind lists its own
// in src/kinds/<kind>/columns.tsx. Accessors return plain sortable values; cells render
// badges and secondary lines.
import { Fragment, type ReactNode } from "react";
import { type ColumnDef, type createColumnHelper, rowPaginationFeature, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import type { RunStatus, Timezone } from "../../../src/shared/enums";
import { historyHref } from "../../../src/shared/audit";
import type { AnyRun } from "../../../src/kinds/runs";
import { runLabel } from "../../../src/kinds/registry";
import { T } from "../../../src/shared/text";
import { consoleParts } from "../../../src/domain/dateFormat";
import { FEW_SPOTS_LEFT } from "../../../src/domain/availability";
import { DeleteIcon, DuplicateIcon, EditIcon, NextWeekIcon, HistoryIcon } from "./icons";
import { OverbookedMark } from "./OverbookedMark";

// Sorting and pages are driven by the panel (manualSorting/manualPagination): the server
// sorts and pages, and the table renders the one page it is handed.
export const BARE_LIST = { listStyle: "none", margin: 0, padding: 0 } as const;

export const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type Features = typeof features;

/** A kind's columns (src/kinds/<kind>/columns.tsx) for its runs, in a panel showing times in `zone`. */
// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column; TanStack types a column list with any
export type KindColumns<R extends AnyRun> = (zone: Timezone, actions: RowActions<R>) => ColumnDef<Features, R, any>[];

export type RowActions<R> = {
  onEdit: (r: R) => void; onDuplicate: (r: R) => void; onDelete: (r: R) => void;
  /** Staff panels: the run's own history in the Activity tab (a plain link, works without state). */
  history?: boolean;
  /** The same run 7 days later ("Duplicate to next week"). */
  onNextWeek: (r: R) => void;
};

export const C = T.panels.columns;

export function StatusBadge({ status }: { status: RunStatus }) {
  return <span className={`badge status--${status}`}>{T.labels.runStatus[status] ?? status}</span>;
}

function BoosterCell({ run }: { run: AnyRun }) {
  return (
    <div className="run-cell">
      <div>{run.booster.boosterId}</div>
      {run.booster.user?.nickname ? <div className="muted run-cell__facts">{run.booster.user.nickname}</div> : null}
    </div>
  );
}

/** The Start cell: the day over the time at desktop widths (a narrow column, two lines like the run cell), one line on phones. */
function RunWhenCell({ startsAt, zone }: { startsAt: string; zone: Timezone }) {
  const p = consoleParts(startsAt, zone);
  if (!p) return <>{startsAt}</>;
  return (
    <time className="run-cell" dateTime={startsAt}>
      <span className="run-cell__main">{p.day}</span><span className="run-when__sep"> · </span><span className="muted run-cell__facts">{p.time}</span>
    </time>
  );
}

/**
 * A run row's main cell: what the run is on its first line, and the long facts (region,
 * faction, modes, restrictions, feats) on one muted line beneath, so the table keeps a few
 * fixed columns and a row stays two lines tall at desktop widths.
 */
export function RunCell({ main, facts }: { main: ReactNode; facts: Record<string, ReactNode> }) {
  const shown = Object.entries(facts).filter(([, f]) => f !== null && f !== undefined && f !== "");
  return (
    <div className="run-cell">
      <div className="run-cell__main">{main}</div>
      {shown.length
        ? <div className="muted run-cell__facts">{shown.map(([name, f], i) => <Fragment key={name}>{i ? " · " : null}<span>{f}</span></Fragment>)}</div>
        : null}
    </div>
  );
}

function Actions<R extends AnyRun>({ run, actions }: { run: R; actions: RowActions<R> }) {
  const id = runLabel(run);
  return (
    <div className="table__actions">
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel({ action: T.panels.edit, id })} title={T.panels.edit} onClick={() => actions.onEdit(run)}><EditIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel({ action: T.panels.duplicate, id })} title={T.panels.duplicate} onClick={() => actions.onDuplicate(run)}><DuplicateIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel({ action: T.bulk.nextWeek, id })} title={T.bulk.nextWeek} onClick={() => actions.onNextWeek(run)}><NextWeekIcon /></button>
      <button type="button" className="button button--icon button--ghost button--small" aria-label={T.panels.actionLabel({ action: T.panels.delete, id })} title={T.panels.delete} onClick={() => actions.onDelete(run)}><DeleteIcon /></button>
      {actions.history && run.displayId
        ? <a className="button button--icon button--ghost button--small" href={historyHref("run", run.displayId)} aria-label={T.activity.historyOf({ label: id })} title={T.activity.history}><HistoryIcon /></a>
        : null}
    </div>
  );
}

// Run ids compare by their number (MOP-9 before MOP-10).
/** A panel's column helper for one kind's runs. */
export type ColumnHelper<R extends AnyRun> = ReturnType<typeof createColumnHelper<Features, R>>;

export const idColumn = <R extends AnyRun>(col: ColumnHelper<R>) =>
  col.accessor((r) => r.id, { id: "id", header: C.id, sortDescFirst: false, cell: ({ row }) => <div><span className="mono">{runLabel(row.original)}</span><OverbookedMark run={row.original} /></div> });
export const statusColumn = <R extends AnyRun>(col: ColumnHelper<R>) =>
  col.accessor((r) => r.status, { id: "status", header: C.status, cell: ({ row }) => <StatusBadge status={row.original.status} /> });
export const boosterColumn = <R extends AnyRun>(col: ColumnHelper<R>) =>
  col.accessor((r) => r.booster.boosterId, { id: "booster", header: C.booster, cell: ({ row }) => <BoosterCell run={row.original} /> });
// Accessors return the sort value: ISO instants sort as text in time order.
export const dateColumn = <R extends AnyRun>(col: ColumnHelper<R>, zone: Timezone) =>
  col.accessor((r) => r.startsAt, { id: "date", header: C.start, sortDescFirst: false, cell: ({ row }) => <RunWhenCell startsAt={row.original.startsAt} zone={zone} /> });

const S = T.staffCapacity;

/** The Spots cell: taken over offered ("3 / 10"), "Full" when none is left, a dash when the run tracks no places. */
export function SpotsCell({ run }: { run: Pick<AnyRun, "spots" | "spotsTaken" | "spotsLeft"> }) {
  if (run.spots === null) return <span className="muted" title={S.untrackedTitle}>{S.untracked}<span className="visually-hidden"> {S.untrackedTitle}</span></span>;
  const left = run.spotsLeft ?? 0;
  if (left === 0) return <span className="badge badge--danger" title={S.cellTitle({ taken: run.spotsTaken, spots: run.spots, left: run.spots - run.spotsTaken })}>{S.full}</span>;
  const few = left <= FEW_SPOTS_LEFT;
  return (
    <span className={few ? "badge badge--warning mono" : "mono"} title={few ? S.fewTitle({ left }) : S.cellTitle({ taken: run.spotsTaken, spots: run.spots, left: run.spots - run.spotsTaken })}>
      {S.cell({ taken: run.spotsTaken, spots: run.spots })}
    </span>
  );
}

// Sorted by the server by places left (src/api/runs/paging.ts); the accessor gives the same order for TanStack.
export const spotsColumn = <R extends AnyRun>(col: ColumnHelper<R>) =>
  col.accessor((r) => (r.spots === null ? Number.MAX_SAFE_INTEGER : r.spotsLeft ?? 0), { id: "spots", header: S.column, sortDescFirst: false, cell: ({ row }) => <SpotsCell run={row.original} /> });
export const actionsColumn = <R extends AnyRun>(col: ColumnHelper<R>, actions: RowActions<R>) =>
  col.display({ id: "actions", header: () => <span className="visually-hidden">{C.actions}</span>, cell: ({ row }) => <Actions run={row.original} actions={actions} /> });
