import { useMemo, useState } from "react";
import { GAME_IDS, GAMEPLAY_TYPES, REGIONS, type Difficulty, type GameplayType, type Region } from "../../shared/enums";
import type { ClassRestriction, RaidRun } from "./schemas";
import { RUN_KINDS } from "../registry";
import { T } from "../../shared/text";
import { classColour } from "../../shared/wowClasses";
import { reference } from "../../../islands/components/runPanel/calls";
import { AddClassDialog } from "./formClassDialog";
import { BoosterField, FieldError, FieldGroup, Segmented, SelectField, splitScheduled } from "../../../islands/components/runForm/fields";
import { useReference, useRunForm, type KindFormState, type ScheduledState } from "../../../islands/components/runForm/hooks";
import type { RunFormProps } from "../../../islands/components/runForm/formTypes";
import { EuFlag, FORM_GRID, UsFlag } from "../../../islands/components/runForm/formLayout";
import { RunFormFrame } from "../../../islands/components/runForm/RunFormFrame";

type ClassesMode = "all" | "specific";

/** The raid form's state, shaped like the API payload (empty choices are null). */
type State = ScheduledState & {
  region: Region;
  raidId: number | null;
  difficulty: Difficulty | null;
  factionId: number | null;
  completionModeId: number | null;
  gameplayType: GameplayType | null;
  classesMode: ClassesMode;
  classRestrictions: ClassRestriction[];
};

/** Create starts empty (EU, CET, all classes); edit and duplicate load the run's values and zone. */
export function initialRaidState(run: RaidRun | null, boosterId: number | null): KindFormState<State> {
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

export function RaidRunForm(props: RunFormProps<RaidRun>) {
  const { mode, run, gameId, panelMode, booster, onCancel } = props;
  const form = useRunForm("raid", props, (boosterId) => initialRaidState(run, boosterId), (st) => ({
    gameId, title: RUN_KINDS.raid.title, boosterId: st.boosterId, region: st.region, raidId: st.raidId, difficulty: st.difficulty,
    factionId: st.factionId, completionModeId: st.completionModeId, gameplayType: st.gameplayType,
    classRestrictions: st.classesMode === "all" ? null : st.classRestrictions,
  }));
  const { s, setS, set, errors } = form;
  const [addingClass, setAddingClass] = useState(false);

  const raids = useReference(() => reference.raids(gameId), [gameId]);
  const factions = useReference(() => reference.factions(gameId, s.region), [gameId, s.region]);

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

  return (
    <>
      <RunFormFrame form={form} mode={mode} onCancel={onCancel}>
        <Segmented
          label={T.runForm.region} value={s.region}
          options={REGIONS.map((r) => ({ value: r, label: T.labels.region[r], icon: r === "EU" ? <EuFlag /> : <UsFlag /> }))}
          // Switching region clears the faction.
          onChange={(region) => setS((cur) => (cur.region === region ? cur : { ...cur, region, factionId: null }))}
        />
        <div className="form-grid" style={FORM_GRID}>
          <SelectField label={T.runForm.raid} value={s.raidId} options={raidOptions} onChange={chooseRaid} error={errors.raidId} disabled={raids === null} />
          <SelectField
            label={T.runForm.difficulty} value={s.difficulty} options={difficultyOptions} onChange={(v) => set("difficulty", v)}
            error={errors.difficulty} placeholder={raid ? T.runForm.select : T.runForm.selectRaidFirst}
          />
          <BoosterField panelMode={panelMode} booster={booster} boosters={form.boosters} value={s.boosterId} onChange={(v) => set("boosterId", v)} error={errors.boosterId} />
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
        <ClassesField
          mode={s.classesMode} classes={s.classRestrictions} error={errors.classRestrictions}
          // Choosing 'All classes available' clears the list.
          onMode={(m) => setS((cur) => ({ ...cur, classesMode: m, classRestrictions: m === "all" ? [] : cur.classRestrictions }))}
          onRemove={(wowClass) => set("classRestrictions", s.classRestrictions.filter((x) => x.wowClass !== wowClass))}
          onAdd={() => setAddingClass(true)}
        />
      </RunFormFrame>
      <RaidClassDialog
        open={addingClass} onClose={() => setAddingClass(false)} exclude={s.classRestrictions.map((c) => c.wowClass)}
        onAdd={(c) => set("classRestrictions", [...s.classRestrictions, c])}
      />
    </>
  );
}

/** 'All classes available', or a list of classes with their specs and service type. */
function ClassesField({ mode, classes, error, onMode, onRemove, onAdd }: {
  mode: ClassesMode; classes: ClassRestriction[]; error?: string;
  onMode: (m: ClassesMode) => void; onRemove: (wowClass: string) => void; onAdd: () => void;
}) {
  return (
    <FieldGroup legend={T.runForm.classes}>
      <div className="row">
        {(["all", "specific"] as const).map((m) => (
          <label key={m} className="row">
            <input type="radio" name="classesSpecs" value={m} checked={mode === m} onChange={() => onMode(m)} />
            {m === "all" ? T.runForm.allClasses : T.runForm.specificClasses}
          </label>
        ))}
      </div>
      {mode === "specific"
        ? (
          <div className="stack">
            <ClassList classes={classes} onRemove={onRemove} />
            <div><button type="button" className="button button--ghost" onClick={onAdd}>{T.runForm.addClass}</button></div>
          </div>
        )
        : null}
      <FieldError id="raid-classes-error" message={error} />
    </FieldGroup>
  );
}

/** The add-class dialog with the lists it picks from (outside the run form: a dialog of its own). */
function RaidClassDialog({ open, onClose, exclude, onAdd }: {
  open: boolean; onClose: () => void; exclude: string[]; onAdd: (c: ClassRestriction) => void;
}) {
  const classSpecs = useReference(reference.classSpecs, []);
  // Service types of the raid game (Full Gear Priority, 3, 2 or 1 Item(s) Guaranteed).
  const serviceTypes = useReference(() => reference.serviceTypes(GAME_IDS.raid), []);
  return <AddClassDialog open={open} onClose={onClose} classSpecs={classSpecs} serviceTypes={serviceTypes} exclude={exclude} onAdd={onAdd} />;
}

/** The class's colour as a swatch beside its name (the name keeps the page's text colour, for contrast). */
function ClassSwatch({ wowClass }: { wowClass: string }) {
  const colour = classColour(wowClass);
  return colour ? <span className="swatch" aria-hidden="true" style={{ background: colour }} /> : null;
}

function ClassList({ classes, onRemove }: { classes: ClassRestriction[]; onRemove: (wowClass: string) => void }) {
  if (!classes.length) return <p className="muted">{T.runForm.noClassesYet}</p>;
  return (
    <ul className="class-list stack" style={{ listStyle: "none", margin: 0, padding: 0, gap: ".5rem" }}>
      {classes.map((c) => (
        <li key={c.wowClass} className="row">
          <span><ClassSwatch wowClass={c.wowClass} /><strong>{c.wowClass}</strong> <span className="muted">{c.specs.join(", ")} · {c.serviceType}</span></span>
          <button type="button" className="button button--ghost button--small" aria-label={T.runForm.removeClass({ wowClass: c.wowClass })} onClick={() => onRemove(c.wowClass)}>×</button>
        </li>
      ))}
    </ul>
  );
}
