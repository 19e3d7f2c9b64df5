// English plural choice for counted phrases in the catalogue ("1 offered run", "2 offered runs").
const rules = new Intl.PluralRules("en");

/** `n` followed by the singular or plural form, as English plural rules pick. */
export const counted = (n: number, one: string, other: string) => `${n} ${rules.select(n) === "one" ? one : other}`;
