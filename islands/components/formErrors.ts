// Field-level messages from a zod result, for forms validated with the shared schemas.
import { useEffect, useRef, type RefObject } from "react";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field (`form` for issues about the whole input). */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Until hydration, a form relies on the browser's own checks (required, minlength...) so it
 * works without JavaScript; once hydrated, the shared zod schema speaks instead, with
 * the messages the API gives.
 */
export function useSchemaValidation() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.noValidate = true;
  }, []);
  return ref;
}

/** A refused submit moves focus to the first field that needs attention (in the form's order). */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: FieldErrors) {
  useEffect(() => {
    if (Object.keys(errors).length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}
