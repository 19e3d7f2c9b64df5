// The one submit flow of the app's forms: validate with the shared zod schema (messages
// under the fields, focus on the first), then send with the form pending, then show the
// server's answer. Each form keeps only what is its own: its schema, its call and what
// success means.
import { useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage } from "../runtime/api";
import { fieldErrors, useFocusFirstInvalid, useSchemaValidation, type FieldErrors } from "./formErrors";
import type { CallError } from "./callFailure";
import { useUnsavedInput } from "./Dialog";

type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
/** A zod `safeParse` result (any schema). */
export type Parsed<T> = { success: true; data: T } | { success: false; error: Issues };

/** What `send` answers: "stay" keeps the form pending because the browser is leaving. */
export type Sent = "stay" | undefined;

export type SubmitPlan<V, T> = {
  /** Validates the values, usually `schema.safeParse(...)`. */
  parse: (values: V) => Parsed<T>;
  /** The call with the parsed data; it shows its own outcome through the form's setters. */
  send: (data: T) => Promise<Sent>;
  /** Shown when the call throws (offline, aborted); without it the error propagates. */
  networkError?: string;
  /** Schema field names shown under another field (`{ newPassword: "password" }`). */
  shownAs?: Record<string, string>;
  /** False leaves a submit unhandled (e.g. the form is missing data it needs). */
  ready?: boolean;
};

export function useSchemaForm<V extends Record<string, unknown>>(initial: V | (() => V), { error = null, success = null }: {
  /** Kept from a failed no-JavaScript post, or given by the page. */
  error?: string | null; success?: string | null;
} = {}) {
  const [values, setValuesNow] = useState<V>(initial);
  const [initialValues] = useState<V>(values);
  // Set once the input is saved (e.g. an invitation made): its values stay, but nothing is lost on closing.
  const [saved, setSaved] = useState(false);
  const setValues: typeof setValuesNow = (next) => { setSaved(false); setValuesNow(next); };
  // Inside a Dialog, closing with changed values asks "Discard changes?" first.
  useUnsavedInput(!saved && JSON.stringify(values) !== JSON.stringify(initialValues));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(error);
  const [successText, setSuccess] = useState<string | null>(success);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();
  useFocusFirstInvalid(formRef, errors);

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** Value, change handler and error for a text control bound to `key`. */
  const text = <K extends keyof V & string>(key: K) => ({
    value: String(values[key] ?? ""),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value as V[K]),
    error: errors[key],
  });
  /** Shows a failed call's message (the server's, or `fallback`) above the form; returns it. */
  const fail = (callError: CallError, fallback: string) => {
    const message = errorMessage(callError ? { status: Number(callError.status) || 0, value: callError.value } : null, fallback);
    setFormError(message);
    return message;
  };

  function onSubmit<T>({ parse, send, networkError, shownAs = {}, ready = true }: SubmitPlan<V, T>) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      if (pending || !ready) return;
      setSuccess(null);
      const parsed = parse(values);
      if (!parsed.success) {
        const found = fieldErrors(parsed.error);
        for (const [from, to] of Object.entries(shownAs)) found[to] ??= found[from];
        setErrors(found);
        return;
      }
      setErrors({});
      setFormError(null);
      setPending(true);
      try {
        if ((await send(parsed.data)) === "stay") return;
      } catch (thrown) {
        setPending(false);
        if (networkError === undefined) throw thrown;
        setFormError(networkError);
        return;
      }
      setPending(false);
    };
  }

  return {
    values, setValues, set, text, errors, setErrors, formError, setFormError, fail,
    success: successText, setSuccess, pending, formRef, onSubmit,
    /** The values as they stand are saved: closing the dialog need not ask. */
    markSaved: () => setSaved(true),
  };
}

export type SchemaForm<V extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<V>>;
