// The languages Runboard speaks. English is the default and lives at today's paths; every other
// locale has a URL prefix (/de/...). The pseudo-locale is for development only: accented, longer
// English that shows hard-coded text and layouts that break with long words (docs/decisions/38-languages.md).
export const LOCALES = ["en", "de", "fr", "es", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const PSEUDO_LOCALE = "en-XA";
/** A locale a catalogue exists for: the five, and the development pseudo-locale. */
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language named in itself, for the language switcher. */
export const LOCALE_NAMES: Record<AnyLocale, string> = {
  en: "English", de: "Deutsch", fr: "Français", es: "Español", ru: "Русский", "en-XA": "[Ƥşeŭđö]",
};

/**
 * A language choice per locale (account page, invitations): each named, and marked (`lang`) as
 * written, in itself; `pseudo` adds the development pseudo-locale.
 */
export function languageChoices(): LanguageChoice<Locale>[];
export function languageChoices(pseudo: boolean): LanguageChoice<AnyLocale>[];
export function languageChoices(pseudo = false): LanguageChoice<AnyLocale>[] {
  return ([...LOCALES, ...(pseudo ? [PSEUDO_LOCALE] : [])] as AnyLocale[]).map((value) => ({ value, label: LOCALE_NAMES[value], lang: value }));
}
type LanguageChoice<L extends AnyLocale> = { value: L; label: string; lang: string };

export const isLocale = (s: unknown): s is Locale => (LOCALES as readonly unknown[]).includes(s);

/**
 * Catalogue areas that stay English in every locale: operator log lines, the development mail
 * page, the API reference and the Discord posts (one channel, read by a mixed audience).
 */
export const ENGLISH_ONLY_AREAS = ["ops", "devMail", "apiDocs", "announce"] as const;

/** The URL prefix of a locale's public pages ('' for English, which keeps today's paths). */
export const prefixOf = (locale: AnyLocale) => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

/** Open Graph's language_TERRITORY for each locale. */
export const OG_LOCALES: Record<AnyLocale, string> = { en: "en_US", de: "de_DE", fr: "fr_FR", es: "es_ES", ru: "ru_RU", "en-XA": "en_US" };
