// Islands by convention: a folder `islands/<Name>/` holding `<Name>.tsx` (its default export is
// the component) is an island. Nothing else lists them: the client registry
// (islands/runtime/registry.ts) is generated from the folders by `writeIslandRegistry`, which
// every build runs, and `bun run typecheck` fails when the committed file is out of date.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
const REGISTRY = "islands/runtime/registry.ts";

/** Island names, sorted, found in `root`'s islands folder. */
export function islandNames(root = ROOT): string[] {
  return readdirSync(join(root, "islands"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, "islands", d.name, `${d.name}.tsx`)))
    .map((d) => d.name)
    .sort();
}

/** Island name -> its entry file, relative to the root. */
export function islandEntries(root = ROOT): Record<string, string> {
  return Object.fromEntries(islandNames(root).map((n) => [n, `islands/${n}/${n}.tsx`]));
}

/**
 * Plain enhancement scripts by name: each `islands/plain/<name>.ts` is one self-contained
 * module that enhances server-rendered HTML without React (a page that needs only a copy
 * button should not load React DOM). Pages ask for them by name.
 */
export function plainScripts(root = ROOT): Record<string, string> {
  const dir = join(root, "islands", "plain");
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir).filter((f) => /^\w+\.ts$/.test(f) && !f.endsWith(".test.ts")).sort()
      .map((f) => [f.slice(0, -3), `islands/plain/${f}`]),
  );
}

export function registrySource(names: string[]): string {
  return [
    "// Generated from the islands/ folders by src/render/islandFolders.ts on every build",
    "// (`bun run build`, `bun run dev`, the tests). Do not edit: add a folder islands/<Name>/",
    "// with <Name>.tsx instead. The client loads each island lazily (its own chunk); the server",
    "// imports the same modules for SSR (src/pages/island.tsx).",
    "export const registry = {",
    ...names.map((n) => `  ${n}: () => import("../${n}/${n}"),`),
    "};",
    "",
    "export type IslandName = keyof typeof registry;",
    'export type IslandProps<N extends IslandName> = React.ComponentProps<Awaited<ReturnType<(typeof registry)[N]>>["default"]>;',
    "",
  ].join("\n");
}

/** The generated registry as it should be, and whether the file on disk matches it. */
export function registryStatus(root = ROOT): { expected: string; current: boolean } {
  const expected = registrySource(islandNames(root));
  const file = join(root, REGISTRY);
  return { expected, current: existsSync(file) && readFileSync(file, "utf8") === expected };
}

/** Rewrites islands/runtime/registry.ts when the folders changed. */
export function writeIslandRegistry(root = ROOT): void {
  const { expected, current } = registryStatus(root);
  if (!current) writeFileSync(join(root, REGISTRY), expected);
}
