// Compiles the ICU catalogues (src/shared/text/<locale>/) into TypeScript modules per locale and area
// (src/shared/text/compiled/<locale>/<area>.ts): a string or a small function per message, exported
// one by one so the island bundles keep only the messages they use (the Paraglide approach, on the
// reference ICU parser; docs/decisions/38-languages.md). Written by every build and test run;
// `bun run typecheck` fails when one is stale. Messages a locale lacks fall back to English (the
// drift checks fail on them), and ENGLISH_ONLY_AREAS are English everywhere.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import { ENGLISH_ONLY_AREAS, PSEUDO_LOCALE, type AnyLocale } from "../shared/i18n/locales";
import { argsOf, leaves, parseMessage, type ArgKind, type Catalogue } from "../shared/i18n/messages";
import { SOURCES } from "../shared/text/sources";
import { CARRIED, type Portable } from "../shared/i18n/carried";
import { ROOT } from "./islandFolders";

export const COMPILED_DIR = "src/shared/text/compiled";

/** The exported name of a message or subtree: its path, made an identifier. */
export const exportName = (path: readonly string[]) =>
  `m_${path.map((s) => s.replace(/[^A-Za-z0-9]/g, (c) => `$${c.charCodeAt(0).toString(16)}$`)).join("__")}`;

const argType = (kinds: Set<ArgKind>) =>
  kinds.has("number") ? (kinds.has("select") ? "number | null" : "number")
  : kinds.has("select") ? (kinds.has("plain") ? "string | null" : "string | number | boolean | null")
  : "string | number";

const text = (s: string) => s.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, "\\${");

type Options = Record<string, { value: MessageFormatElement[] }>;

/** A plural's or select's cases as `text` writes them; a case that says what `other` says is left to the `other` fallback. */
function distinctCases(options: Options, text: (ast: MessageFormatElement[]) => string): [string, string][] {
  const all = Object.entries(options).map(([k, o]) => [k, text(o.value)] as [string, string]);
  const other = all.find(([k]) => k === "other")?.[1];
  return all.filter(([k, t]) => k === "other" || t !== other);
}

/** The cases of a compiled plural or select, as an object literal's entries. */
const cases = (options: Options, pound: string | null): string =>
  distinctCases(options, (ast) => body(ast, pound)).map(([k, t]) => `${/^[a-z]+$/.test(k) ? k : JSON.stringify(k)}: \`${t}\``).join(", ");

/**
 * A template literal body for an ICU message; `pound` is the innermost plural's number. The cases
 * are plain strings (all of them built, the chosen one returned): shorter in the bundles than a
 * function per case, and a message's branches are only text.
 */
function body(ast: MessageFormatElement[], pound: string | null): string {
  return ast.map((el) => {
    switch (el.type) {
      case TYPE.literal: return text(el.value);
      case TYPE.argument: return `\${a.${el.value}}`;
      case TYPE.pound: return pound ? `\${${pound}}` : "#";
      case TYPE.number: return `\${a.${el.value}}`;
      case TYPE.plural: {
        const n = el.offset ? `(a.${el.value} as number - ${el.offset})` : `a.${el.value}`;
        const tail = el.offset ? `, ${el.pluralType === "ordinal"}, ${el.offset}` : el.pluralType === "ordinal" ? ", true" : "";
        return `\${plural(a.${el.value} as number, { ${cases(el.options, n)} }${tail})}`;
      }
      case TYPE.select: return `\${select(a.${el.value}, { ${cases(el.options, pound)} })}`;
      default: throw new Error(`Unsupported ICU element (type ${el.type}): use a plain placeholder and format it in code`);
    }
  }).join("");
}

/** A message's expression: a call alone (one plural or select) needs no template literal around it. */
function expression(ast: MessageFormatElement[]): string {
  const only = ast.length === 1 && (ast[0]!.type === TYPE.plural || ast[0]!.type === TYPE.select);
  const b = body(ast, null);
  return only ? b.slice(2, -1) : `\`${b}\``;
}

