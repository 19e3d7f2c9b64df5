// The catalogue of each locale, as written (ICU strings), and what each may leave equal to English.
// A new locale adds its folder and one line to each map (docs/architecture.md, "Languages").
import { EN } from "./en";
import { DE } from "./de";
import { FR } from "./fr";
import { ES } from "./es";
import { RU } from "./ru";
import { SAME_AS_ENGLISH as DE_SAME } from "./de/sameAsEnglish";
import { SAME_AS_ENGLISH as FR_SAME } from "./fr/sameAsEnglish";
import { SAME_AS_ENGLISH as ES_SAME } from "./es/sameAsEnglish";
import { SAME_AS_ENGLISH as RU_SAME } from "./ru/sameAsEnglish";
import type { Locale } from "../i18n/locales";

export const SOURCES = { en: EN, de: DE, fr: FR, es: ES, ru: RU } satisfies Record<Locale, unknown>;
export const SAME_AS_ENGLISH: Record<Exclude<Locale, "en">, readonly string[]> = { de: DE_SAME, fr: FR_SAME, es: ES_SAME, ru: RU_SAME };
