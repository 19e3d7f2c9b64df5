// Builds the island bundles (one client entry, one chunk per island, shared chunks) and
// the stylesheet into dist/assets with content hashes, plus dist/manifest.json that tells
// pages which files each island needs. The islands are the folders of islands/
// (src/render/islandFolders.ts); the build first brings the generated registry up to date.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ROOT, islandEntries, plainScripts, writeIslandRegistry } from "./islandFolders";
import { writeKindRegistries } from "./kindRegistries";
import { COMPILED_LOCALES, writeCatalogues } from "./catalogues";
import { catalogueOnly } from "./catalogueOnly";
import { sourceFingerprint } from "./sourceFingerprint";
import type { AnyLocale } from "../shared/i18n/locales";

/** One locale's scripts: the island bundles are built once per locale (docs/decisions/38-languages.md). */
export type LocaleAssets = {
  client: string;
  /** Island name -> every file it needs besides the client entry (its own chunk and the chunks it imports). */
  islands: Record<string, string[]>;
  /** Files the client entry imports statically. */
  clientImports: string[];
  /** Plain enhancement script name -> its file (one self-contained module each). */
  plain?: Record<string, string>;
};

/** English at the top level; every locale's scripts under `locales`. */
export type Manifest = LocaleAssets & {
  css: string;
  locales?: Partial<Record<AnyLocale, LocaleAssets>>;
  /** The embed loader other sites load (a classic script; /embed.js is its stable alias). */
  embedLoader?: string;
  /** What it was built from (src/render/sourceFingerprint.ts). */
  sources?: string;
};

/** The plain script built for other sites' pages rather than ours (docs/decisions/35-embeds.md). */
export const EMBED_LOADER = "embedLoader";

const root = ROOT;
/** Where builds go by default: dist/assets and dist/manifest.json. */
export const DIST_DIR = join(root, "dist");

export async function buildAssets(opts: { outDir?: string; quiet?: boolean } = {}): Promise<Manifest> {
  const outDir = opts.outDir ?? DIST_DIR;
  // Built aside, then moved in file by file: a server of a parallel test worker that listed
  // dist/assets never finds a file gone (a same-source build has the same hashed names).
  const assetsDir = join(outDir, `.build-${process.pid}-${Date.now()}`);
  mkdirSync(assetsDir, { recursive: true });
  writeIslandRegistry(root);
  writeKindRegistries(root);
  writeCatalogues(root);
  // Taken before the bundles are: a file changed during the build makes the next start rebuild.
  const sources = sourceFingerprint(root);
  const islands = islandEntries(root);
  const css = await Bun.build({
    entrypoints: [join(root, "src/render/styles.css")],
    outdir: assetsDir,
    minify: true,
    naming: { entry: "app-[hash].[ext]" },
  });
  if (!css.success) throw new AggregateError(css.logs, "CSS build failed");
  const { [EMBED_LOADER]: loaderEntry, ...plainEntries } = plainScripts(root);
  // A classic script for any site's page: an IIFE, so nothing it names lands in the page's globals.
  const loader = loaderEntry
    ? await Bun.build({ entrypoints: [join(root, loaderEntry)], outdir: assetsDir, target: "browser", format: "iife", minify: true, naming: { entry: "[name]-[hash].[ext]" } })
    : null;
  if (loader && !loader.success) throw new AggregateError(loader.logs, "Embed loader build failed");
  // One after another: locales share most chunks (React, the kit), written under the same names.
  const locales: Partial<Record<AnyLocale, LocaleAssets>> = {};
  let total = 0;
  for (const locale of COMPILED_LOCALES) {
    const built = await buildLocale(locale, islands, plainEntries, assetsDir);
    locales[locale] = built.assets;
    total += built.bytes;
  }
  const manifest: Manifest = {
    ...locales.en!,
    css: url(relative(assetsDir, css.outputs[0]!.path)),
    locales,
    ...(loader ? { embedLoader: url(relative(assetsDir, loader.outputs[0]!.path)) } : {}),
    sources,
  };
  const finalDir = join(outDir, "assets");
  mkdirSync(finalDir, { recursive: true });
  const built = new Set(readdirSync(assetsDir));
  for (const f of built) renameSync(join(assetsDir, f), join(finalDir, f));
  rmSync(assetsDir, { recursive: true, force: true });
  // Written aside and renamed: a server starting meanwhile (parallel test workers) reads the
  // old manifest or the new one, never half a file.
  const part = join(outDir, `manifest.json.${process.pid}`);
  writeFileSync(part, JSON.stringify(manifest, null, 2));
  renameSync(part, join(outDir, "manifest.json"));
  // Files of earlier builds go once the new manifest names only these.
  for (const f of readdirSync(finalDir)) if (!built.has(f)) rmSync(join(finalDir, f), { force: true });
  if (!opts.quiet) {
    console.log(`Built the islands in ${COMPILED_LOCALES.length} locales (${(total / 1024).toFixed(1)} KiB) and ${manifest.css}`);
  }
  return manifest;
}


