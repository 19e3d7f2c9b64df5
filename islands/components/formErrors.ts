// Field-level messages from a zod result, for forms validated with the shared schemas.
import { useEffect, useRef } from "react";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field. */
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
 * SPEC's messages.
 */
export function useSchemaValidation() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.noValidate = true;
  }, []);
  return ref;
}
