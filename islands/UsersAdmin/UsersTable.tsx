import { useMemo } from "react";
import {
  createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_basic, sortFn_text, tableFeatures, useTable,
} from "@tanstack/react-table";
import { canManageUser, canResetPassword } from "../../src/domain/permissions";
import { listName } from "../../src/domain/names";
import { consoleDate, isoInstant } from "../../src/domain/dateFormat";
import type { Role, UserStatus } from "../../src/shared/enums";
import type { UserListItem } from "../../src/shared/schemas/users";
import { historyHref } from "../../src/shared/audit";
import { T } from "../../src/shared/text";
import { HistoryIcon, KeyIcon, PencilIcon, TrashIcon } from "./icons";
import { BodyRows, SortableHead } from "../components/DataTable";

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
});
const col = createColumnHelper<typeof features, UserListItem>();
const C = T.users.columns;

const STATUS_TONE: Record<UserStatus, string> = {
  active: "badge--success", inactive: "badge--muted", pending: "badge--warning", suspended: "badge--danger",
};
/** A status badge's words, from the catalogue (an unknown code as it is, in upper case). */
export const statusLabel = (s: string) => (T.users.statuses as Record<string, string>)[s] ?? s.toUpperCase().replace(/_/g, " ");

/** Games column: boosters with/without games, a dash for everyone else. */
export function gamesLabel(u: UserListItem): string {
  if (!u.booster) return T.users.dash;
  return u.booster.gameIds.length ? T.users.gamesAssigned : T.users.noGamesAssigned;
}

export type Viewer = { id: number; role: Role };

type RowActions = { onEdit: (u: UserListItem) => void; onDelete: (u: UserListItem) => void; onResetPassword: (u: UserListItem) => void };

function columns(viewer: Viewer, { onEdit, onDelete, onResetPassword }: RowActions) {
  return col.columns([
    col.accessor((u) => listName(u).toLowerCase(), {
      id: "user", header: C.user, sortFn: "text",
      cell: ({ row }) => (
        <div>
          <div style={{ fontWeight: 600 }}>{listName(row.original)}</div>
          <div className="muted" style={{ fontSize: ".8125rem" }}>
            {row.original.booster ? T.app.boosterIdLine({ id: row.original.booster.boosterId }) : T.users.userIdLine({ id: row.original.id })}
          </div>
        </div>
      ),
    }),
    col.accessor("email", { header: C.email, sortFn: "text" }),
    col.accessor("role", {
      header: C.role, sortFn: "text",
      cell: ({ getValue }) => <span className={`badge role--${getValue()}`}>{T.labels.role[getValue()]}</span>,
    }),
    col.accessor("status", {
      header: C.status, sortFn: "text",
      cell: ({ getValue }) => <span className={`badge ${STATUS_TONE[getValue()] ?? "badge--muted"}`}>{statusLabel(getValue())}</span>,
    }),
    col.accessor((u) => gamesLabel(u), { id: "games", header: C.games, sortFn: "text" }),
    col.accessor("createdAt", {
      header: C.joined, sortFn: "basic",
      cell: ({ getValue }) => {
        const iso = isoInstant(getValue());
        return iso ? <time dateTime={iso}>{consoleDate(iso)}</time> : T.users.dash;
      },
    }),
    col.display({
      id: "actions", header: C.actions, enableSorting: false,
      cell: ({ row }) => {
        const u = row.original;
        const name = listName(u);
        // Every row links to its history; the other actions only where the viewer may act.
        const history = (
          <a className="button button--ghost button--icon button--small" href={historyHref("user", u.id)} aria-label={T.activity.historyOf({ label: name })} title={T.activity.history}>
            <HistoryIcon />
          </a>
        );
        if (!canManageUser(viewer, u)) return <div className="table__actions">{history}</div>;
        return (
          <div className="table__actions">
            <button type="button" className="button button--ghost button--icon button--small" aria-label={T.users.editAction({ name })} title={T.users.editAction({ name })} onClick={() => onEdit(u)}>
              <PencilIcon />
            </button>
            {canResetPassword(viewer, u) ? (
              <button type="button" className="button button--ghost button--icon button--small" aria-label={T.password.resetAction({ name })} title={T.password.resetAction({ name })} onClick={() => onResetPassword(u)}>
                <KeyIcon />
              </button>
            ) : null}
            {/* Nobody deletes their own account (the API refuses it too). */}
            {u.id !== viewer.id ? (
              <button type="button" className="button button--ghost button--icon button--small" aria-label={T.users.deleteAction({ name })} title={T.users.deleteAction({ name })} onClick={() => onDelete(u)}>
                <TrashIcon />
              </button>
            ) : null}
            {history}
          </div>
        );
      },
    }),
  ]);
}

const COLUMN_COUNT = 7;
/** Secondary columns in muted text. */
const mutedColumns = (id: string) => (id === "email" || id === "createdAt" ? "muted" : undefined);

/** The users list: sortable columns, five placeholder rows while loading, an empty state. */
export function UsersTable({ viewer, users, onEdit, onDelete, onResetPassword }: RowActions & {
  viewer: Viewer;
  /** null while loading. */
  users: UserListItem[] | null;
}) {
  // Stable references: the table re-derives its rows whenever columns or data change identity.
  const cols = useMemo(() => columns(viewer, { onEdit, onDelete, onResetPassword }), [viewer, onEdit, onDelete, onResetPassword]);
  const data = useMemo(() => users ?? [], [users]);
  const table = useTable({ features, columns: cols, data, getRowId: (u) => String(u.id) });
  return (
    <div className="table-wrap">
      <table className="table table--fit" aria-label={T.admin.allAppUsers} aria-busy={users === null}>
        <SortableHead groups={table.getHeaderGroups()} label={(header) => <table.FlexRender header={header} />} />
        <tbody>
          {users === null
            ? Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows: a fixed count, never reordered
              <tr key={i} data-testid="placeholder-row">
                {Array.from({ length: COLUMN_COUNT }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells: a fixed count, never reordered
                  <td key={j}><span className="skeleton" aria-hidden="true" />{i === 0 && j === 0 ? <span className="visually-hidden">{T.users.loading}</span> : null}</td>
                ))}
              </tr>
            ))
            : users.length === 0
              ? <tr><td colSpan={COLUMN_COUNT} className="muted" style={{ textAlign: "center", padding: "2rem" }}>{T.users.noUsers}</td></tr>
              : <BodyRows table={table} cellClass={mutedColumns} />}
        </tbody>
      </table>
    </div>
  );
}
