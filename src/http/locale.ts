// The locale of each request. Public pages say theirs in the URL (/de/..., English without a
// prefix; no redirect by Accept-Language, so every URL is cacheable and shareable); API calls
// say it in Accept-Language (the islands send the page's language); staff and account pages
// speak the signed-in person's preference (set by the session plugin). The request runs inside
// an AsyncLocalStorage scope, which src/shared/text.ts reads through the current-locale source.
import { AsyncLocalStorage } from "node:async_hooks";
import { setLocaleSource } from "../shared/i18n/current";
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE, isLocale, type AnyLocale, type Locale } from "../shared/i18n/locales";

export { prefixOf } from "../shared/i18n/locales";

/** `chosen`: the request named its locale (a URL prefix, or an API call's Accept-Language): no preference overrides it. */
type Scope = { locale: AnyLocale; url: AnyLocale | null; chosen: boolean };
const scope = new AsyncLocalStorage<Scope>();
setLocaleSource(() => scope.getStore()?.locale ?? DEFAULT_LOCALE);


/** The locale a URL path names by its first segment, and the path without it; null for English paths. */
export function splitLocalePath(path: string, pseudo: boolean): { locale: AnyLocale; rest: string } | null {
  const end = path.indexOf("/", 1);
  const first = path.slice(1, end < 0 ? undefined : end);
  if (!(isLocale(first) && first !== DEFAULT_LOCALE) && !(pseudo && first === PSEUDO_LOCALE)) return null;
  return { locale: first as AnyLocale, rest: end < 0 ? "/" : path.slice(end) };
}

/** The best of our locales for an Accept-Language header (q-values honoured), or English. */
export function acceptedLocale(header: string | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header.split(",").map((part) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { lang: tag!.trim().toLowerCase().split("-")[0]!, q: q ? Number(q.slice(2)) : 1 };
  }).filter((w) => w.q > 0).sort((a, b) => b.q - a.q);
  return (wanted.find((w) => (LOCALES as readonly string[]).includes(w.lang))?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}

/**
 * Wraps the app's fetch: a /de/... request is handled as its English path inside a German
 * scope. `pseudo`: the development pseudo-locale's prefix is served too.
 */
export function localizedFetch<R>(fetch: (request: Request) => R, pseudo: boolean): (request: Request) => R {
  return (request) => {
    const start = request.url.indexOf("/", request.url.indexOf("//") + 2);
    const target = request.url.slice(start);
    const split = splitLocalePath(target, pseudo);
    if (split) {
      const inner = new Request(request.url.slice(0, start) + split.rest, request);
      return scope.run({ locale: split.locale, url: split.locale, chosen: true }, () => fetch(inner));
    }
    // An API answer speaks the caller's language, never the account's: the islands send
    // their page's, and a caller who names none gets English.
    const api = target.startsWith("/api/");
    const locale = api ? acceptedLocale(request.headers.get("accept-language")) : DEFAULT_LOCALE;
    return scope.run({ locale, url: null, chosen: api }, () => fetch(request));
  };
}

/** The locale the request's URL names (English without a prefix). */
export const urlLocale = (): AnyLocale => scope.getStore()?.url ?? DEFAULT_LOCALE;

/** Public pages speak their URL's language whoever is signed in; the cache key says which. */
export function speakUrlLocale(): AnyLocale {
  const s = scope.getStore();
  if (s) s.locale = s.url ?? DEFAULT_LOCALE;
  return urlLocale();
}

/**
 * A signed-in person's preference, for pages whose URL names no locale (staff console,
 * dashboard, account pages). `pseudo`: the development pseudo-locale may be preferred too.
 */
export function preferLocale(locale: string | null | undefined, pseudo = false): void {
  const s = scope.getStore();
  if (!s || s.chosen) return;
  if (isLocale(locale) || (pseudo && locale === PSEUDO_LOCALE)) s.locale = locale;
}

/** Runs `work` in a locale: mails and other work outside a request. */
export const inLocale = <R>(locale: AnyLocale, work: () => R): R => scope.run({ locale, url: locale, chosen: true }, work);

/** A stored locale (a person's, an invitation's, an alert's) as one T speaks; English for anything else. */
export const speakable = (locale: string | null | undefined): AnyLocale =>
  isLocale(locale) || locale === PSEUDO_LOCALE ? locale : DEFAULT_LOCALE;
