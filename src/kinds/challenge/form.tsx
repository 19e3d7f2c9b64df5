import { useId } from "react";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES, isOneOf, type ChallengeFaction, type ChallengeMode } from "../../shared/enums";
import type { ChallengeRun } from "./schemas";
import { RUN_KINDS } from "../registry";
import { T } from "../../shared/text";
import { reference } from "../../../islands/components/runPanel/calls";
import { BoosterField, SelectField, splitScheduled } from "../../../islands/components/runForm/fields";
import { useReference, useRunForm, type KindFormState, type ScheduledState } from "../../../islands/components/runForm/hooks";
import type { RunFormProps } from "../../../islands/components/runForm/formTypes";
import { FORM_GRID } from "../../../islands/components/runForm/formLayout";
import { RunFormFrame } from "../../../islands/components/runForm/RunFormFrame";

type State = ScheduledState & { faction: ChallengeFaction | null; completionMode: ChallengeMode | null };

export function initialChallengeState(run: ChallengeRun | null, boosterId: number | null): KindFormState<State> {
  if (!run) return { boosterId, faction: null, completionMode: null, date: "", time: "", timezone: "CET", status: "available" };
  return {
    boosterId: boosterId ?? run.boosterId, faction: run.faction, completionMode: run.completionMode,
    ...splitScheduled(run.scheduledDate), timezone: run.timezone, status: run.status,
  };
}

/** Challenge Mode form: booster, faction, completion mode, date and time; the title is fixed. */
export function ChallengeRunForm(props: RunFormProps<ChallengeRun>) {
  const { mode, run, gameId, panelMode, booster, onCancel } = props;
  const form = useRunForm("challenge", props, (boosterId) => initialChallengeState(run, boosterId), (st) => ({
    gameId, title: RUN_KINDS.challenge.title, boosterId: st.boosterId, faction: st.faction, completionMode: st.completionMode,
  }));
  const { s, set, errors } = form;
  const titleId = useId();
  // The challenge game's service types are its completion modes.
  const modes = useReference(() => reference.serviceTypes(gameId), [gameId]);

  return (
    <RunFormFrame form={form} mode={mode} onCancel={onCancel}>
      <div className="field">
        <label className="field__label" htmlFor={titleId}>{T.runForm.runTitle}</label>
        <input id={titleId} className="input" value={RUN_KINDS.challenge.title} readOnly />
      </div>
      <div className="form-grid" style={FORM_GRID}>
        <BoosterField panelMode={panelMode} booster={booster} boosters={form.boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
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
    </RunFormFrame>
  );
}
