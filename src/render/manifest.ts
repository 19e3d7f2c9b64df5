import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_DIR, type LocaleAssets, type Manifest } from "./bundle";
import { DEFAULT_LOCALE, type AnyLocale } from "../shared/i18n/locales";
import { sourceFingerprint } from "./sourceFingerprint";

export type { Manifest };
export { DIST_DIR };

export function readManifest(distDir = DIST_DIR): Manifest | null {
  const file = join(distDir, "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** The built manifest if it was built from the code as it is now, else null (none, or an older build). */
export function currentManifest(distDir = DIST_DIR, root?: string): Manifest | null {
  const manifest = readManifest(distDir);
  return manifest?.sources === sourceFingerprint(root) ? manifest : null;
}

/** One locale's scripts (the islands are built per locale), English where a manifest has no such build. */
export const localeAssets = (manifest: Manifest, locale: AnyLocale): LocaleAssets => manifest.locales?.[locale] ?? manifest;

/** Script and preload tags a page needs for the islands it rendered (none without islands), in its locale. */
export function assetsFor(all: Manifest, islandNames: Iterable<string>, locale: AnyLocale = DEFAULT_LOCALE): { scripts: string[]; preloads: string[] } {
  const names = [...new Set(islandNames)];
  if (!names.length) return { scripts: [], preloads: [] };
  const manifest = localeAssets(all, locale);
  const preloads = new Set<string>(manifest.clientImports);
  for (const n of names) for (const f of manifest.islands[n] ?? []) preloads.add(f);
  return { scripts: [manifest.client], preloads: [...preloads] };
}
