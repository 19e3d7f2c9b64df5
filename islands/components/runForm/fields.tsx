// Labelled form controls shared by the three run forms: each shows its error under
// itself (aria-invalid + aria-describedby), as a person reading the form expects.
import { useId, useMemo, useState, type ReactNode } from "react";
import { DayPicker } from "react-day-picker";
import { RUN_STATUSES, SPOTS_MAX, TIMEZONES, type RunStatus, type Timezone } from "../../../src/shared/enums";
import { normalizeTime } from "../../../src/domain/time";
import { inkOn } from "../../../src/domain/contrast";
import { readTypedWhen, whenInZone } from "../../../src/domain/typedTime";
import { T } from "../../../src/shared/text";
import type { BoosterListItem } from "../../../src/shared/schemas/responses";
import type { FieldErrors } from "../formErrors";
import { SubmitButton } from "../Field";
import { useDialogCancel } from "../Dialog";
import { SegmentedGroup } from "../SegmentedGroup";
import type { CurrentBooster, PanelMode } from "./formTypes";
import { DAY_COMPONENTS, DAY_LABELS, fromYmd, toYmd } from "./dayPicker";
import { BARE_FIELDSET, DAY_PICKER_CLASSES, DAY_PICKER_MODIFIER_STYLES, DAY_PICKER_STYLES, FORM_GRID } from "./formLayout";

export type Option<V extends string | number> = { value: V; label: string };
/** Segmented buttons may show an icon before the label (the label stays the accessible name). */
export type SegmentOption<V extends string> = Option<V> & { icon?: ReactNode };

/** A field's message, read with the field (aria-describedby); ErrorSummary does the announcing. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="field__error">{message}</p> : null;
}

/** A group of controls under a legend, without the browser's fieldset frame. */
export function FieldGroup({ legend, legendId, children }: { legend: string; legendId?: string; children: ReactNode }) {
  return (
    <fieldset className="field" style={BARE_FIELDSET}>
      <legend className="field__label" id={legendId}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** One alert per failed submit instead of one per field. */
export function ErrorSummary({ errors }: { errors: FieldErrors }) {
  const n = Object.keys(errors).length;
  return <div role="alert">{n ? <p className="field__error">{T.runForm.errorSummary({ n })}</p> : null}</div>;
}

/** A select whose empty choice is `null`; numbers stay numbers. */
export function SelectField<V extends string | number>({ label, value, options, onChange, error, placeholder = T.runForm.select, disabled, help, colourOf }: {
  label: string; value: V | null; options: Option<V>[]; onChange: (v: V | null) => void; error?: string; placeholder?: string;
  disabled?: boolean; help?: ReactNode;
  /** A colour per option (WoW class colours): each option is painted in it with legible ink, the chosen one gets a swatch. */
  colourOf?: (v: V) => string | null;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const chosen = value !== null && colourOf ? colourOf(value) : null;
  const select = (
      <select
        id={id} className="select" value={value === null ? "" : String(value)} disabled={disabled}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errId : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          const hit = options.find((o) => String(o.value) === raw);
          onChange(hit ? hit.value : null);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const colour = colourOf?.(o.value);
          return <option key={String(o.value)} value={String(o.value)} style={colour ? { background: colour, color: inkOn(colour) } : undefined}>{o.label}</option>;
        })}
      </select>
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      {colourOf
        ? <div className="select-swatched"><span className="swatch" aria-hidden="true" style={chosen ? { background: chosen } : undefined} />{select}</div>
        : select}
      {help ? <p className="field__help">{help}</p> : null}
      <FieldError id={errId} message={error} />
    </div>
  );
}

/** Staff pick any booster; in booster mode the field shows the current booster, fixed. */
export function BoosterField({ panelMode, booster, boosters, value, onChange, error }: {
  panelMode: PanelMode; booster: CurrentBooster | null; boosters: BoosterListItem[] | null;
  value: number | null; onChange: (v: number | null) => void; error?: string;
}) {
  const id = useId();
  const options = useMemo(() => (boosters ?? []).map((b) => ({
    value: b.id, label: b.user.nickname ? `${b.boosterId} · ${b.user.nickname}` : b.boosterId,
  })), [boosters]);
  if (panelMode === "booster") {
    return (
      <div className="field">
        <label className="field__label" htmlFor={id}>{T.runForm.booster}</label>
        <input id={id} className="input" value={booster?.boosterId ?? ""} readOnly />
      </div>
    );
  }
  return <SelectField label={T.runForm.booster} value={value} options={options} onChange={onChange} error={error} disabled={boosters === null} />;
}