const url = (p: string) => `/assets/${p.replace(/^\.\//, "")}`;

/** The client entry, island chunks and plain scripts of one locale, with only its messages. */
async function buildLocale(locale: AnyLocale, islands: Record<string, string>, plainEntries: Record<string, string>, assetsDir: string) {
  const clientEntry = "islands/runtime/entry.ts";
  const result = await Bun.build({
    root,
    // Only the client entry: the islands are reached through its registry's import(), each a
    // chunk of its own. As entry points of their own, React and ReactDOM's index (which every
    // page loads with the entry anyway) would be split into extra shared chunks: about 260 B
    // gzip more on each page (docs/decisions/29-live-pages.md).
    entrypoints: [join(root, clientEntry)],
    outdir: assetsDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    sourcemap: "none",
    metafile: true,
    // Pages already emit <link rel=modulepreload> for each island's chunks (manifest); Bun's own
    // preload map for dynamic imports only adds bytes to the client entry.
    modulePreload: false,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    // Without this React's development build ships (about twice the size).
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [catalogueOnly(locale)],
  });
  if (!result.success) throw new AggregateError(result.logs, `Island build failed (${locale})`);
  const plain = await Bun.build({
    root,
    entrypoints: Object.values(plainEntries).map((p) => join(root, p)),
    outdir: assetsDir,
    target: "browser",
    format: "esm",
    minify: true,
    naming: { entry: "[name]-[hash].[ext]" },
    plugins: [catalogueOnly(locale)],
  });
  if (!plain.success) throw new AggregateError(plain.logs, `Plain script build failed (${locale})`);
  const plainFile = (entry: string) => plain.outputs.find((o) => o.kind === "entry-point" && o.path.includes(`/${entry.split("/").pop()!.replace(/\.ts$/, "")}-`))!;

  const outputs = result.metafile!.outputs as Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
  const byEntry = new Map<string, string>();
  for (const [file, meta] of Object.entries(outputs)) if (meta.entryPoint) byEntry.set(resolve(root, meta.entryPoint), file);
  const staticClosure = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const deps = (outputs[file]?.imports ?? []).filter((i) => i.kind === "import-statement");
    return [file, ...deps.flatMap((d) => staticClosure(`./${d.path.replace(/^\.\//, "")}`, seen))];
  };
  const clientFile = byEntry.get(join(root, clientEntry))!;
  const assets: LocaleAssets = {
    client: url(clientFile),
    clientImports: staticClosure(clientFile).slice(1).map(url),
    // The islands import React from the client entry, which every island page loads already.
    islands: Object.fromEntries(Object.entries(islands).map(([name, entry]) => [name, staticClosure(byEntry.get(join(root, entry))!).filter((f) => f !== clientFile).map(url)])),
    plain: Object.fromEntries(Object.entries(plainEntries).map(([name, entry]) => [name, url(relative(assetsDir, plainFile(entry).path))])),
  };
  return { assets, bytes: result.outputs.reduce((n, o) => n + o.size, 0) }; // before the move: an output reads its file
}
