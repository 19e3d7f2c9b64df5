// The bundle built for a test, in a child process: the build's plugins (src/render/catalogueOnly.ts)
// run JavaScript on the thread that also loads modules, and a test's dynamic import() made while an
// in-process build ran stalled for minutes in the parallel suite.
import { join, resolve } from "node:path";
import { DIST_DIR, type Manifest } from "../render/bundle";
import { readManifest } from "../render/manifest";

const root = resolve(import.meta.dir, "../..");

/** Builds into `outDir` (dist/ by default) and answers its manifest. */
export async function buildInChild(outDir = DIST_DIR): Promise<Manifest> {
  const proc = Bun.spawn([process.execPath, join(root, "scripts/build.ts"), "--out", outDir, "--quiet"], { cwd: root, stdout: "inherit", stderr: "inherit" });
  const code = await proc.exited;
  const manifest = code === 0 ? readManifest(outDir) : null;
  if (!manifest) throw new Error(`the bundle build exited with ${code}`);
  return manifest;
}