/** A whole-number field: the text is kept as typed and read by the schema (its message under the field). */
export function NumberField({ label, value, onChange, error, help, min, max, placeholder }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; help?: string; min: number; max: number; placeholder?: string;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input
        id={id} className="input" type="number" inputMode="numeric" step={1} min={min} max={max} value={value} placeholder={placeholder}
        aria-invalid={error ? true : undefined} aria-describedby={[help ? helpId : "", error ? errId : ""].join(" ").trim() || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {help ? <p id={helpId} className="field__help">{help}</p> : null}
      <FieldError id={errId} message={error} />
    </div>
  );
}

/** Spots and Taken, side by side: the places a run offers and how many are sold (src/shared/schemas/runFields.ts checks both). */
export function CapacityFields({ spots, spotsTaken, onSpots, onTaken, errors }: {
  spots: string; spotsTaken: string; onSpots: (v: string) => void; onTaken: (v: string) => void; errors: FieldErrors;
}) {
  return (
    <div className="form-grid" style={FORM_GRID}>
      <NumberField label={T.staffCapacity.spots} value={spots} onChange={onSpots} error={errors.spots} help={T.staffCapacity.spotsHelp} min={1} max={SPOTS_MAX} />
      <NumberField label={T.staffCapacity.taken} value={spotsTaken} onChange={onTaken} error={errors.spotsTaken} help={T.staffCapacity.takenHelp} min={0} max={SPOTS_MAX} />
    </div>
  );
}

export function StatusField({ value, onChange }: { value: RunStatus; onChange: (s: RunStatus) => void }) {
  const options = RUN_STATUSES.map((s) => ({ value: s, label: T.labels.runStatus[s] }));
  return <SelectField label={T.runForm.status} value={value} options={options} onChange={(v) => v && onChange(v)} />;
}

/** Segmented single choice (region, timezone, classes): buttons with aria-pressed in a labelled group. */
export function Segmented<V extends string>({ label, value, options, onChange }: {
  label: string; value: V; options: SegmentOption<V>[]; onChange: (v: V) => void;
}) {
  return (
    <SegmentedGroup label={label} className="field" labelClassName="field__label">
      {options.map((o) => (
        <button key={o.value} type="button" className="segmented__item" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.icon ? <span style={{ display: "inline-flex", alignItems: "center", gap: ".375rem" }}>{o.icon}{o.label}</span> : o.label}
        </button>
      ))}
    </SegmentedGroup>
  );
}

/** Splits the scheduledDate text ('YYYY-MM-DD HH:MM') into the form's date and time parts. */
export function splitScheduled(text: string | null | undefined): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(text ?? "");
  return m ? { date: m[1]!, time: m[2]! } : { date: "", time: "" };
}
export const joinScheduled = (date: string, time: string) => (date && time ? `${date} ${normalizeTime(time)}` : "");

/** Today as the browser's local calendar day: days before it cannot be picked. */
export const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/**
 * Scheduled date and time: a calendar (react-day-picker) for the day (past days
 * disabled), a text field for the time ('19:45', '7:45 PM', '21h30' or words with a day such as
 * 'tomorrow 9pm'; not `type=time`, whose 12-hour UI depends on the browser's locale), and the
 * CET/EST toggle saying which zone's clock the time is on. What the text resolves to is
 * shown in words before saving; leaving the field writes it back as the day and 'HH:MM'.
 */
