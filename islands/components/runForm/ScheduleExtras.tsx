import { useState, type ReactNode } from "react";
import type { RunKind, Timezone } from "../../../src/shared/enums";
import type { AnyRun } from "../../../src/kinds/runs";
import { joinScheduled } from "./fields";
import { OverlapWarning } from "./OverlapWarning";
import { RepeatField } from "./RepeatField";
import { NO_REPEAT, RepeatContext, repeatDates, useRepeat, type RepeatState } from "./repeatState";
import type { FormMode } from "./formTypes";

/** Holds the open form's repeat choice (mounted with the form, so closing resets it). */
export function RepeatProvider({ children }: { children: ReactNode }) {
  const [repeat, setRepeat] = useState<RepeatState>(NO_REPEAT);
  return <RepeatContext.Provider value={{ repeat, setRepeat }}>{children}</RepeatContext.Provider>;
}

/**
 * Under a run form's schedule: Repeat (create and duplicate) and the overlap warning for
 * every start the save would create.
 */
export function ScheduleExtras({ kind, mode, run, boosterId, date, time, timezone, error }: {
  kind: RunKind; mode: FormMode; run: AnyRun | null; boosterId: number | null; date: string; time: string; timezone: Timezone; error?: string;
}) {
  const ctx = useRepeat();
  const repeat = mode !== "edit" && ctx ? ctx.repeat : NO_REPEAT;
  const starts = repeat.on ? repeatDates(date, time, repeat) : [joinScheduled(date, time)].filter(Boolean);
  return (
    <>
      {mode !== "edit" && ctx ? <RepeatField value={ctx.repeat} onChange={ctx.setRepeat} date={date} time={time} error={error} /> : null}
      <OverlapWarning kind={kind} boosterId={boosterId} starts={starts} timezone={timezone} excludeId={mode === "edit" ? run?.id : undefined} />
    </>
  );
}