/** One message as the right side of its export: a string, or a function of named arguments. */
export function compileMessage(message: string, english: string): string {
  const args = argsOf(parseMessage(english));
  const ast = parseMessage(message);
  for (const name of argsOf(ast).keys()) if (!args.has(name)) throw new Error(`{${name}} is not an argument of the English message "${english}"`);
  if (!args.size) return `: string = \`${body(ast, null)}\``;
  const params = [...args].map(([name, kinds]) => `readonly ${name}: ${argType(kinds)}`).join("; ");
  return ` = (a: { ${params} }): string => ${expression(ast)}`;
}

/** A carried message's text: literals with `{name}` holes (`#` names the plural's argument). */
function template(ast: MessageFormatElement[], pound: string | null, key: string): string {
  return ast.map((el) => {
    if (el.type === TYPE.literal) {
      if (/[{}]/.test(el.value)) throw new Error(`${key}: a carried message cannot hold a literal brace`);
      return el.value;
    }
    if (el.type === TYPE.argument || el.type === TYPE.number) return `{${el.value}}`;
    if (el.type === TYPE.pound && pound) return `{${pound}}`;
    throw new Error(`${key}: a carried message is a template or one plural over templates (src/shared/i18n/carried.ts)`);
  }).join("");
}

/**
 * A message with placeholders as data (src/shared/i18n/carried.ts); a plain string stays a
 * string. Which it is follows English, as the island's calls do.
 */
export function carriedForm(message: string, english: string, key: string): Portable | string {
  const ast = parseMessage(message);
  const only = ast.length === 1 ? ast[0]! : null;
  if (only?.type === TYPE.plural && !only.offset && only.pluralType !== "ordinal") {
    return [only.value, Object.fromEntries(distinctCases(only.options, (ast) => template(ast, only.value, key)))];
  }
  const t = template(ast, null, key);
  return argsOf(parseMessage(english)).size ? [t] : t;
}

/** The CARRIED messages of a locale, in the catalogue's tree, as the module the server picks them from. */
function carriedModule(locale: AnyLocale, own: Map<string, string>): string[] {
  const form = (path: string[], node: string | Catalogue): unknown => typeof node === "string"
    ? carriedForm(own.get(path.join(".")) ?? node, node, `${locale}: ${path.join(".")}`)
    : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, form([...path, k], v)]));
  const tree = Object.fromEntries(Object.entries(CARRIED).map(([area, keys]) =>
    [area, Object.fromEntries(keys.map((k) => [k, form([area, k], englishAt([area, k])!)]))]));
  return ["/** Messages that travel to islands as data, by area (src/shared/i18n/carried.ts). */",
    `export const carried = ${JSON.stringify(tree, null, 2)};`];
}

// The pseudo-locale: every letter accented and every vowel doubled (about 35 % longer), so
// hard-coded English and layouts that cannot take longer words show at once.
const ACCENTS: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [c, [..."áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"][i]!]),
);
const pseudoText = (s: string) => s.replace(/[A-Za-z]/g, (c) => (/[aeiouAEIOU]/.test(c) ? ACCENTS[c]!.repeat(2) : ACCENTS[c]!));
function pseudoAst(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: pseudoText(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: pseudoAst(o.value) }])) } as typeof el;
    }
    return el;
  });
}
export const pseudoMessage = (english: string) => printAST(pseudoAst(parseMessage(english)));

function translated(locale: AnyLocale): Map<string, string> {
  if (locale === PSEUDO_LOCALE) return new Map(leaves(SOURCES.en).map(([p, m]) => [p, pseudoMessage(m)]));
  return new Map(leaves(SOURCES[locale] as Catalogue));
}

/** The `export const ...` of one message in a locale (English where it lacks one, or for English-only areas). */
export function messageExport(locale: AnyLocale, path: readonly string[], english: string, own = translated(locale)): string {
  const key = path.join(".");
  const message = ENGLISH_ONLY_AREAS.includes(path[0] as never) ? english : (own.get(key) ?? english);
  try {
    return `export const ${exportName(path)}${compileMessage(message, english)};`;
  } catch (e) {
    throw new Error(`${locale}: ${key}: ${(e as Error).message}`);
  }
}

