// `bun run build`: the island bundles, stylesheet and manifest (src/render/bundle.ts).
import { buildAssets } from "../src/render/bundle";

export { buildAssets, type Manifest } from "../src/render/bundle";

if (import.meta.main) await buildAssets();
