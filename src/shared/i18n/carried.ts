// Messages with placeholders as data, so an island gets them in its props (the page's HTML)
// rather than as code in its bundle: the calendar pages' JavaScript budget (docs/decisions/
// 38-languages.md, "Calendar JavaScript"). The compiler writes each locale's carried forms
// (src/render/catalogues.ts), the server picks them (./carry.ts), and `spoken` turns them back
// into the functions T holds, by the same plural rules.

/** Which messages travel as data, by area: the calendar islands'. */
export const CARRIED = {
  calendar: ["runsShown", "contactAbout", "tabRuns", "filtersActive", "when", "availability"],
} as const;

/** A template with `{name}` holes, or one plural over an argument: its cases, `other` the fallback. */
export type Portable = readonly [template: string] | readonly [arg: string, cases: Readonly<Record<string, string>>];

declare const ARGS: unique symbol;
/** T's messages as they travel: a plain string as it is, a message with placeholders as a Portable. */
export type Carried<M> = M extends string ? string
  : M extends (a: infer A) => string ? Portable & { readonly [ARGS]?: A }
  : { readonly [K in keyof M]: Carried<M[K]> };

const fill = (template: string, a: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(a[k]));

/** The messages back as T has them, in `locale` (whose CLDR rules pick a plural's case). */
export function spoken<M>(carried: Carried<M>, locale: string): M {
  let rules: Intl.PluralRules;
  const speak = (node: unknown): unknown => {
    if (typeof node === "string") return node;
    if (Array.isArray(node)) {
      const [first, cases] = node as [string, Record<string, string>?];
      return (a: Record<string, number>) => {
        if (!cases) return fill(first, a);
        const n = a[first]!;
        // format.ts's pluralIn rule (exact case, CLDR category, other), inline: importing it put
        // format.ts in a chunk of its own on the calendar pages, ~170 B over their budget.
        rules ??= new Intl.PluralRules(locale);
        return fill(cases[`=${n}`] ?? cases[rules.select(n)] ?? cases.other!, a);
      };
    }
    return Object.fromEntries(Object.entries(node as object).map(([k, v]) => [k, speak(v)]));
  };
  return speak(carried) as M;
}
