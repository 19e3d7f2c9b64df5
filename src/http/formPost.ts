// Forms that work without JavaScript post to the same /api routes the islands call. A
// browser's plain form post gets a 303 instead of JSON: on success to where the script
// would go (each handler decides), on a client error back to the form's page with
// `?error=<code>` and the non-secret fields it had (one mechanism, in the errors plugin).
import { T } from "../shared/text";

/**
 * A classic HTML form submission: form-encoded, from a client that takes HTML (a browser
 * without script). A caller that posts a form but asks only for JSON keeps getting JSON.
 */
export function isFormPost(request: Request): boolean {
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(request.headers.get("content-type") ?? "")) return false;
  const accept = request.headers.get("accept") ?? "";
  return !(/application\/json/i.test(accept) && !/text\/html|\*\/\*/i.test(accept));
}

/** The page a failed post of this route goes back to, from its path parameters and posted fields. */
export type FormPage = (posted: { params: Record<string, string>; body: Record<string, unknown> }) => string;
/** API route pattern (as registered, e.g. `/api/auth/register/:token`) → its form's page. */
export type FormPages = Record<string, FormPage>;

/** Fields a failed post carries back to its page; never a password or a token. */
export const KEPT_FIELDS = ["email", "nickname"] as const;
export type KeptFields = Partial<Record<(typeof KEPT_FIELDS)[number], string>>;

/** `path` with these query parameters set (others kept). */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path, "http://local");
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.pathname + url.search;
}

/** `path` with `?error=<code>` (other query parameters kept). */
export const withError = (path: string, code: string) => withQuery(path, { error: code });

/** Where a failed form post goes: its page with the error code and the kept fields. */
export function formFailureLocation(page: string, code: string, body: unknown): string {
  const kept: Record<string, string | undefined> = {};
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  for (const k of KEPT_FIELDS) {
    const v = fields[k];
    if (typeof v === "string" && v.length <= 255) kept[k] = v;
  }
  return withQuery(page, { error: code, ...kept });
}

// A validation message travels as its key in T.validation (`?error=passwordsDontMatch`),
// so a page only ever shows catalogue text, never text from the URL.
const VALIDATION_KEYS = new Map<string, string>(
  Object.entries(T.validation).flatMap(([k, v]) => (typeof v === "string" ? [[v, k] as [string, string]] : [])),
);

/** The code of a validation message (its T.validation key), or the generic one. */
export function validationCode(message: string): string {
  return VALIDATION_KEYS.get(message) ?? "invalidRequest";
}

/** The catalogue text of a validation code, or null. */
export function validationText(code: unknown): string | null {
  if (typeof code !== "string" || !Object.hasOwn(T.validation, code)) return null;
  const text = T.validation[code as keyof typeof T.validation];
  return typeof text === "string" ? text : null;
}

/** The kept fields of a page's query (what a failed post carried back). */
export function keptFields(query: Record<string, unknown>): KeptFields {
  const out: KeptFields = {};
  for (const k of KEPT_FIELDS) {
    const v = query[k];
    if (typeof v === "string") out[k] = v.slice(0, 255);
  }
  return out;
}
