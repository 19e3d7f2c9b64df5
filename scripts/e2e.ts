// `bun run test:e2e`: builds the bundle once, then runs every scripts/e2e/*.e2e.ts spec
// in Chromium (one server per spec file). Screenshots land in e2e-artifacts/ (git-ignored).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, ROOT } from "./e2e/harness";
import { buildAssets } from "./build";

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`);
  process.exit(1);
}
await buildAssets();
const dir = join(ROOT, "scripts/e2e");
const filter = process.argv[2];
const specs = readdirSync(dir).filter((f) => f.endsWith(".e2e.ts") && (!filter || f.includes(filter))).sort().map((f) => `./scripts/e2e/${f}`);
const proc = Bun.spawn(["bun", "test", "--timeout", "60000", ...specs], { cwd: ROOT, stdout: "inherit", stderr: "inherit", env: process.env });
process.exit(await proc.exited);
