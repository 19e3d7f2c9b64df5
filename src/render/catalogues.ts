// Compiles the ICU catalogues (src/shared/text/<locale>/) into one TypeScript module per locale
// (src/shared/text/compiled/<locale>.ts): a string or a small function per message, exported one
// by one so the island bundles keep only the messages they use (the Paraglide approach, on the
// reference ICU parser; docs/decisions/38-languages.md). Written by every build and test run;
// `bun run typecheck` fails when one is stale. Messages a locale lacks fall back to English (the
// drift checks fail on them), and ENGLISH_ONLY_AREAS are English everywhere.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import { ENGLISH_ONLY_AREAS, PSEUDO_LOCALE, type AnyLocale } from "../shared/i18n/locales";
import { argsOf, leaves, parseMessage, type ArgKind, type Catalogue } from "../shared/i18n/messages";
import { SOURCES } from "../shared/text/sources";
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

/** A template literal body for an ICU message; `pound` is the innermost plural's number. */
function body(ast: MessageFormatElement[], pound: string | null): string {
  return ast.map((el) => {
    switch (el.type) {
      case TYPE.literal: return text(el.value);
      case TYPE.argument: return `\${a.${el.value}}`;
      case TYPE.pound: return pound ? `\${${pound}}` : "#";
      case TYPE.number: return `\${a.${el.value}}`;
      case TYPE.plural: {
        const n = el.offset ? `(a.${el.value} as number - ${el.offset})` : `a.${el.value}`;
        const cases = Object.entries(el.options).map(([k, o]) => `${JSON.stringify(k)}: () => \`${body(o.value, n)}\``).join(", ");
        return `\${plural(L, a.${el.value} as number, ${el.offset}, { ${cases} }${el.pluralType === "ordinal" ? ", true" : ""})}`;
      }
      case TYPE.select: {
        const cases = Object.entries(el.options).map(([k, o]) => `${JSON.stringify(k)}: () => \`${body(o.value, pound)}\``).join(", ");
        return `\${select(a.${el.value}, { ${cases} })}`;
      }
      default: throw new Error(`Unsupported ICU element (type ${el.type}): use a plain placeholder and format it in code`);
    }
  }).join("");
}

/** One message as the right side of its export: a string, or a function of named arguments. */
export function compileMessage(message: string, english: string): string {
  const args = argsOf(parseMessage(english));
  const ast = parseMessage(message);
  for (const name of argsOf(ast).keys()) if (!args.has(name)) throw new Error(`{${name}} is not an argument of the English message "${english}"`);
  if (!args.size) return `: string = \`${body(ast, null)}\``;
  const params = [...args].map(([name, kinds]) => `readonly ${name}: ${argType(kinds)}`).join("; ");
  return ` = (a: { ${params} }): string => \`${body(ast, null)}\``;
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

/** The compiled module of one locale. */
export function compileCatalogue(locale: AnyLocale): string {
  const own = translated(locale);
  const lines = [
    `// Generated by src/render/catalogues.ts from src/shared/text/${locale === PSEUDO_LOCALE ? "en (pseudo-locale)" : locale}/: do not edit.`,
    "// biome-ignore-all lint: generated",
    'import { plural, select } from "../../i18n/format";',
    "",
    `const L = ${JSON.stringify(locale)};`,
    "/** The language of these messages. */",
    "export const locale = () => L;",
  ];
  const tree = (node: Catalogue, path: string[]): string => {
    const entries = Object.entries(node).map(([k, v]) => {
      const p = [...path, k];
      if (typeof v === "string") {
        const key = p.join(".");
        const english = ENGLISH_ONLY_AREAS.includes(p[0] as never) ? v : (own.get(key) ?? v);
        try {
          lines.push(`export const ${exportName(p)}${compileMessage(english, v)};`);
        } catch (e) {
          throw new Error(`${locale}: ${key}: ${(e as Error).message}`);
        }
      } else tree(v, p);
      return `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${exportName(p)}`;
    });
    if (path.length) lines.push(`export const ${exportName(path)} = { ${entries.join(", ")} };`);
    return `{ ${entries.join(", ")} }`;
  };
  const root = tree(SOURCES.en, []);
  lines.push("", "/** Every message, by area: the shape of the English catalogue. */", `export const T = ${root};`, "");
  return lines.join("\n");
}

export const COMPILED_LOCALES: readonly AnyLocale[] = [...(Object.keys(SOURCES) as AnyLocale[]), PSEUDO_LOCALE];

export function catalogueStatus(root = ROOT): { file: string; current: boolean; source: string }[] {
  return COMPILED_LOCALES.map((locale) => {
    const file = join(root, COMPILED_DIR, `${locale}.ts`);
    const source = compileCatalogue(locale);
    return { file, source, current: existsSync(file) && readFileSync(file, "utf8") === source };
  });
}

export function writeCatalogues(root = ROOT): void {
  mkdirSync(join(root, COMPILED_DIR), { recursive: true });
  for (const { file, source, current } of catalogueStatus(root)) if (!current) writeFileSync(file, source);
}
