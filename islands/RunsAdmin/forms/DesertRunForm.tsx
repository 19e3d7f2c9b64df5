import { useState } from "react";
import { DESERT_COMPLETION_TYPES, FEATS, type DesertCompletionType, type RunStatus, type Timezone } from "../../../src/shared/enums";
import type { DesertRun } from "../../../src/shared/runs";
import { runFormSchema } from "../../../src/shared/schemas/runs";
import { T } from "../../../src/shared/text";
import { reference } from "../data";
import { BoosterField, FormActions, ScheduleField, SelectField, StatusField, joinScheduled, splitScheduled, ErrorSummary } from "./fields";
import { useReference, useRunSubmit } from "./hooks";
import { ScheduleExtras } from "./ScheduleExtras";
import type { FormMode, RunFormProps } from "./types";
import { BARE_FIELDSET, FORM_GRID } from "./layout";

type State = {
  boosterId: number | null; completionType: DesertCompletionType | null; feats: string[];
  date: string; time: string; timezone: Timezone; status: RunStatus;
};

/** Duplicating a Desert run keeps everything but the date, which must be entered again (SPEC §2). */
export function initialDesertState(run: DesertRun | null, mode: FormMode, boosterId: number | null): State {
  if (!run) return { boosterId, completionType: null, feats: [], date: "", time: "", timezone: "CET", status: "available" };
  const when = splitScheduled(run.scheduledDate);
  return {
    boosterId: boosterId ?? run.boosterId, completionType: run.completionType, feats: run.feats,
    date: mode === "duplicate" ? "" : when.date, time: when.time, timezone: run.timezone, status: run.status,
  };
}

/** Desert Perpetual form (SPEC §2): booster, completion type, feats (optional), date and time. */
export function DesertRunForm({ mode, run, gameId, panelMode, booster, onCancel, onSaved, onPendingChange }: RunFormProps<DesertRun>) {
  const [s, setS] = useState<State>(() => initialDesertState(run, mode, panelMode === "booster" ? booster?.id ?? null : null));
  const { submit, pending, errors, formRef } = useRunSubmit("desert", mode, run, onSaved, onPendingChange);
  const set = <K extends keyof State>(key: K, value: State[K]) => setS((cur) => ({ ...cur, [key]: value }));
  const boosters = useReference(panelMode === "admin" ? reference.boosters : null, [panelMode]);

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const body: Record<string, unknown> = {
      gameId, boosterId: s.boosterId, completionType: s.completionType, feats: s.feats,
      timezone: s.timezone, scheduledDate: joinScheduled(s.date, s.time),
    };
    const setStatus = mode === "edit" && panelMode === "admin";
    if (setStatus) body.status = s.status;
    void submit(runFormSchema("desert", { pickBooster: panelMode === "admin", setStatus }), body);
  }

  return (
    <form ref={formRef} className="stack run-form" onSubmit={onSubmit} noValidate>
        <ErrorSummary errors={errors} />
      <div className="form-grid" style={FORM_GRID}>
        <BoosterField panelMode={panelMode} booster={booster} boosters={boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
        <SelectField
          label={T.runForm.completionType} value={s.completionType}
          options={DESERT_COMPLETION_TYPES.map((c) => ({ value: c, label: T.labels.desertCompletion[c] }))}
          onChange={(v) => set("completionType", v)} error={errors.completionType}
        />
      </div>
      <fieldset className="field" style={BARE_FIELDSET}>
        <legend className="field__label">{T.runForm.feats}</legend>
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
      </fieldset>
      <ScheduleField
        date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDate}
        help={mode === "duplicate" ? T.runForm.requiredForDuplication : undefined}
        monthHint={run ? splitScheduled(run.scheduledDate).date : undefined}
        onDate={(v) => set("date", v)} onTime={(v) => set("time", v)} onTimezone={(v) => set("timezone", v)}
      />
      <ScheduleExtras kind="desert" mode={mode} run={run} boosterId={s.boosterId} date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDates} />
      {mode === "edit" && panelMode === "admin" ? <StatusField value={s.status} onChange={(v) => set("status", v)} /> : null}
      <FormActions mode={mode} pending={pending} onCancel={onCancel} />
    </form>
  );
}
