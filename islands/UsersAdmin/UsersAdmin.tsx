import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { api } from "../runtime/api";
import type { PendingInvite, UserListItem } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import type { ChecklistGame } from "./GameChecklist";
import { UsersTable, type Viewer } from "./UsersTable";
import { InviteUserDialog } from "./InviteUserDialog";
import { EditUserDialog } from "./EditUserDialog";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { ResetPasswordDialog } from "./ResetPasswordDialog";
import { PendingInvites } from "./PendingInvites";
import { InviteActionDialog, type InviteAction } from "./InviteActionDialog";
import { useCallFailure, type CallError } from "../components/callFailure";

export type UsersAdminProps = {
  viewer: Viewer;
  /** Server-loaded list (no loading flash); null makes the island fetch it. */
  initialUsers: UserListItem[] | null;
  /** Every game, for the invite and edit checklists; null makes the island fetch them. */
  games: ChecklistGame[] | null;
  /** Server-loaded pending invitations; null makes the island fetch them. */
  initialInvites?: PendingInvite[] | null;
};

/**
 * Reloads a list into state. A failure toasts (a lost session goes to sign-in) and shows
 * an empty list where there was none.
 */
function useListLoader<D>(call: () => Promise<{ data: D[] | null; error: CallError }>, set: Dispatch<SetStateAction<D[] | null>>) {
  const failure = useCallFailure();
  return async () => {
    const { data, error } = await call();
    if (data) return set(data);
    if (failure(error, { fallback: T.validation.serverError }) !== null) set((cur) => cur ?? []);
  };
}

/**
 * The User Management tab: 'All App Users', the Invite User button, the list and its
 * dialogs, then the pending invitations with re-issue and revoke.
 */
export default function UsersAdmin({ viewer, initialUsers, games: initialGames, initialInvites = null }: UsersAdminProps) {
  const [users, setUsers] = useState(initialUsers);
  const [games, setGames] = useState(initialGames);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);
  const [resetting, setResetting] = useState<UserListItem | null>(null);
  const [invites, setInvites] = useState(initialInvites);
  const [inviteAction, setInviteAction] = useState<InviteAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const invitesHeading = useRef<HTMLHeadingElement>(null);

  const refresh = useListLoader(() => api.api.users.get(), setUsers);
  const refreshInvites = useListLoader(() => api.api["pending-invites"].get(), setInvites);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount, loading what the server did not send; later changes come from the dialogs
  useEffect(() => {
    if (initialUsers === null) void refresh();
    if (initialInvites === null) void refreshInvites();
    if (initialGames === null) {
      void api.api.games.get().then(({ data }) => setGames(data ?? []));
    }
  }, []);

  return (
    <section className="panel" aria-labelledby="users-admin-heading">
      <div className="panel__header">
        <h2 id="users-admin-heading" ref={heading} tabIndex={-1}>{T.admin.allAppUsers}</h2>
        <button type="button" className="button button--primary" onClick={() => setInviting(true)}>{T.admin.inviteUser}</button>
      </div>
      <UsersTable viewer={viewer} users={users} onEdit={setEditing} onDelete={setDeleting} onResetPassword={setResetting} />
      <PendingInvites
        viewer={viewer} invites={invites} games={games} headingRef={invitesHeading}
        onReissue={(invite) => setInviteAction({ kind: "reissue", invite })}
        onRevoke={(invite) => setInviteAction({ kind: "revoke", invite })}
      />
      <InviteUserDialog viewer={viewer} open={inviting} games={games} onClose={() => setInviting(false)} onInvited={() => { void refresh(); void refreshInvites(); }} />
      <InviteActionDialog
        action={inviteAction} onClose={() => setInviteAction(null)} onChanged={() => void refreshInvites()}
        focusAfterRevoke={() => invitesHeading.current}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <EditUserDialog
        viewer={viewer} user={editing} games={games} onClose={() => setEditing(null)}
        onSaved={(u) => { setUsers((cur) => cur?.map((x) => (x.id === u.id ? u : x)) ?? cur); void refresh(); }}
      />
      <DeleteUserDialog
        user={deleting} onClose={() => setDeleting(null)}
        onDeleted={(u) => { setUsers((cur) => cur?.filter((x) => x.id !== u.id) ?? cur); void refresh(); }}
        focusAfterDelete={() => heading.current}
      />
    </section>
  );
}
