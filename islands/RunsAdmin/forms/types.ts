import type { RunKind } from "../../../src/shared/enums";
import type { AnyRun, PanelMode } from "../../../src/shared/runs";

export type { PanelMode };
export type FormMode = "create" | "edit" | "duplicate";
export type CurrentBooster = { id: number; boosterId: string };

export type RunFormDialogProps = {
  kind: RunKind;
  mode: FormMode;
  /** The run being edited or duplicated (null when creating). */
  run: AnyRun | null;
  gameId: number;
  panelMode: PanelMode;
  booster: CurrentBooster | null;
  onClose: () => void;
  onSaved: () => void;
};

/** What every kind's form gets from the dialog. */
export type RunFormProps<R extends AnyRun> = {
  mode: FormMode;
  run: R | null;
  gameId: number;
  panelMode: PanelMode;
  booster: CurrentBooster | null;
  onCancel: () => void;
  onSaved: () => void;
  /** Reports the pending state so the dialog cannot be dismissed mid-request. */
  onPendingChange: (pending: boolean) => void;
};
