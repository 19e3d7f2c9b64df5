import { ConfirmDialog, useFocusAfterDone, usePendingCall } from "../components/Dialog";
import { useToast } from "../components/toast";
import type { RunKind } from "../../src/shared/enums";
import type { AnyRun } from "../../src/kinds/runs";
import { T } from "../../src/shared/text";
import { RUN_KINDS, runLabel } from "../../src/kinds/registry";
import { deleteRunCall } from "../components/runPanel/calls";

/** The delete confirmation's title: 'Delete Raid Run', 'Delete Challenge Mode Run' or 'Delete Run TDP-{id}'. */
export function deleteTitle(kind: RunKind, run: AnyRun): string {
  return RUN_KINDS[kind].deleteTitle(runLabel(run));
}

export function DeleteRunDialog({ kind, run, onClose, onDeleted, focusAfterDelete }: {
  kind: RunKind; run: AnyRun | null; onClose: () => void; onDeleted: () => void;
  /** The opener (a row action) leaves with its row: where focus goes after a delete. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const toast = useToast();
  const { pending, call } = usePendingCall();
  const focus = useFocusAfterDone(focusAfterDelete);

  async function confirm() {
    if (!run) return;
    const res = await call(() => deleteRunCall(kind, run.id));
    if (!res) return;
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    toast({ title: T.toast.success, description: T.toast.deleted(T.runKinds[kind]) });
    focus.done();
    onDeleted();
  }

  return (
    <ConfirmDialog
      open={run !== null} title={run ? deleteTitle(kind, run) : ""} onClose={onClose} restoreFocus={focus.restoreFocus}
      cancelLabel={T.deleteRun.cancel} pending={pending} danger label={T.deleteRun.confirm} onConfirm={() => void confirm()}
    >
      <p>{run ? T.deleteRun.text(runLabel(run)) : null}</p>
    </ConfirmDialog>
  );
}
