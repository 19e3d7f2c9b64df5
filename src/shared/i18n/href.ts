// Links between public pages stay in the page's language: `localHref('/runs/MOP-57')` is
// '/de/runs/MOP-57' on a German page. Staff, account and API paths have no locale prefix.
import { locale } from "../text";
import { prefixOf, type AnyLocale } from "./locales";

export const localHref = (path: string) => prefixOf(locale()) + path;

/** A public path (English, unprefixed) in a given locale: the language switcher's links. */
export const hrefIn = (target: AnyLocale, path: string) => prefixOf(target) + path;