/** The English catalogue's node at a path: a message, a subtree, or undefined. */
export const englishAt = (path: readonly string[]): string | Catalogue | undefined =>
  path.reduce<string | Catalogue | undefined>((node, key) => (node && typeof node === "object" ? node[key] : undefined), SOURCES.en as Catalogue);

const translations = new Map<AnyLocale, Map<string, string>>();
/** A locale's messages as written, read once per process. */
export const translationsOf = (locale: AnyLocale) => translations.get(locale) ?? translations.set(locale, translated(locale)).get(locale)!;

/**
 * The compiled modules of one locale, by file name: one per top-level area (`calendar.ts`, ...),
 * so a bundle chunk holds only the areas its islands use, `locale.ts`, and `index.ts` with the whole tree.
 */
export function compileCatalogue(locale: AnyLocale): Record<string, string> {
  const own = translated(locale);
  const header = (lines: string[]) => [
    `// Generated by src/render/catalogues.ts from src/shared/text/${locale === PSEUDO_LOCALE ? "en (pseudo-locale)" : locale}/: do not edit.`,
    "// biome-ignore-all lint: generated",
    ...lines,
  ];
  const files: Record<string, string> = {};
  const areas = Object.entries(SOURCES.en as Catalogue);
  for (const [area, subtree] of areas) {
    const lines = header(['import { pluralIn, select } from "../../../i18n/format";', "", `const plural = pluralIn(${JSON.stringify(locale)});`]);
    const tree = (node: Catalogue, path: string[]): void => {
      const entries = Object.entries(node).map(([k, v]) => {
        const p = [...path, k];
        if (typeof v === "string") lines.push(messageExport(locale, p, v, own));
        else tree(v, p);
        return `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${exportName(p)}`;
      });
      lines.push(`export const ${exportName(path)} = { ${entries.join(", ")} };`);
    };
    if (typeof subtree === "string") throw new Error(`The catalogue's top level holds areas, not messages: ${area}`);
    tree(subtree, [area]);
    files[`${area}.ts`] = `${lines.join("\n")}\n`;
  }
  files["carried.ts"] = `${header(carriedModule(locale, own)).join("\n")}\n`;
  files["locale.ts"] = `${header([`const L = ${JSON.stringify(locale)};`, "/** The language of these messages. */", "export const locale = () => L;"]).join("\n")}\n`;
  files["index.ts"] = `${header([
    ...areas.map(([area]) => `import { ${exportName([area])} } from "./${area}";`),
    "",
    'export { locale } from "./locale";',
    "/** Every message, by area: the shape of the English catalogue. */",
    `export const T = { ${areas.map(([area]) => `${area}: ${exportName([area])}`).join(", ")} };`,
  ]).join("\n")}\n`;
  return files;
}

export const COMPILED_LOCALES: readonly AnyLocale[] = [...(Object.keys(SOURCES) as AnyLocale[]), PSEUDO_LOCALE];

export function catalogueStatus(root = ROOT): { file: string; current: boolean; source: string }[] {
  const dir = join(root, COMPILED_DIR);
  const wanted = COMPILED_LOCALES.flatMap((locale) =>
    Object.entries(compileCatalogue(locale)).map(([name, source]) => {
      const file = join(dir, locale, name);
      return { file, source, current: existsSync(file) && readFileSync(file, "utf8") === source };
    }));
  // A file no area makes any more (a removed area or locale) is stale too.
  const names = new Set(wanted.map((w) => w.file));
  const extra = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).filter((f) => !names.has(f))
    : [];
  return [...wanted, ...extra.map((file) => ({ file, source: "", current: false }))];
}

export function writeCatalogues(root = ROOT): void {
  for (const { file, source, current } of catalogueStatus(root)) {
    if (current) continue;
    if (!source) rmSync(file);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, source);
    }
  }
}
