import type { RunKind } from "../../../src/shared/enums";
import type { AnyRun } from "../../../src/kinds/runs";
import type { PanelMode } from "../../../src/shared/types";

export type { PanelMode };
export type FormMode = "create" | "edit" | "duplicate";
export type CurrentBooster = { id: number; boosterId: string };

/** What the run form dialog and each kind's form both take. */
type RunFormBase<R extends AnyRun> = {
  mode: FormMode;
  /** The run being edited or duplicated (null when creating). */
  run: R | null;
  gameId: number;
  panelMode: PanelMode;
  booster: CurrentBooster | null;
  onSaved: () => void;
};

export type RunFormDialogProps = RunFormBase<AnyRun> & { kind: RunKind; onClose: () => void };

/** What every kind's form gets from the dialog. */
export type RunFormProps<R extends AnyRun> = RunFormBase<R> & {
  onCancel: () => void;
  /** Reports the pending state so the dialog cannot be dismissed mid-request. */
  onPendingChange: (pending: boolean) => void;
};
