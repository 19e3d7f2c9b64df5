import { Elysia } from "elysia";
import { T } from "../shared/text";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { isRefusedInput } from "../../db/refusedInput";
import { unavailable } from "./unavailablePage";
import { formFailureLocation, isFormPost, validationCode, type FormPages } from "./formPost";
import { DomainError, type ErrorKind } from "../domain/errors";
import { localizedMessage } from "./localizedMessage";

/** The one place a domain error kind becomes an HTTP status. */
export const STATUS_OF = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
} as const satisfies Record<ErrorKind, number>;

/** First message of a zod (standard-schema) or TypeBox validation error. */
function validationMessage(error: unknown): string {
  const e = error as { all?: { message?: string; summary?: string }[]; valueError?: { message?: string } };
  try {
    const first = e.all?.[0];
    if (first?.message) return first.message;
  } catch {
    // `all` can throw for exotic validators; fall through to the generic message.
  }
  return e.valueError?.message ?? T.validation.invalidRequest;
}

/**
 * A log entry about an unexpected error that is safe to keep: class, database error code and
 * message, and where it was thrown. Never the failed query's parameters (drizzle puts
 * them, a new user's password hash included, into its message) or anything else the
 * error object carries.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return `Unexpected ${typeof error}`;
  // drizzle wraps the driver's error: "Failed query: <sql>\nparams: <values>".
  const isQueryError = "params" in error && "query" in error;
  const cause = isQueryError && error.cause instanceof Error ? error.cause : null;
  const shown = cause ?? (isQueryError ? null : error);
  const code = (shown as { code?: unknown } | null)?.code;
  const sqlState = typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
  let message = shown ? shown.message.split("\n")[0]!.slice(0, 300) : "query failed";
  // PostgreSQL quotes the offending value in some messages ('invalid input syntax ... "x"').
  if (sqlState) message = message.replace(/"[^"]*"|'[^']*'/g, "…");
  const where = (error.stack ?? "").split("\n").filter((l) => l.trim().startsWith("at ")).slice(0, 3).map((l) => l.trim());
  const name = (e: Error) => (e.constructor?.name && e.constructor.name !== "Error" ? e.constructor.name : e.name);
  return [`${name(error)}${cause ? ` (${name(cause)})` : ""}${typeof code === "string" ? ` ${code}` : ""}: ${message}`, ...where].join("\n  ");
}

/** A response that breaks its declared schema: our bug, not the client's. */
const isResponseCheck = (error: unknown) => (error as { type?: string }).type === "response";

/** A client error's code for a form page: the validation message's key, or the error's own code (AccountError). */
function clientErrorCode(code: string | number, error: unknown): string | null {
  if (code === "VALIDATION") return isResponseCheck(error) ? null : validationCode(validationMessage(error));
  if (code === "PARSE" || isRefusedInput(error)) return "invalidRequest";
  if (!(error instanceof DomainError)) return null;
  // An AccountError names its own code (src/api/auth/accountErrors.ts); any other refusal is generic.
  const own = (error as { code?: unknown }).code;
  return typeof own === "string" && /^[A-Za-z]{1,40}$/.test(own) ? own : "invalidRequest";
}

/**
 * API errors are JSON `{ message }` in the caller's language with a 4xx for the client's
 * mistakes: validation 400 with the field's catalogue message, unknown route 404, bad JSON 400, a value the database
 * refuses as text, number or JSON 400, a service's DomainError the status of its kind. Anything unexpected is logged and answered 500 with a generic message,
 * never internals. A plain form post (no JavaScript) to a route of `formPages` gets a 303
 * back to its form's page with the error instead.
 */
export const errors = (formPages: FormPages = {}) =>
  new Elysia({ name: "errors" }).onError({ as: "global" }, (ctx) => {
    const { code, error, set, request } = ctx;
    // An unreachable database is not the client's mistake nor a bug: 503, try again later.
    if (isDatabaseUnavailable(error)) return unavailable(request, set);
    const page = Object.hasOwn(formPages, ctx.route) ? formPages[ctx.route] : undefined;
    const clientCode = page && isFormPost(request) ? clientErrorCode(code, error) : null;
    if (page && clientCode) {
      const body = (ctx as { body?: unknown }).body;
      const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
      set.status = 303;
      set.headers.location = formFailureLocation(page({ params: (ctx as { params?: Record<string, string> }).params ?? {}, body: fields }), clientCode, body);
      return "";
    }
    switch (code) {
      case "VALIDATION":
        // A response that breaks its declared schema is our bug, not the client's.
        if (isResponseCheck(error)) return serverError(error, set);
        set.status = 400;
        return { message: localizedMessage(validationMessage(error)) };
      case "PARSE":
        set.status = 400;
        return { message: T.validation.invalidRequest };
      case "NOT_FOUND":
        set.status = 404;
        return { message: T.validation.notFound };
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 401;
        return { message: T.validation.unauthorized };
      default:
        if (error instanceof DomainError) {
          set.status = STATUS_OF[error.kind];
          return { message: error.message ? localizedMessage(error.message) : T.validation.invalidRequest };
        }
        // The last guard behind the field rules: a value PostgreSQL refuses is the client's
        // mistake (400), and the transaction it broke changed nothing. Logged as a warning,
        // since it means a field rule is missing.
        if (isRefusedInput(error)) {
          console.warn(errorSummary(error));
          set.status = 400;
          return { message: T.validation.valueInvalid };
        }
        return serverError(error, set);
    }
  });

function serverError(error: unknown, set: { status?: number | string }) {
  console.error(errorSummary(error));
  set.status = 500;
  return { message: T.validation.serverError };
}
