import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors, useFocusFirstInvalid, type FieldErrors } from "../formErrors";
import { useToast } from "../toast";
import { useUnsavedInput } from "../Dialog";
import type { RunKind, RunStatus, Timezone } from "../../../src/shared/enums";
import type { AnyRun } from "../../../src/kinds/runs";
import { runFormSchema } from "../../../src/kinds/runFormSchema";
import { T } from "../../../src/shared/text";
import { createRepeatCall, createRunCall, reference, updateRunCall, type Result } from "../runPanel/calls";
import { overlapIds } from "../runPanel/bulkCalls";
import { readTypedWhen } from "../../../src/domain/typedTime";
import { joinScheduled } from "./fields";
import { repeatBody, useRepeat } from "./repeatState";
import type { FormMode, RunFormProps } from "./formTypes";

/**
 * Loads one reference list for a form; a failure raises a toast ('Failed to fetch
 * raids' ...) and leaves the list empty. `null` while loading; `skip` loads nothing.
 */
export function useReference<E>(load: (() => Promise<Result<E[]>>) | null, deps: unknown[]): E[] | null {
  const toast = useToast();
  const [data, setData] = useState<E[] | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setData(null);
    void load().then((r) => {
      if (!live) return;
      if (r.ok) setData(r.data);
      else {
        toast({ title: T.toast.error, description: r.message, variant: "destructive" });
        setData([]);
      }
    });
    return () => { live = false; };
  },
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the list depends on (`load` is a fresh closure each render)
  deps);
  return data;
}

const SUCCESS = { create: T.toast.created, edit: T.toast.updated, duplicate: T.toast.duplicated } as const;
const FAILURE = { create: T.toast.createFailed, edit: T.toast.updateFailed, duplicate: T.toast.duplicateFailed } as const;

/** The edit changes the status and nothing else (compared with the form as it opened). */
function statusOnly(body: Record<string, unknown>, before: Record<string, unknown> | undefined): boolean {
  if (!before || body.status === undefined || body.status === before.status) return false;
  const rest = (b: Record<string, unknown>) => JSON.stringify({ ...b, status: null });
  return rest(body) === rest(before);
}

/**
 * Validates with the shared schema (errors under the fields), then POSTs (create,
 * duplicate) or PATCHes (edit), with success or failure toasts. An edit that only changes the
 * status sends just the status, so an older run with incomplete fields can still be
 * marked completed or cancelled.
 */
export function useRunSubmit(kind: RunKind, mode: FormMode, run: AnyRun | null, onSaved: () => void, onPendingChange: (p: boolean) => void) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const repeat = useRepeat();
  useFocusFirstInvalid(formRef, errors);

  async function submit(schema: z.ZodType, body: Record<string, unknown>, before?: Record<string, unknown>) {
    if (pending) return;
    const parsed = mode === "edit" && statusOnly(body, before)
      ? { success: true as const, data: { status: body.status } }
      : schema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    // Repeat (create, duplicate): the same body with the dates of the Repeat field.
    const repeated = mode === "edit" ? null : repeatBody(parsed.data as Record<string, unknown>, repeat?.repeat ?? null);
    if (repeated && !repeated.ok) {
      setErrors({ scheduledDates: repeated.message });
      return;
    }
    setErrors({});
    if (mode === "edit" && !run) {
      toast({ title: T.toast.error, description: T.toast.noRunToUpdate, variant: "destructive" });
      return;
    }
    const kindLabel = T.runKinds[kind];
    setPending(true);
    onPendingChange(true);
    const res = mode === "edit"
      ? await updateRunCall(kind, run!.id, withoutUnchangedPlaces(parsed.data as Record<string, unknown>, before) as never, FAILURE.edit({ kind: kindLabel }))
      : repeated
        ? await createRepeatCall(kind, repeated.body as never, FAILURE[mode]({ kind: kindLabel }))
        : await createRunCall(kind, parsed.data as never, FAILURE[mode]({ kind: kindLabel }));
    setPending(false);
    onPendingChange(false);
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    const done = "runs" in res.data ? T.toast.repeated({ kind: kindLabel, n: res.data.runs.length }) : SUCCESS[mode]({ kind: kindLabel });
    const overlaps = overlapIds(res.data.warnings);
    toast({ title: T.toast.success, description: overlaps.length ? `${done}. ${T.overlap.saved({ ids: overlaps.join(", ") })}` : done });
    onSaved();
  }

  return { submit, pending, errors, setErrors, formRef };
}

