import { useMemo, useState } from "react";
import { GAME_IDS, GAMEPLAY_TYPES, REGIONS, type Difficulty, type GameplayType, type Region, type RunStatus, type Timezone } from "../../../src/shared/enums";
import type { ClassRestriction, RaidRun } from "../../../src/shared/runs";
import { RUN_TITLES, runFormSchema } from "../../../src/shared/schemas/runs";
import { T } from "../../../src/shared/text";
import { reference } from "../data";
import { AddClassDialog } from "./AddClassDialog";
import { BoosterField, FieldError, FormActions, ScheduleField, Segmented, SelectField, StatusField, joinScheduled, splitScheduled, ErrorSummary } from "./fields";
import { useReference, useRunSubmit } from "./hooks";
import { ScheduleExtras } from "./ScheduleExtras";
import type { RunFormProps } from "./types";
import { BARE_FIELDSET, EuFlag, FORM_GRID, UsFlag } from "./layout";

type ClassesMode = "all" | "specific";

/** The raid form's state, shaped like the API payload (empty choices are null). */
type State = {
  boosterId: number | null;
  region: Region;
  raidId: number | null;
  difficulty: Difficulty | null;
  factionId: number | null;
  completionModeId: number | null;
  gameplayType: GameplayType | null;
  classesMode: ClassesMode;
  classRestrictions: ClassRestriction[];
  date: string;
  time: string;
  timezone: Timezone;
  status: RunStatus;
};

/** Create starts empty (EU, CET, all classes); edit and duplicate load the run's values and zone. */
export function initialRaidState(run: RaidRun | null, boosterId: number | null): State {
  if (!run) {
    return {
      boosterId, region: "EU", raidId: null, difficulty: null, factionId: null, completionModeId: null, gameplayType: null,
      classesMode: "all", classRestrictions: [], date: "", time: "", timezone: "CET", status: "available",
    };
  }
  return {
    boosterId: boosterId ?? run.boosterId, region: run.region, raidId: run.raidId, difficulty: run.difficulty,
    factionId: run.factionId, completionModeId: run.completionModeId, gameplayType: run.gameplayType,
    classesMode: run.classRestrictions.length ? "specific" : "all", classRestrictions: run.classRestrictions,
    ...splitScheduled(run.scheduledDate), timezone: run.timezone, status: run.status,
  };
}

