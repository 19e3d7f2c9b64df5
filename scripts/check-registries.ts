// Fails when a generated registry is not what the folders say: islands/runtime/registry.ts
// (the islands/ folders) or src/kinds/*.generated.ts (the kind folders), i.e. a folder was
// added or removed without a build. `bun run build` or any test run rewrites them.
import { registryStatus } from "../src/render/islandFolders";
import { kindRegistriesStatus } from "../src/render/kindRegistries";

if (import.meta.main) {
  const stale = [
    ...(registryStatus().current ? [] : ["islands/runtime/registry.ts"]),
    ...kindRegistriesStatus().filter((r) => !r.current).map((r) => r.file),
  ];
  if (stale.length) {
    console.error(`Out of date with their folders: ${stale.join(", ")}. Run \`bun run build\` and commit them.`);
    process.exit(1);
  }
  console.log("The island and kind registries match their folders.");
}
