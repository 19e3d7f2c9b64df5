import { ConfirmDialog, useFocusAfterDone, usePendingCall } from "../components/Dialog";
import { useToast } from "../components/toast";
import type { RunKind } from "../../src/shared/enums";
import type { AnyRun } from "../../src/kinds/runs";
import { T } from "../../src/shared/text";
import { RUN_KINDS, runLabel } from "../../src/kinds/registry";
import { bulkCall } from "../components/runPanel/bulkCalls";
import { useBulkUndo } from "./bulk/undoToast";

/** The delete confirmation's title: 'Delete Raid Run', 'Delete Challenge Mode Run' or 'Delete Run TDP-{id}'. */
export function deleteTitle(kind: RunKind, run: AnyRun): string {
  return RUN_KINDS[kind].deleteTitle(runLabel(run));
}

/**
 * A row's Delete: asks, then deletes through the bulk action with one id, so it offers the
 * same 10-second Undo as a bulk delete (one undo mechanism for every delete).
 */
export function DeleteRunDialog({ kind, run, onClose, onDeleted, onRestored, focusAfterDelete }: {
  kind: RunKind; run: AnyRun | null; onClose: () => void; onDeleted: () => void;
  /** The toast's Undo brought the run back. */
  onRestored: () => void;
  /** The opener (a row action) leaves with its row, and Undo with its toast: where focus goes then. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const toast = useToast();
  const { pending, call } = usePendingCall();
  const focus = useFocusAfterDone(focusAfterDelete);
  const offerUndo = useBulkUndo(kind, onRestored, focusAfterDelete);

  async function confirm() {
    if (!run) return;
    const res = await call(() => bulkCall(kind, { action: "delete", ids: [run.id] }, T.toast.deleteFailed));
    if (!res) return;
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    focus.done();
    onDeleted();
    offerUndo(T.toast.deleted({ kind: T.runKinds[kind] }), res.data);
  }

  return (
    <ConfirmDialog
      open={run !== null} title={run ? deleteTitle(kind, run) : ""} onClose={onClose} restoreFocus={focus.restoreFocus}
      cancelLabel={T.deleteRun.cancel} pending={pending} danger label={T.deleteRun.confirm} onConfirm={() => void confirm()}
    >
      <p>{run ? T.deleteRun.text({ id: runLabel(run) }) : null}</p>
    </ConfirmDialog>
  );
}
