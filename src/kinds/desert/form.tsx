import { DESERT_COMPLETION_TYPES, FEATS, type DesertCompletionType } from "../../shared/desertEnums";
import type { DesertRun } from "./schemas";
import { T } from "../../shared/text";
import { BoosterField, FieldGroup, SelectField, splitScheduled } from "../../../islands/components/runForm/fields";
import { useRunForm, type KindFormState, type ScheduledState } from "../../../islands/components/runForm/hooks";
import type { FormMode, RunFormProps } from "../../../islands/components/runForm/formTypes";
import { FORM_GRID } from "../../../islands/components/runForm/formLayout";
import { RunFormFrame } from "../../../islands/components/runForm/RunFormFrame";

type State = ScheduledState & { completionType: DesertCompletionType | null; feats: string[] };

/** Duplicating a Desert run keeps everything but the date, which must be entered again ('Required for duplication'). */
export function initialDesertState(run: DesertRun | null, mode: FormMode, boosterId: number | null): KindFormState<State> {
  if (!run) return { boosterId, completionType: null, feats: [], date: "", time: "", timezone: "CET", status: "available" };
  const when = splitScheduled(run.scheduledDate);
  return {
    boosterId: boosterId ?? run.boosterId, completionType: run.completionType, feats: run.feats,
    date: mode === "duplicate" ? "" : when.date, time: when.time, timezone: run.timezone, status: run.status,
  };
}

/** Desert Perpetual form: booster, completion type, feats (optional), date and time. */
export function DesertRunForm(props: RunFormProps<DesertRun>) {
  const { mode, run, gameId, panelMode, booster, onCancel } = props;
  const form = useRunForm("desert", props, (boosterId) => initialDesertState(run, mode, boosterId), (st) => ({
    gameId, boosterId: st.boosterId, completionType: st.completionType, feats: st.feats,
  }));
  const { s, set, errors } = form;

  return (
    <RunFormFrame
      form={form} mode={mode} onCancel={onCancel}
      scheduleHelp={mode === "duplicate" ? T.runForm.requiredForDuplication : undefined}
      monthHint={run ? splitScheduled(run.scheduledDate).date : undefined}
    >
      <div className="form-grid" style={FORM_GRID}>
        <BoosterField panelMode={panelMode} booster={booster} boosters={form.boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
        <SelectField
          label={T.runForm.completionType} value={s.completionType}
          options={DESERT_COMPLETION_TYPES.map((c) => ({ value: c, label: T.labels.desertCompletion[c] }))}
          onChange={(v) => set("completionType", v)} error={errors.completionType}
        />
      </div>
      <FieldGroup legend={T.runForm.feats}>
        <div className="checkbox-list">
          {FEATS.map((f) => (
            <label key={f}>
              <input
                type="checkbox" checked={s.feats.includes(f)}
                onChange={(e) => set("feats", e.target.checked ? FEATS.filter((x) => x === f || s.feats.includes(x)) : s.feats.filter((x) => x !== f))}
              />
              <span>{f} <span className="muted">({T.labels.feat[f]})</span></span>
            </label>
          ))}
        </div>
      </FieldGroup>
    </RunFormFrame>
  );
}
