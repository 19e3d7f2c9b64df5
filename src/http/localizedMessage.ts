// zod schemas and the account errors hold their messages from module load, in English; an
// answer speaks the caller's language by finding the English text's place in the catalogue and
// reading that place in the current locale. Messages with placeholders are computed during the
// request and speak its language already (they are functions here, and not in the map).
import { T, locale } from "../shared/text";
import { T as en } from "../shared/text/compiled/en/index";
import { DEFAULT_LOCALE } from "../shared/i18n/locales";

type Node = { readonly [key: string]: unknown };

/** Each English message without placeholders → its path; validation first, so a shared text reads as the field rule. */
const PATHS = new Map<string, readonly string[]>();
function walk(node: Node, path: readonly string[]): void {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === "string") {
      if (!PATHS.has(v)) PATHS.set(v, [...path, k]);
    } else if (v && typeof v === "object") walk(v as Node, [...path, k]);
  }
}
walk({ validation: en.validation }, []);
walk(en as Node, []);

/** An English catalogue message in the current locale; any other text as it is. */
export function localizedMessage(message: string): string {
  if (locale() === DEFAULT_LOCALE) return message;
  const path = PATHS.get(message);
  if (!path) return message;
  let node: unknown = T;
  for (const k of path) node = (node as Node)[k];
  return typeof node === "string" ? node : message;
}
