import { ConfirmDialog, useFocusAfterDone, usePendingCall } from "../components/Dialog";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import { listName } from "../../src/domain/names";
import type { UserListItem } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import { useCallFailure } from "../components/callFailure";

/**
 * The Delete User dialog: cannot be undone; a booster's runs expire; the account
 * loses login access. Cancel (and closing) is disabled while the request runs.
 */
export function DeleteUserDialog({ user, onClose, onDeleted, focusAfterDelete }: {
  user: UserListItem | null;
  onClose: () => void;
  onDeleted: (u: UserListItem) => void;
  /** The opener (a row action) leaves with its row: where focus goes after a delete. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const toast = useToast();
  const failure = useCallFailure();
  const { pending: deleting, call } = usePendingCall();
  const focus = useFocusAfterDone(focusAfterDelete);

  async function confirm() {
    if (!user) return;
    const answer = await call(() => api.api.users({ id: user.id }).delete());
    if (!answer) return;
    if (answer.error) {
      failure(answer.error, { fallback: T.users.deleteFailed });
      return;
    }
    toast({ title: T.toast.success, description: T.users.deleted });
    focus.done();
    onDeleted(user);
    onClose();
  }

  return (
    <ConfirmDialog
      open={user !== null} title={T.users.deleteTitle} onClose={onClose} restoreFocus={focus.restoreFocus}
      cancelLabel={T.users.cancel} pending={deleting} danger label={T.users.deleteConfirm} busyLabel={T.users.deleting} onConfirm={() => void confirm()}
    >
      {user ? (
        <div className="stack">
          <p style={{ margin: 0 }}>
            {T.users.deleteQuestion({ name: listName(user) })} <strong>{T.users.deleteCannotUndo}.</strong>
          </p>
          <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }} className="muted">
            {user.booster ? <li>{T.users.deleteBoosterRuns}</li> : null}
            <li>{T.users.deleteLoginAccess}</li>
          </ul>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
