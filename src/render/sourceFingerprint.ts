// What a bundle was built from: a hash of every file the build reads (the islands, the code
// they import, the stylesheet, the dependencies' versions). The manifest keeps the hash of its
// build, so a production start after `git pull` can tell its dist/ is older than its code and
// rebuild, instead of serving pages whose islands an older bundle cannot hydrate.
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./islandFolders";

/** Folders whose files can reach a bundle, and files beside them that decide its dependencies. */
const SOURCE_DIRS = ["src", "islands"];
const SOURCE_FILES = ["package.json", "bun.lock"];
/** Tests never reach a bundle, and change more often than anything else. */
const isTest = (name: string) => /\.test\.tsx?$/.test(name);

export function sourceFingerprint(root = ROOT): string {
  const files = SOURCE_DIRS.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile() && !isTest(d.name))
      .map((d) => join(d.parentPath, d.name).slice(root.length + 1)),
  );
  files.sort();
  const hash = new Bun.CryptoHasher("sha256");
  for (const file of [...files, ...SOURCE_FILES]) {
    hash.update(file);
    hash.update("\0");
    // A deployment without a lock file still starts (its fingerprint just says the file is absent).
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "(absent)");
    hash.update("\0");
  }
  return hash.digest("base64url");
}
