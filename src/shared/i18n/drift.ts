// The checks that keep the locales in step with English (bun run typecheck and
// src/shared/i18n/drift.test.ts): every key and no other, the same placeholders, valid ICU,
// the locale's CLDR plural forms, and no English left untranslated unless allow-listed.
import { ENGLISH_ONLY_AREAS } from "./locales";
import { argsOf, leaves, parseMessage, pluralCases, type Catalogue } from "./messages";

/** Plural categories a locale's plurals must give when they give more than `other`. */
const REQUIRED: Record<string, string[]> = { ru: ["one", "few", "many", "other"] };
const requiredCases = (locale: string) => REQUIRED[locale] ?? ["one", "other"];

const englishOnly = (path: string) => (ENGLISH_ONLY_AREAS as readonly string[]).includes(path.split(".")[0]!);
/** Text a reader would see untranslated: the message without its placeholders and punctuation. */
const words = (message: string) => message.replace(/\{[^{}]*\}/g, "").replace(/[^\p{L}]+/gu, "");

function safeParse(message: string) {
  try {
    return parseMessage(message);
  } catch (e) {
    return e as Error;
  }
}

export function driftProblems(en: Catalogue, other: Catalogue, locale: string, sameAsEnglish: readonly string[] = []): string[] {
  const problems: string[] = [];
  const source = new Map(leaves(en).filter(([p]) => !englishOnly(p)));
  const target = new Map(leaves(other));
  for (const path of source.keys()) if (!target.has(path)) problems.push(`${locale}: missing ${path}`);
  for (const [path, message] of target) {
    const english = source.get(path);
    if (english === undefined) {
      problems.push(`${locale}: ${path} is not an English key`);
      continue;
    }
    const ast = safeParse(message);
    if (ast instanceof Error) {
      problems.push(`${locale}: ${path} is not valid ICU (${ast.message})`);
      continue;
    }
    const want = [...argsOf(parseMessage(english)).keys()].sort().join(", ");
    const got = [...argsOf(ast).keys()].sort().join(", ");
    if (want !== got) problems.push(`${locale}: ${path} has placeholders {${got}}, English has {${want}}`);
    for (const cases of pluralCases(ast)) {
      const missing = cases.some((c) => !c.startsWith("=") && c !== "other") ? requiredCases(locale).filter((c) => !cases.includes(c)) : [];
      if (missing.length) problems.push(`${locale}: ${path} has a plural without ${missing.join(", ")}`);
    }
    if (message === english && words(message) && !sameAsEnglish.includes(path)) problems.push(`${locale}: ${path} is the English text`);
  }
  for (const path of sameAsEnglish) if (target.get(path) !== source.get(path)) problems.push(`${locale}: ${path} is allowed to equal English but does not`);
  return problems;
}

/** English itself: every message parses, and its arguments are ones the compiler can type. */
export function englishProblems(en: Catalogue): string[] {
  return leaves(en).flatMap(([path, message]) => {
    const ast = safeParse(message);
    return ast instanceof Error ? [`en: ${path} is not valid ICU (${ast.message})`] : [];
  });
}
