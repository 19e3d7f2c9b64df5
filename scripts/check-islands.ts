// Fails when islands/runtime/registry.ts is not what the islands/ folders say (an island folder
// added or removed without a build). `bun run build` or any test run rewrites it.
import { registryStatus } from "../src/render/islandFolders";

if (import.meta.main) {
  if (!registryStatus().current) {
    console.error("islands/runtime/registry.ts is out of date with the islands/ folders: run `bun run build` and commit it.");
    process.exit(1);
  }
  console.log("Island registry matches the islands/ folders.");
}
