// The locale of the work in hand. The browser bundle is built per locale and never asks; on the
// server the platform installs a source that reads the request's locale (src/http/locale.ts), so
// pages, API answers and mails built while handling it speak its language.
import { DEFAULT_LOCALE, type AnyLocale } from "./locales";

let source: () => AnyLocale = () => DEFAULT_LOCALE;

export const currentLocale = (): AnyLocale => source();

export function setLocaleSource(read: () => AnyLocale): void {
  source = read;
}
