import { afterEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { currentManifest } from "./manifest";
import { sourceFingerprint } from "./sourceFingerprint";

let root = "";
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with one island, one module and the dependency files; its dist/ built from it. */
function checkout(): { dist: string } {
  root = mkdtempSync(join(tmpdir(), "runboard-fingerprint-"));
  made.push(root);
  const put = (file: string, text: string) => {
    mkdirSync(join(root, file, ".."), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  put("src/shared/format.ts", "export const a = 1;\n");
  put("src/shared/format.test.ts", "test('a', () => {});\n");
  put("islands/Clock/Clock.tsx", "export default function Clock() { return null; }\n");
  put("package.json", '{"dependencies":{"react":"^19.0.0"}}');
  put("bun.lock", "{}");
  const dist = join(root, "dist");
  put("dist/manifest.json", JSON.stringify({ client: "/assets/entry.js", islands: {}, clientImports: [], css: "/assets/app.css", sources: sourceFingerprint(root) }));
  return { dist };
}

test("a production start uses dist/ only when it was built from the code as it is now", () => {
  const { dist } = checkout();
  expect(currentManifest(dist, root)?.client).toBe("/assets/entry.js");

  // A test file never reaches a bundle.
  writeFileSync(join(root, "src/shared/format.test.ts"), "test('b', () => {});\n");
  expect(currentManifest(dist, root)).not.toBeNull();

  // New code after a pull: the bundle is older than it.
  writeFileSync(join(root, "src/shared/format.ts"), "export const a = 2;\n");
  expect(currentManifest(dist, root)).toBeNull();
});

test("an island added, a dependency upgraded or the lock file gone makes dist/ out of date too", () => {
  const { dist } = checkout();
  mkdirSync(join(root, "islands/Timer"));
  writeFileSync(join(root, "islands/Timer/Timer.tsx"), "export default function Timer() { return null; }\n");
  expect(currentManifest(dist, root)).toBeNull();

  const again = checkout();
  writeFileSync(join(root, "bun.lock"), '{"react":"19.1.0"}');
  expect(currentManifest(again.dist, root)).toBeNull();

  // A deployment without the lock file starts (and builds) rather than failing.
  const third = checkout();
  rmSync(join(root, "bun.lock"));
  expect(currentManifest(third.dist, root)).toBeNull();
});

test("no dist/ at all, or a manifest from before builds recorded their sources, is not current", () => {
  const { dist } = checkout();
  writeFileSync(join(dist, "manifest.json"), JSON.stringify({ client: "/assets/entry.js", islands: {}, clientImports: [], css: "/assets/app.css" }));
  expect(currentManifest(dist, root)).toBeNull();
  rmSync(dist, { recursive: true });
  expect(currentManifest(dist, root)).toBeNull();
});
