import { useRef, useState } from "react";
import { Dialog } from "../components/Dialog";
import { useToast } from "../components/toast";
import type { RunKind } from "../../src/shared/enums";
import { runLabel, type AnyRun } from "../../src/shared/runs";
import { T } from "../../src/shared/text";
import { RUN_KINDS } from "../../src/kinds/registry";
import { deleteRunCall } from "./data";

/** SPEC §2 delete confirmation: 'Delete Raid Run', 'Delete Challenge Mode Run' or 'Delete Run TDP-{id}'. */
export function deleteTitle(kind: RunKind, run: AnyRun): string {
  return RUN_KINDS[kind].deleteTitle(runLabel(run));
}

export function DeleteRunDialog({ kind, run, onClose, onDeleted, focusAfterDelete }: {
  kind: RunKind; run: AnyRun | null; onClose: () => void; onDeleted: () => void;
  /** The opener (a row action) leaves with its row: where focus goes after a delete. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const deleted = useRef(false);

  async function confirm() {
    if (!run || pending) return;
    setPending(true);
    const res = await deleteRunCall(kind, run.id);
    setPending(false);
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    toast({ title: T.toast.success, description: T.toast.deleted(T.runKinds[kind]) });
    deleted.current = true;
    onDeleted();
  }

  return (
    <Dialog
      open={run !== null} onClose={onClose} closeDisabled={pending}
      restoreFocus={() => {
        const after = deleted.current;
        deleted.current = false;
        return after ? focusAfterDelete() : null;
      }}
      title={run ? deleteTitle(kind, run) : ""}
      footer={(
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={pending}>{T.deleteRun.cancel}</button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={pending} aria-busy={pending}>{T.deleteRun.confirm}</button>
        </>
      )}
    >
      <p>{run ? T.deleteRun.text(runLabel(run)) : null}</p>
    </Dialog>
  );
}