/** The places as the form holds them: the number fields' text ('' for Spots: not tracked). */
export type CapacityState = { spots: string; spotsTaken: string };
/** What every kind's form state holds besides its own fields. */
export type ScheduledState = { boosterId: number | null; date: string; time: string; timezone: Timezone; status: RunStatus } & CapacityState;
/** A kind's initial state: the kit adds the places (`capacityState`). */
export type KindFormState<S extends ScheduledState> = Omit<S, keyof CapacityState>;

/** The run's places in the form; a duplicate offers the same spots with none taken yet. */
export function capacityState(run: AnyRun | null, mode: FormMode): CapacityState {
  return { spots: run?.spots == null ? "" : String(run.spots), spotsTaken: run && mode === "edit" ? String(run.spotsTaken) : "0" };
}

/**
 * The places as the schema reads them: an empty Spots is null (not tracked), an empty Taken 0;
 * anything else as a number, so '2.5' or 'ten' gets the field's own message from the schema.
 */
export function capacityBody(c: CapacityState): { spots: number | null; spotsTaken: number } {
  const num = (text: string, empty: number | null) => (text.trim() === "" ? empty : Number(text.trim()));
  return { spots: num(c.spots, null), spotsTaken: num(c.spotsTaken, 0) as number };
}

/**
 * An edit sends the places only when the person changed them: the storefront moves Taken
 * while the form is open, and an unrelated edit must not write an older count back.
 */
function withoutUnchangedPlaces(data: Record<string, unknown>, before: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!before) return data;
  const out = { ...data };
  for (const key of ["spots", "spotsTaken"] as const) if (out[key] === before[key]) delete out[key];
  return out;
}

/**
 * One kind's form: its state (from `initial`, given the fixed booster in booster mode),
 * the boosters to pick from (staff), and the submit that adds the schedule and, for staff
 * edits, the status to the kind's own `bodyOf` fields.
 */
export function useRunForm<S extends ScheduledState, R extends AnyRun>(
  kind: RunKind,
  { mode, run, panelMode, booster, onSaved, onPendingChange }: RunFormProps<R>,
  initial: (boosterId: number | null) => KindFormState<S>,
  bodyOf: (s: S) => Record<string, unknown>,
) {
  const [before] = useState<S>(() => ({ ...initial(panelMode === "booster" ? booster?.id ?? null : null), ...capacityState(run, mode) }) as S);
  const [s, setS] = useState<S>(before);
  const { submit, pending, errors, setErrors, formRef } = useRunSubmit(kind, mode, run, onSaved, onPendingChange);
  const set = <K extends keyof S>(key: K, value: S[K]) => setS((cur) => ({ ...cur, [key]: value }));
  const boosters = useReference(panelMode === "admin" ? reference.boosters : null, [panelMode]);
  const repeating = useRepeat()?.repeat.on ?? false;
  useUnsavedInput(repeating || JSON.stringify(s) !== JSON.stringify(before));
  const setStatus = mode === "edit" && panelMode === "admin";
  const fullBody = (st: S) => ({
    ...bodyOf(st), ...capacityBody(st), timezone: st.timezone, scheduledDate: joinScheduled(st.date, st.time),
    ...(setStatus ? { status: st.status } : {}),
  });

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    // Enter may submit before the time field is left: read its text the same way here.
    const typed = s.time.trim();
    let st = s;
    if (typed) {
      const read = readTypedWhen(typed, { zone: s.timezone, now: new Date(), pickedDate: s.date || undefined });
      if (!read) {
        setErrors({ scheduledDate: T.runForm.timeUnreadable({ typed }) });
        return;
      }
      // A duplicate's new day is picked, never taken from a bare time.
      st = { ...s, time: read.time, date: read.dated || mode !== "duplicate" ? read.date : s.date };
      setS(st);
    }
    void submit(runFormSchema(kind, { pickBooster: panelMode === "admin", setStatus }), fullBody(st), fullBody(before));
  }

  return { kind, run, s, setS, set, boosters, setStatus, pending, errors, formRef, onSubmit };
}

export type RunForm<S extends ScheduledState> = ReturnType<typeof useRunForm<S, AnyRun>>;
