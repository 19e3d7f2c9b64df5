import type { ReactNode } from "react";
import { CapacityFields, ErrorSummary, FormActions, ScheduleField, StatusField } from "./fields";
import type { RunForm, ScheduledState } from "./hooks";
import { ScheduleExtras } from "./ScheduleExtras";
import type { FormMode } from "./formTypes";

/**
 * What every kind's form has around its own fields: the error summary first, then the
 * places (Spots, Taken), the schedule with its Repeat choice and overlap warning, the status
 * (staff edits) and the actions.
 */
export function RunFormFrame<S extends ScheduledState>({ form, mode, onCancel, scheduleHelp, monthHint, children }: {
  form: RunForm<S>;
  mode: FormMode;
  onCancel: () => void;
  scheduleHelp?: string;
  /** The month the calendar opens on when no date is chosen yet. */
  monthHint?: string;
  children: ReactNode;
}) {
  const { s, set, errors } = form;
  return (
    <form ref={form.formRef} className="stack run-form" onSubmit={form.onSubmit} noValidate>
      <ErrorSummary errors={errors} />
      {children}
      <CapacityFields
        spots={s.spots} spotsTaken={s.spotsTaken} errors={errors}
        onSpots={(v) => set("spots", v)} onTaken={(v) => set("spotsTaken", v)}
      />
      <ScheduleField
        date={s.date} time={s.time} timezone={s.timezone} error={errors.scheduledDate} help={scheduleHelp} monthHint={monthHint} dayRequired={mode === "duplicate"}
        onDate={(v) => set("date", v)} onTime={(v) => set("time", v)} onTimezone={(v) => set("timezone", v)}
      />
      <ScheduleExtras
        kind={form.kind} mode={mode} run={form.run} boosterId={s.boosterId} date={s.date} time={s.time} timezone={s.timezone}
        error={errors.scheduledDates}
      />
      {form.setStatus ? <StatusField value={s.status} onChange={(v) => set("status", v)} /> : null}
      <FormActions mode={mode} pending={form.pending} onCancel={onCancel} />
    </form>
  );
}
