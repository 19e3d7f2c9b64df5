// Reading ICU MessageFormat catalogues: the parser (@formatjs/icu-messageformat-parser, the
// reference parser react-intl uses), each message's arguments, and the leaves of a catalogue.
// Used at build time by the compiler (src/render/catalogues.ts) and by the drift checks.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export type Catalogue = { readonly [key: string]: string | Catalogue };
export type ArgKind = "plain" | "select" | "number";

/** `<t:{n}:R>` and the like are text, not tags. */
export const parseMessage = (message: string): MessageFormatElement[] => parse(message, { ignoreTag: true, requiresOtherClause: true });

/** Every message of a catalogue with its dot path ('calendar.noRuns'). */
export function leaves(tree: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

/** The arguments a message uses, and how: a plural or number is a number, a select a choice. */
export function argsOf(ast: MessageFormatElement[], into = new Map<string, Set<ArgKind>>()): Map<string, Set<ArgKind>> {
  const add = (name: string, kind: ArgKind) => (into.get(name) ?? into.set(name, new Set()).get(name)!).add(kind);
  for (const el of ast) {
    if (el.type === TYPE.argument) add(el.value, "plain");
    else if (el.type === TYPE.number || el.type === TYPE.plural) add(el.value, "number");
    else if (el.type === TYPE.select) add(el.value, "select");
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) argsOf(o.value, into);
  }
  return into;
}

/** The plural categories each plural of a message gives (for the drift checks). */
export function pluralCases(ast: MessageFormatElement[], into: string[][] = []): string[][] {
  for (const el of ast) {
    if (el.type === TYPE.plural) into.push(Object.keys(el.options));
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) pluralCases(o.value, into);
  }
  return into;
}
