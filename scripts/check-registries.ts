// Fails when a generated file is not what its sources say: islands/runtime/registry.ts
// (the islands/ folders), src/kinds/*.generated.ts (the kind folders) or the compiled
// catalogues src/shared/text/compiled/*.ts (the ICU catalogues), i.e. a source changed without
// a build. `bun run build` rewrites them.
import { registryStatus } from "../src/render/islandFolders";
import { kindRegistriesStatus } from "../src/render/kindRegistries";
import { catalogueStatus } from "../src/render/catalogues";

if (import.meta.main) {
  const stale = [
    ...(registryStatus().current ? [] : ["islands/runtime/registry.ts"]),
    ...kindRegistriesStatus().filter((r) => !r.current).map((r) => r.file),
    ...catalogueStatus().filter((r) => !r.current).map((r) => r.file),
  ];
  if (stale.length) {
    console.error(`Out of date with their folders: ${stale.join(", ")}. Run \`bun run build\` and commit them.`);
    process.exit(1);
  }
  console.log("The island and kind registries and the compiled catalogues match their sources.");
}