export function ScheduleField({ date, time, timezone, onDate, onTime, onTimezone, error, help, monthHint, dayRequired = false }: {
  date: string; time: string; timezone: Timezone;
  /** The day must be picked (a duplicate's new date): a bare time does not fill it in. */
  dayRequired?: boolean;
  onDate: (d: string) => void; onTime: (t: string) => void; onTimezone: (z: Timezone) => void;
  error?: string; help?: string;
  /** The month to open on when no date is chosen yet (e.g. the duplicated run's). */
  monthHint?: string;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const helpId = `${id}-help`;
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const selected = fromYmd(date);
  // The calendar turns to a day typed in words ('next tue 18:30').
  const [month, setMonth] = useState(() => selected ?? fromYmd(monthHint ?? ""));
  const read = readTypedWhen(time, { zone: timezone, now: new Date(), pickedDate: date || undefined });
  const dayOpen = !!read && !read.dated && dayRequired;
  const message = error ?? (unreadable ? T.runForm.timeUnreadable({ typed: unreadable }) : undefined);
  return (
    <fieldset className="field schedule-field" style={BARE_FIELDSET} aria-describedby={[help ? helpId : "", message ? errId : ""].join(" ").trim() || undefined}>
      <legend className="field__label">{T.runForm.scheduled}</legend>
      {help ? <p id={helpId} className="field__help">{help}</p> : null}
      <div className="schedule-field__grid" style={FORM_GRID}>
        <DayPicker
          classNames={DAY_PICKER_CLASSES} styles={DAY_PICKER_STYLES} modifiersStyles={DAY_PICKER_MODIFIER_STYLES}
          // required: clicking the chosen day again keeps it (a typed late time may have chosen tomorrow already).
          mode="single" required selected={selected} month={month} onMonthChange={setMonth}
          disabled={{ before: startOfToday() }} labels={DAY_LABELS} components={DAY_COMPONENTS}
          onSelect={(d) => onDate(d ? toYmd(d) : "")}
        />
        <div className="stack">
          <div className="field">
            <span className="field__label" id={`${id}-date`}>{T.runForm.date}</span>
            <output aria-labelledby={`${id}-date`} className="input" aria-live="polite">{date || T.runForm.noDate}</output>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-time`}>{T.runForm.time}</label>
            <input
              id={`${id}-time`} type="text" autoComplete="off" className="input" value={time} maxLength={40}
              placeholder={T.runForm.timePlaceholder} aria-describedby={`${id}-time-help ${id}-time-read${message ? ` ${errId}` : ""}`}
              aria-invalid={message ? true : undefined}
              // Four digits typed ('2130') become '21:30' at once; the rest on leaving the field.
              onChange={(e) => { setUnreadable(null); onTime(/^\d{4}$/.test(e.target.value) ? normalizeTime(e.target.value) : e.target.value); }}
              onBlur={() => {
                if (read) {
                  if (read.date !== date && !dayOpen) {
                    onDate(read.date);
                    setMonth(fromYmd(read.date));
                  }
                  onTime(read.time);
                } else if (time.trim()) setUnreadable(time.trim());
              }}
            />
            <p id={`${id}-time-help`} className="field__help">{T.runForm.timeHelp}</p>
            <output id={`${id}-time-read`} className="field__help schedule-field__read" aria-live="polite">
              {read && !dayOpen ? T.runForm.savesAs(whenInZone(read, timezone)) : null}
            </output>
          </div>
          <Segmented label={T.runForm.timezone} value={timezone} options={TIMEZONES.map((z) => ({ value: z, label: z }))} onChange={onTimezone} />
        </div>
      </div>
      <FieldError id={errId} message={message} />
    </fieldset>
  );
}

/** Submit label while idle and while the request runs ('Creating...', 'Updating...', 'Duplicating...'). */
export function submitLabels(mode: "create" | "edit" | "duplicate"): { idle: string; pending: string } {
  switch (mode) {
    case "create": return { idle: T.runForm.submit.create, pending: T.runForm.creating };
    case "edit": return { idle: T.runForm.submit.edit, pending: T.runForm.updating };
    case "duplicate": return { idle: T.runForm.submit.duplicate, pending: T.runForm.duplicating };
    default: return { idle: T.runForm.submit.create, pending: T.runForm.saving };
  }
}

export function FormActions({ mode, pending, onCancel }: { mode: "create" | "edit" | "duplicate"; pending: boolean; onCancel: () => void }) {
  const labels = submitLabels(mode);
  const cancel = useDialogCancel(onCancel);
  return (
    <div className="form-actions">
      <button type="button" className="button button--ghost" onClick={cancel} disabled={pending}>{T.runForm.cancel}</button>
      <SubmitButton pending={pending} label={labels.idle} busyLabel={labels.pending} />
    </div>
  );
}