export function RaidRunForm({ mode, run, gameId, panelMode, booster, onCancel, onSaved, onPendingChange }: RunFormProps<RaidRun>) {
  const [initial] = useState<State>(() => initialRaidState(run, panelMode === "booster" ? booster?.id ?? null : null));
  const [s, setS] = useState<State>(initial);
  const [addingClass, setAddingClass] = useState(false);
  const { submit, pending, errors, formRef } = useRunSubmit("raid", mode, run, onSaved, onPendingChange);
  const set = <K extends keyof State>(key: K, value: State[K]) => setS((cur) => ({ ...cur, [key]: value }));

  const raids = useReference(() => reference.raids(gameId), [gameId]);
  const factions = useReference(() => reference.factions(gameId, s.region), [gameId, s.region]);
  const boosters = useReference(panelMode === "admin" ? reference.boosters : null, [panelMode]);
  const classSpecs = useReference(reference.classSpecs, []);
  // Service types of the raid game (SPEC §3: Full Gear Priority ... 1 Item Guaranteed).
  const serviceTypes = useReference(() => reference.serviceTypes(GAME_IDS.raid), []);

  const raid = raids?.find((r) => r.id === s.raidId) ?? null;
  const raidOptions = useMemo(() => (raids ?? []).map((r) => ({ value: r.id, label: r.name })), [raids]);
  const difficultyOptions = (raid?.difficulties ?? []).map((d) => ({ value: d, label: T.labels.difficulty[d] }));
  const modeOptions = (raid?.completionModes ?? []).map((m) => ({ value: m.id, label: m.name }));
  const factionOptions = (factions ?? []).map((f) => ({ value: f.id, label: f.name }));

  /** A new raid keeps the difficulty and mode only when it offers them. */
  function chooseRaid(raidId: number | null) {
    const next = raids?.find((r) => r.id === raidId);
    setS((cur) => ({
      ...cur, raidId,
      difficulty: next && cur.difficulty && next.difficulties.includes(cur.difficulty) ? cur.difficulty : null,
      completionModeId: next?.completionModes.some((m) => m.id === cur.completionModeId) ? cur.completionModeId : null,
    }));
  }

  const setStatus = mode === "edit" && panelMode === "admin";
  const bodyOf = (st: State): Record<string, unknown> => ({
    gameId, title: RUN_TITLES.raid, boosterId: st.boosterId, region: st.region, raidId: st.raidId, difficulty: st.difficulty,
    factionId: st.factionId, completionModeId: st.completionModeId, gameplayType: st.gameplayType,
    classRestrictions: st.classesMode === "all" ? null : st.classRestrictions,
    timezone: st.timezone, scheduledDate: joinScheduled(st.date, st.time),
    ...(setStatus ? { status: st.status } : {}),
  });

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    void submit(runFormSchema("raid", { pickBooster: panelMode === "admin", setStatus }), bodyOf(s), bodyOf(initial));
  }

  return (
    <>
      <form ref={formRef} className="stack run-form" onSubmit={onSubmit} noValidate>
        <ErrorSummary errors={errors} />
        <Segmented
          label={T.runForm.region} value={s.region}
          options={REGIONS.map((r) => ({ value: r, label: T.labels.region[r], icon: r === "EU" ? <EuFlag /> : <UsFlag /> }))}
          // SPEC §4: switching region clears the faction.
          onChange={(region) => setS((cur) => (cur.region === region ? cur : { ...cur, region, factionId: null }))}
        />
        <div className="form-grid" style={FORM_GRID}>
          <SelectField label={T.runForm.raid} value={s.raidId} options={raidOptions} onChange={chooseRaid} error={errors.raidId} disabled={raids === null} />
          <SelectField
            label={T.runForm.difficulty} value={s.difficulty} options={difficultyOptions} onChange={(v) => set("difficulty", v)}
            error={errors.difficulty} placeholder={raid ? T.runForm.select : T.runForm.selectRaidFirst}
          />
          <BoosterField panelMode={panelMode} booster={booster} boosters={boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
          <SelectField label={T.runForm.faction} value={s.factionId} options={factionOptions} onChange={(v) => set("factionId", v)} error={errors.factionId} disabled={factions === null} />
          <SelectField
            label={T.runForm.completionMode} value={s.completionModeId} options={modeOptions} onChange={(v) => set("completionModeId", v)}
            error={errors.completionModeId} placeholder={raid ? T.runForm.select : T.runForm.selectRaidFirst}
          />
          <SelectField
            label={T.runForm.gameplayType} value={s.gameplayType}
            options={GAMEPLAY_TYPES.map((g) => ({ value: g, label: T.labels.gameplayType[g] }))}
            onChange={(v) => set("gameplayType", v)} error={errors.gameplayType}
          />
        </div>
        <fieldset className="field" style={BARE_FIELDSET}>
          <legend className="field__label">{T.runForm.classes}</legend>
          <div className="row">
            {(["all", "specific"] as const).map((m) => (
              <label key={m} className="row">
                <input
                  type="radio" name="classesSpecs" value={m} checked={s.classesMode === m}
                  // SPEC §4: choosing 'All classes available' clears the list.
                  onChange={() => setS((cur) => ({ ...cur, classesMode: m, classRestrictions: m === "all" ? [] : cur.classRestrictions }))}
                />
                {m === "all" ? T.runForm.allClasses : T.runForm.specificClasses}
              </label>
            ))}
          </div>
          {s.classesMode === "specific"
            ? (
              <div className="stack">
                {s.classRestrictions.length
                  ? (
                    <ul className="class-list stack" style={{ listStyle: "none", margin: 0, padding: 0, gap: ".5rem" }}>
                      {s.classRestrictions.map((c) => (
                        <li key={c.wowClass} className="row">
                          <span><strong>{c.wowClass}</strong> <span className="muted">{c.specs.join(", ")} · {c.serviceType}</span></span>
                          <button
                            type="button" className="button button--ghost button--small" aria-label={T.runForm.removeClass(c.wowClass)}
                            onClick={() => set("classRestrictions", s.classRestrictions.filter((x) => x.wowClass !== c.wowClass))}
                          >×</button>
                        </li>
                      ))}
                    </ul>
                  )
                  : <p className="muted">{T.runForm.noClassesYet}</p>}
                <div><button type="button" className="button button--ghost" onClick={() => setAddingClass(true)}>{T.runForm.addClass}</button></div>
              </div>
            )
            : null}
          <FieldError id="raid-classes-error" message={errors.classRestrictions} />
        </fieldset>
        <ScheduleField
          date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDate}
          onDate={(v) => set("date", v)} onTime={(v) => set("time", v)} onTimezone={(v) => set("timezone", v)}
        />
        <ScheduleExtras kind="raid" mode={mode} run={run} boosterId={s.boosterId} date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDates} />
        {mode === "edit" && panelMode === "admin" ? <StatusField value={s.status} onChange={(v) => set("status", v)} /> : null}
        <FormActions mode={mode} pending={pending} onCancel={onCancel} />
      </form>
      <AddClassDialog
        open={addingClass} onClose={() => setAddingClass(false)} classSpecs={classSpecs} serviceTypes={serviceTypes}
        exclude={s.classRestrictions.map((c) => c.wowClass)}
        onAdd={(c) => set("classRestrictions", [...s.classRestrictions, c])}
      />
    </>
  );
}
