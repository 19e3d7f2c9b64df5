import { type ComponentType, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { T } from "../../../src/shared/text";
import { RUN_FORMS } from "../../../src/kinds/forms.generated";
import type { AnyRun } from "../../../src/kinds/runs";
import type { RunFormDialogProps, RunFormProps } from "../../components/runForm/formTypes";
import { RepeatProvider } from "../../components/runForm/ScheduleExtras";

/**
 * The run form in create, edit or duplicate mode for one run kind. Mounted only while
 * open, so closing or cancelling resets it; it cannot be dismissed while a request runs.
 */
export default function RunFormDialog({ kind, mode, run, gameId, panelMode, booster, onClose, onSaved }: RunFormDialogProps) {
  const [pending, setPending] = useState(false);
  const kindLabel = T.runKinds[kind];
  // The kind's form; a run of another kind is never handed to it.
  const Form = RUN_FORMS[kind] as ComponentType<RunFormProps<AnyRun>>;
  const common = { mode, gameId, panelMode, booster, onCancel: onClose, onSaved, onPendingChange: setPending };
  return (
    <Dialog open onClose={onClose} closeDisabled={pending} wide title={T.runForm.title[mode]({ kind: kindLabel })}>
      <RepeatProvider>
        <Form {...common} run={run?.kind === kind ? run : null} />
      </RepeatProvider>
    </Dialog>
  );
}
