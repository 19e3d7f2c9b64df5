import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { T } from "../../../src/shared/text";
import { ChallengeRunForm } from "./ChallengeRunForm";
import { DesertRunForm } from "./DesertRunForm";
import { RaidRunForm } from "./RaidRunForm";
import type { RunFormDialogProps } from "./types";
import { RepeatProvider } from "./ScheduleExtras";

/**
 * The run form in create, edit or duplicate mode for one run kind. Mounted only while
 * open, so closing or cancelling resets it; it cannot be dismissed while a request runs.
 */
export default function RunFormDialog({ kind, mode, run, gameId, panelMode, booster, onClose, onSaved }: RunFormDialogProps) {
  const [pending, setPending] = useState(false);
  const kindLabel = T.runKinds[kind];
  const common = { mode, gameId, panelMode, booster, onCancel: onClose, onSaved, onPendingChange: setPending };
  return (
    <Dialog open onClose={onClose} closeDisabled={pending} wide title={T.runForm.title[mode](kindLabel)}>
      <RepeatProvider>
        {kind === "raid"
          ? <RaidRunForm {...common} run={run?.kind === "raid" ? run : null} />
          : kind === "challenge"
            ? <ChallengeRunForm {...common} run={run?.kind === "challenge" ? run : null} />
            : <DesertRunForm {...common} run={run?.kind === "desert" ? run : null} />}
      </RepeatProvider>
    </Dialog>
  );
}
