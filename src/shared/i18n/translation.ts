// The shape a locale's catalogue file must have: every key of the English area, each message an
// ICU MessageFormat string, minus the areas that stay English (ENGLISH_ONLY_AREAS).
import type { ENGLISH_ONLY_AREAS } from "./locales";

type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** A translation of one English area module (e.g. `typeof siteText`). */
export type Translation<T> = Messages<Omit<T, (typeof ENGLISH_ONLY_AREAS)[number]>>;
