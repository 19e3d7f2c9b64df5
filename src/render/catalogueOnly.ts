// The browser build's view of the catalogue. `src/shared/text.ts` becomes the page locale's
// compiled index, and each `T.area.key` read in a browser module becomes an import of a module
// holding that one message (a virtual `msg:` module, made here from the catalogue), so the bundler
// splits messages exactly as it splits code: a chunk carries only the messages its islands use,
// in one language (the bundles are built per locale; docs/decisions/38-languages.md).
import { basename, dirname, join, resolve } from "node:path";
import type { BunPlugin } from "bun";
import type { AnyLocale } from "../shared/i18n/locales";
import { COMPILED_DIR, englishAt, exportName, messageExport, translationsOf } from "./catalogues";
import { ROOT } from "./islandFolders";

const TEXT_MODULE = join(ROOT, "src/shared/text");
const FORMAT_MODULE = join(ROOT, "src/shared/i18n/format.ts");
const TEXT_IMPORT = /import \{([^}]*)\} from "([^"]*\/text)";/;
const USE = /\bT((?:\.[A-Za-z_$][\w$]*)+)/g;

/** The longest catalogue path a `.a.b.c` chain names (a message, or a subtree indexed further). */
function catalogPath(chain: string): string[] {
  const path: string[] = [];
  for (const key of chain.slice(1).split(".")) {
    const node = englishAt([...path, key]);
    if (node === undefined) break;
    path.push(key);
    if (typeof node === "string") break;
  }
  return path;
}

const specifier = (path: readonly string[]) => `msg:${path.map(encodeURIComponent).join("/")}`;

/**
 * A browser module's source with its `T.…` reads turned into imports of single messages;
 * `locale` is the build's, a constant in each module that asks (no chunk of its own for a one-line
 * module shared by every island), and `T`, where a module uses it whole, comes from the locale's index.
 */
export function messagesOnly(source: string, dir: string): string {
  const found = source.match(TEXT_IMPORT);
  if (!found) return source;
  const messages = new Map<string, string>();
  const body = source.replace(USE, (all, chain: string) => {
    const path = catalogPath(chain);
    if (!path.length) return all;
    const name = exportName(path);
    messages.set(name, specifier(path));
    return name + chain.split(".").slice(path.length + 1).map((k) => `.${k}`).join("");
  });
  const stillT = /\bT\b(?!:)/.test(body.replace(TEXT_IMPORT, ""));
  const named = found[1]!.split(",").map((s) => s.trim());
  const imports = [
    ...(named.includes("locale") ? [`const locale = () => ${JSON.stringify(basename(dir))};`] : []),
    ...(stillT && named.includes("T") ? [`import { T } from ${JSON.stringify(join(dir, "index.ts"))};`] : []),
    ...[...messages].map(([name, from]) => `import { ${name} } from ${JSON.stringify(from)};`),
  ];
  return body.replace(TEXT_IMPORT, imports.join("\n"));
}

/** The specifier of that module (no catalogue key starts with `~`). */
const FORMAT = "msg:~format";
/** The module the messages' modules take `plural` (bound to the bundle's locale) and `select` from. */
const formatModule = (locale: AnyLocale) =>
  `import { pluralIn } from ${JSON.stringify(FORMAT_MODULE)};\nexport { select } from ${JSON.stringify(FORMAT_MODULE)};\nexport const plural = pluralIn(${JSON.stringify(locale)});\n`;

/** The module of one message (or of a subtree, made of its messages' modules) in a locale. */
export function messageModule(locale: AnyLocale, path: readonly string[]): string {
  const node = englishAt(path);
  if (typeof node === "string") {
    return `import { plural, select } from "${FORMAT}";\n${messageExport(locale, path, node, translationsOf(locale))}\n`;
  }
  if (!node) throw new Error(`No message ${path.join(".")}`);
  const keys = Object.keys(node);
  return [
    ...keys.map((k) => `import { ${exportName([...path, k])} } from ${JSON.stringify(specifier([...path, k]))};`),
    `export const ${exportName(path)} = { ${keys.map((k) => `${JSON.stringify(k)}: ${exportName([...path, k])}`).join(", ")} };`,
  ].join("\n");
}

export function catalogueOnly(locale: AnyLocale): BunPlugin {
  const dir = join(ROOT, COMPILED_DIR, locale);
  return {
    name: "catalogue-only",
    setup(build) {
      build.onResolve({ filter: /(^|\/)text$/ }, (args) => (resolve(dirname(args.importer), args.path) === TEXT_MODULE ? { path: join(dir, "index.ts") } : undefined));
      build.onResolve({ filter: /^msg:/ }, (args) => ({ path: args.path.slice(4), namespace: "msg" }));
      build.onLoad({ filter: /.*/, namespace: "msg" }, (args) => ({ contents: args.path === FORMAT.slice(4) ? formatModule(locale) : messageModule(locale, args.path.split("/").map(decodeURIComponent)), loader: "ts" }));
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes("/node_modules/") || args.path.startsWith(join(ROOT, COMPILED_DIR))) return undefined;
        const source = await Bun.file(args.path).text();
        return { contents: messagesOnly(source, dir), loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
      });
    },
  };
}
