// `bun run build`: the island bundles, stylesheet and manifest (src/render/bundle.ts).
// `bun scripts/build.ts --out DIR --quiet` builds into DIR instead of dist/ (the tests' builds).
import { parseArgs } from "node:util";
import { buildAssets } from "../src/render/bundle";

export { buildAssets, type Manifest } from "../src/render/bundle";

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: "string" }, quiet: { type: "boolean" } } });
  await buildAssets({ outDir: values.out, quiet: values.quiet });
}
