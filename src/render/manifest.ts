import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_DIR, type Manifest } from "./bundle";

export type { Manifest };
export { DIST_DIR };

export function readManifest(distDir = DIST_DIR): Manifest | null {
  const file = join(distDir, "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** Script and preload tags a page needs for the islands it rendered (none without islands). */
export function assetsFor(manifest: Manifest, islandNames: Iterable<string>): { scripts: string[]; preloads: string[] } {
  const names = [...new Set(islandNames)];
  if (!names.length) return { scripts: [], preloads: [] };
  const preloads = new Set<string>(manifest.clientImports);
  for (const n of names) for (const f of manifest.islands[n] ?? []) preloads.add(f);
  return { scripts: [manifest.client], preloads: [...preloads] };
}
