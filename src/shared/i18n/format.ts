// What compiled messages call at run time (src/shared/text/compiled/): CLDR plural choice and
// select through Intl, nothing else. Kept tiny: every island bundle carries it.
const rules = new Map<string, Intl.PluralRules>();

/** An ICU plural: an exact `=n` case first, else the locale's CLDR category, else `other`. */
export function plural(locale: string, n: number, offset: number, cases: Record<string, () => string>, ordinal?: boolean): string {
  const exact = cases[`=${n}`];
  if (exact) return exact();
  const key = ordinal ? `${locale}/o` : locale;
  let r = rules.get(key);
  if (!r) {
    r = new Intl.PluralRules(locale, { type: ordinal ? "ordinal" : "cardinal" });
    rules.set(key, r);
  }
  return (cases[r.select(n - offset)] ?? cases.other!)();
}

/** An ICU select: the case named by the value (`null`, `true` included), else `other`. */
export const select = (value: unknown, cases: Record<string, () => string>): string => (cases[String(value)] ?? cases.other!)();
