// Fails when an island module imports server code: islands may import only islands/,
// src/shared/, src/domain/ and browser packages (type-only imports of anything are fine).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const FORBIDDEN_PACKAGES = [/^drizzle-orm/, /^postgres$/, /^@electric-sql\/pglite/, /^elysia$/, /^@elysiajs\/jwt/, /^openid-client/, /^oidc-provider/, /^node:/, /^bun$/, /^react-dom\/server/];
const ALLOWED_DIRS = ["islands", "src/shared", "src/domain"].map((d) => join(root, d));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false }).map(String)
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

const transpiler = new Bun.Transpiler({ loader: "tsx" });
const problems: string[] = [];
for (const file of [...files(join(root, "islands")), ...files(join(root, "src/shared")), ...files(join(root, "src/domain"))]) {
  const source = readFileSync(file, "utf8");
  // scanImports skips `import type`, which is exactly what we allow.
  for (const imp of transpiler.scanImports(source)) {
    const spec = imp.path;
    if (spec.startsWith(".")) {
      const target = resolve(dirname(file), spec);
      if (!ALLOWED_DIRS.some((d) => target.startsWith(d))) problems.push(`${relative(root, file)} imports ${spec}`);
    } else if (FORBIDDEN_PACKAGES.some((re) => re.test(spec))) {
      problems.push(`${relative(root, file)} imports server package ${spec}`);
    }
  }
}
if (problems.length) {
  console.error(`Island boundary violations:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Island boundaries OK");
