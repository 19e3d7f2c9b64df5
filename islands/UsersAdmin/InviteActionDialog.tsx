import { useState } from "react";
import { ConfirmDialog, useFocusAfterDone, usePendingCall } from "../components/Dialog";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import type { PendingInvite } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import { LinkField } from "./LinkField";
import { useCallFailure } from "../components/callFailure";

const P = T.pendingInvites;

export type InviteAction = { kind: "revoke" | "reissue"; invite: PendingInvite };

/**
 * Confirms revoking or re-issuing a pending invitation. A re-issue then shows the new
 * link with its copy button focused, and 'Done'. Closing is disabled while the call runs.
 */
export function InviteActionDialog({ action, onClose, onChanged, focusAfterRevoke }: {
  action: InviteAction | null;
  onClose: () => void;
  /** The list changed (refresh it). */
  onChanged: () => void;
  /** The revoked row's button leaves with its row: where focus goes instead. */
  focusAfterRevoke: () => HTMLElement | null;
}) {
  const toast = useToast();
  const failure = useCallFailure();
  const { pending, call } = usePendingCall();
  const [link, setLink] = useState<{ url: string; emailed: boolean } | null>(null);
  const focus = useFocusAfterDone(focusAfterRevoke);
  const reissue = action?.kind === "reissue";

  function close() {
    setLink(null);
    onClose();
  }

  async function confirm() {
    if (!action) return;
    const target = api.api["pending-invites"]({ id: action.invite.id });
    const answer = await call(async () => (reissue ? await target.reissue.post() : await target.delete()));
    if (!answer) return;
    const { data, error } = answer;
    if (error || !data) {
      if (failure(error, { fallback: reissue ? P.reissueFailed : P.revokeFailed }) === null) return;
      // Perhaps gone meanwhile (used, expired, revoked elsewhere): the list may be out of date.
      onChanged();
      return;
    }
    onChanged();
    if (reissue && "inviteUrl" in data) {
      toast({ title: P.reissued });
      setLink({ url: data.inviteUrl, emailed: data.emailed });
      return;
    }
    toast({ title: T.toast.success, description: P.revoked });
    focus.done();
    close();
  }

  const email = action?.invite.email ?? "";
  return (
    <ConfirmDialog
      open={action !== null} title={reissue ? P.reissueTitle : P.revokeTitle} onClose={close} restoreFocus={focus.restoreFocus}
      cancelLabel={P.cancel} pending={pending} danger={!reissue} onConfirm={() => void confirm()}
      label={reissue ? P.reissueConfirm : P.revokeConfirm} busyLabel={reissue ? P.reissuing : P.revoking} doneLabel={link ? T.invite.done : null}
    >
      {action ? (
        <div className="stack">
          <p style={{ margin: 0 }}>{reissue ? P.reissueQuestion({ email }) : P.revokeQuestion({ email })}</p>
          <p className="muted" style={{ margin: 0 }}>{reissue ? P.reissueEffect : P.revokeEffect}</p>
          {link ? (
            <LinkField label={T.inviteDialog.link} copyLabel={T.inviteDialog.copy} copiedText={T.invite.copied} link={link.url}
              note={link.emailed ? T.staffMail.inviteEmailed({ email }) : T.staffMail.notEmailed} />
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
