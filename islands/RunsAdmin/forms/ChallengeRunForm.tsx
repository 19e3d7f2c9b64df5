import { useId, useState } from "react";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES, isOneOf, type ChallengeFaction, type ChallengeMode, type RunStatus, type Timezone } from "../../../src/shared/enums";
import type { ChallengeRun } from "../../../src/shared/runs";
import { RUN_TITLES, runFormSchema } from "../../../src/shared/schemas/runs";
import { T } from "../../../src/shared/text";
import { reference } from "../data";
import { BoosterField, FormActions, ScheduleField, SelectField, StatusField, joinScheduled, splitScheduled, ErrorSummary } from "./fields";
import { useReference, useRunSubmit } from "./hooks";
import { ScheduleExtras } from "./ScheduleExtras";
import type { RunFormProps } from "./types";
import { FORM_GRID } from "./layout";

type State = {
  boosterId: number | null; faction: ChallengeFaction | null; completionMode: ChallengeMode | null;
  date: string; time: string; timezone: Timezone; status: RunStatus;
};

export function initialChallengeState(run: ChallengeRun | null, boosterId: number | null): State {
  if (!run) return { boosterId, faction: null, completionMode: null, date: "", time: "", timezone: "CET", status: "available" };
  return {
    boosterId: boosterId ?? run.boosterId, faction: run.faction, completionMode: run.completionMode,
    ...splitScheduled(run.scheduledDate), timezone: run.timezone, status: run.status,
  };
}

/** Challenge Mode form (SPEC §2): booster, faction, completion mode, date and time; the title is fixed. */
export function ChallengeRunForm({ mode, run, gameId, panelMode, booster, onCancel, onSaved, onPendingChange }: RunFormProps<ChallengeRun>) {
  const [s, setS] = useState<State>(() => initialChallengeState(run, panelMode === "booster" ? booster?.id ?? null : null));
  const { submit, pending, errors, formRef } = useRunSubmit("challenge", mode, run, onSaved, onPendingChange);
  const set = <K extends keyof State>(key: K, value: State[K]) => setS((cur) => ({ ...cur, [key]: value }));
  const titleId = useId();
  // SPEC §7: the challenge game's service types are its completion modes.
  const modes = useReference(() => reference.serviceTypes(gameId), [gameId]);
  const boosters = useReference(panelMode === "admin" ? reference.boosters : null, [panelMode]);

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const body: Record<string, unknown> = {
      gameId, title: RUN_TITLES.challenge, boosterId: s.boosterId, faction: s.faction, completionMode: s.completionMode,
      timezone: s.timezone, scheduledDate: joinScheduled(s.date, s.time),
    };
    const setStatus = mode === "edit" && panelMode === "admin";
    if (setStatus) body.status = s.status;
    void submit(runFormSchema("challenge", { pickBooster: panelMode === "admin", setStatus }), body);
  }

  return (
    <form ref={formRef} className="stack run-form" onSubmit={onSubmit} noValidate>
        <ErrorSummary errors={errors} />
      <div className="field">
        <label className="field__label" htmlFor={titleId}>{T.runForm.runTitle}</label>
        <input id={titleId} className="input" value={RUN_TITLES.challenge} readOnly />
      </div>
      <div className="form-grid" style={FORM_GRID}>
        <BoosterField panelMode={panelMode} booster={booster} boosters={boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
        <SelectField
          label={T.runForm.faction} value={s.faction} options={CHALLENGE_FACTIONS.map((f) => ({ value: f, label: f }))}
          onChange={(v) => set("faction", v)} error={errors.faction}
        />
        <SelectField
          label={T.runForm.completionMode} value={s.completionMode}
          options={(modes ?? []).flatMap((m) => (isOneOf(CHALLENGE_MODES, m.name) ? [{ value: m.name, label: m.name }] : []))}
          onChange={(v) => set("completionMode", v)} error={errors.completionMode} disabled={modes === null}
        />
      </div>
      <ScheduleField
        date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDate}
        onDate={(v) => set("date", v)} onTime={(v) => set("time", v)} onTimezone={(v) => set("timezone", v)}
      />
      <ScheduleExtras kind="challenge" mode={mode} run={run} boosterId={s.boosterId} date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDates} />
      {mode === "edit" && panelMode === "admin" ? <StatusField value={s.status} onChange={(v) => set("status", v)} /> : null}
      <FormActions mode={mode} pending={pending} onCancel={onCancel} />
    </form>
  );
}
