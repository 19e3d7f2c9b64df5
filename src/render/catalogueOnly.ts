// The browser build's view of the catalogue: `src/shared/text.ts` becomes the page locale's
// compiled module, and each `T.area.key` in a browser module becomes an import of that one
// message, so an island bundle holds only the messages it uses, in one language (the bundles
// are built per locale; docs/decisions/38-languages.md).
import { dirname, join, resolve } from "node:path";
import type { BunPlugin } from "bun";
import type { AnyLocale } from "../shared/i18n/locales";
import { T as ENGLISH } from "../shared/text/compiled/en";
import { COMPILED_DIR, exportName } from "./catalogues";
import { ROOT } from "./islandFolders";

const TEXT_MODULE = join(ROOT, "src/shared/text");
const TEXT_IMPORT = /import \{([^}]*)\} from "([^"]*\/text)";/;
const USE = /\bT((?:\.[A-Za-z_$][\w$]*)+)/g;

/** The longest catalogue path a `.a.b.c` chain names (a message, or a subtree indexed further). */
function catalogPath(chain: string): string[] {
  const path: string[] = [];
  let node: unknown = ENGLISH;
  for (const key of chain.slice(1).split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) break;
    path.push(key);
    node = (node as Record<string, unknown>)[key];
    if (typeof node !== "object") break;
  }
  return path;
}

/** A browser module's source with its `T.…` reads turned into imports of single messages. */
export function messagesOnly(source: string, compiled: string): string {
  const found = source.match(TEXT_IMPORT);
  if (!found || !found[1]!.split(",").some((s) => s.trim() === "T")) return source;
  const names = new Set<string>();
  const body = source.replace(USE, (all, chain: string) => {
    const path = catalogPath(chain);
    if (!path.length) return all;
    const name = exportName(path);
    names.add(name);
    return name + chain.split(".").slice(path.length + 1).map((k) => `.${k}`).join("");
  });
  const stillT = /\bT\b(?!:)/.test(body.replace(TEXT_IMPORT, ""));
  const others = found[1]!.split(",").map((s) => s.trim()).filter((s) => s && (s !== "T" || stillT));
  const imports = [...others, ...names].join(", ");
  return body.replace(TEXT_IMPORT, `import { ${imports} } from ${JSON.stringify(compiled)};`);
}

export function catalogueOnly(locale: AnyLocale): BunPlugin {
  const compiled = join(ROOT, COMPILED_DIR, `${locale}.ts`);
  return {
    name: "catalogue-only",
    setup(build) {
      build.onResolve({ filter: /(^|\/)text$/ }, (args) => (resolve(dirname(args.importer), args.path) === TEXT_MODULE ? { path: compiled } : undefined));
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes("/node_modules/") || args.path.startsWith(join(ROOT, COMPILED_DIR))) return undefined;
        const source = await Bun.file(args.path).text();
        return { contents: messagesOnly(source, compiled), loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
      });
    },
  };
}
