// What compiled messages call at run time (src/shared/text/compiled/): CLDR plural choice and
// select through Intl, nothing else. Kept tiny: every island bundle carries it.

/**
 * ICU plurals in one locale: an exact `=n` case first, else the locale's CLDR category, else
 * `other` (the compiler leaves out the cases that say what `other` says). Bound once per compiled
 * module (per bundle in the browser), so a message's call need not name its locale.
 */
export function pluralIn(locale: string) {
  const rules: Record<string, Intl.PluralRules> = {};
  return (n: number, cases: Record<string, string>, ordinal = false, offset = 0): string => {
    const type = ordinal ? "ordinal" : "cardinal";
    rules[type] ??= new Intl.PluralRules(locale, { type });
    return cases[`=${n}`] ?? cases[rules[type].select(n - offset)] ?? cases.other!;
  };
}

/** An ICU select: the case named by the value (`null`, `true` included), else `other`. */
export const select = (value: unknown, cases: Record<string, string>): string => cases[String(value)] ?? cases.other!;
