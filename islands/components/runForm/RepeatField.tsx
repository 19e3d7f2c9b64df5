import { useId } from "react";
import { DayPicker } from "react-day-picker";
import { REPEAT_MAX } from "../../../src/shared/schemas/runFields";
import { T } from "../../../src/shared/text";
import { FieldError, Segmented, startOfToday } from "./fields";
import { DAY_COMPONENTS, DAY_LABELS, fromYmd, toYmd } from "./dayPicker";
import { BARE_FIELDSET, DAY_PICKER_CLASSES, DAY_PICKER_MODIFIER_STYLES, DAY_PICKER_STYLES } from "./formLayout";
import { repeatDates, type RepeatState } from "./repeatState";

// A second calendar in the dialog: its month navigation needs a name of its own.
const REPEAT_LABELS = { ...DAY_LABELS, labelNav: () => T.repeat.calendarNav };

/**
 * "Repeat" (create and duplicate): a checkbox, then either a multi-date calendar (more
 * days besides the form's date) or "weekly for N weeks". The summary says which runs the
 * save will create. Native controls and react-day-picker's grid: keyboard operable.
 */
export function RepeatField({ value, onChange, date, time, error }: {
  value: RepeatState; onChange: (r: RepeatState) => void; date: string; time: string; error?: string;
}) {
  const id = useId();
  const set = (patch: Partial<RepeatState>) => onChange({ ...value, ...patch });
  const starts = repeatDates(date, time || "--:--", value);
  return (
    <fieldset className="field repeat-field" style={BARE_FIELDSET} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="visually-hidden">{T.repeat.toggle}</legend>
      <label className="checkbox">
        <input type="checkbox" checked={value.on} onChange={(e) => set({ on: e.target.checked })} /> {T.repeat.toggle}
      </label>
      {value.on
        ? (
          <div className="stack">
            <Segmented label={T.repeat.how} value={value.how} onChange={(how) => set({ how })}
              options={[{ value: "dates", label: T.repeat.pickDates }, { value: "weekly", label: T.repeat.weekly }]} />
            {value.how === "dates"
              ? (
                <div className="field">
                  <span className="field__label" id={`${id}-cal`}>{T.repeat.calendar}</span>
                  {/* biome-ignore lint/a11y/useSemanticElements: the calendar is a grid; the group names it */}
                  <div role="group" aria-labelledby={`${id}-cal`}>
                    <DayPicker
                      classNames={DAY_PICKER_CLASSES} styles={DAY_PICKER_STYLES} modifiersStyles={DAY_PICKER_MODIFIER_STYLES}
                      mode="multiple" max={REPEAT_MAX - 1} selected={value.dates.map((d) => fromYmd(d)!)}
                      defaultMonth={fromYmd(date)} labels={REPEAT_LABELS} components={DAY_COMPONENTS}
                      disabled={[{ before: startOfToday() }, ...(date ? [fromYmd(date)!] : [])]}
                      onSelect={(days) => set({ dates: (days ?? []).map(toYmd).sort() })}
                    />
                  </div>
                </div>
              )
              : (
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-weeks`}>{T.repeat.weeks}</label>
                  <input id={`${id}-weeks`} className="input" type="number" inputMode="numeric" min={2} max={REPEAT_MAX} value={value.weeks}
                    aria-describedby={`${id}-weeks-help`} aria-invalid={error ? true : undefined}
                    onChange={(e) => set({ weeks: Number.parseInt(e.target.value, 10) || 0 })} />
                  <p id={`${id}-weeks-help`} className="field__help">{T.repeat.weeksHelp}</p>
                </div>
              )}
            <p className="field__help" aria-live="polite" data-repeat-summary="">
              {date ? T.repeat.summary({ n: starts.length, dates: starts.map((s) => s.slice(0, 10)).join(", ") }) : T.repeat.pickDateFirst}
            </p>
          </div>
        )
        : null}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
