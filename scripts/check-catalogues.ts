// `bun scripts/check-catalogues.ts [locale...]`: the drift checks (src/shared/i18n/drift.ts) for
// each locale's folder, file by file, so a locale still being written can be checked too.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { driftProblems, englishProblems } from "../src/shared/i18n/drift";
import { LOCALES } from "../src/shared/i18n/locales";
import { EN } from "../src/shared/text/en";

const dir = join(import.meta.dir, "../src/shared/text");
const areas = readdirSync(join(dir, "en")).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "ops.ts");
const locales = process.argv.slice(2).length ? process.argv.slice(2) : LOCALES.filter((l) => l !== "en");
const problems = englishProblems(EN);
for (const locale of locales) {
  const catalogue: Record<string, unknown> = {};
  const english: Record<string, unknown> = {};
  for (const area of areas) {
    const file = join(dir, locale, area);
    if (!existsSync(file)) {
      problems.push(`${locale}: no ${locale}/${area}`);
      continue;
    }
    Object.assign(catalogue, (await import(file)).default);
    Object.assign(english, ...Object.values(await import(join(dir, "en", area))));
  }
  const sameFile = join(dir, locale, "sameAsEnglish.ts");
  const same: readonly string[] = existsSync(sameFile) ? (await import(sameFile)).SAME_AS_ENGLISH : [];
  // Only the areas written so far: a locale still being translated can be checked too.
  problems.push(...driftProblems(english as never, catalogue as never, locale, same));
}
for (const p of problems) console.error(p);
console.log(problems.length ? `${problems.length} problems` : `The catalogues of ${locales.join(", ")} match English.`);
process.exit(problems.length ? 1 : 0);
