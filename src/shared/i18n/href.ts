// Links between public pages stay in the page's language: `localHref('/runs/MOP-57')` is
// '/de/runs/MOP-57' on a German page. Staff, account and API paths have no locale prefix.
import { locale } from "../text";
import { prefixOf } from "./locales";

export const localHref = (path: string) => prefixOf(locale()) + path;
