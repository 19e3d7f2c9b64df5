import { useState } from "react";
import { ConfirmDialog, usePendingCall } from "../components/Dialog";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import { listName } from "../../src/domain/names";
import type { UserListItem } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import { LinkField } from "./LinkField";
import { useCallFailure } from "../components/callFailure";

const P = T.password;

/**
 * Creates a one-time password reset link for a user (shown only where domain
 * `canResetPassword` allows), then shows it with its copy button focused, and 'Done'.
 */
export function ResetPasswordDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const toast = useToast();
  const failure = useCallFailure();
  const { pending, call } = usePendingCall();
  const [link, setLink] = useState<{ url: string; emailed: boolean } | null>(null);

  function close() {
    setLink(null);
    onClose();
  }

  async function create() {
    if (!user) return;
    const answer = await call(() => api.api.users({ id: user.id })["password-reset"].post());
    if (!answer) return;
    const { data, error } = answer;
    if (error || !data) {
      failure(error, { fallback: P.resetFailed });
      return;
    }
    toast({ title: P.resetCreated });
    setLink({ url: data.resetUrl, emailed: data.emailed });
  }

  return (
    <ConfirmDialog
      open={user !== null} title={P.resetTitle} onClose={close}
      cancelLabel={T.users.cancel} pending={pending} onConfirm={() => void create()}
      label={P.resetConfirm} busyLabel={P.resetCreating} doneLabel={link ? T.invite.done : null}
    >
      {user ? (
        <div className="stack">
          <p style={{ margin: 0 }}>{P.resetQuestion({ name: listName(user) })}</p>
          <p className="muted" style={{ margin: 0 }}>{P.resetEffect}</p>
          {link ? (
            <LinkField label={P.resetLink} copyLabel={P.copyResetLink} copiedText={P.resetCopied} link={link.url}
              note={link.emailed ? T.staffMail.resetEmailed({ email: user.email }) : T.staffMail.notEmailed} />
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
