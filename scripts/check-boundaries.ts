// Fails when code imports across a boundary of the architecture (ARCHITECTURE.md "Rules that
// keep the rooms apart"). Type-only imports are fine everywhere (`scanImports` skips them), and
// tests are not checked. Each rule names the folder it governs, the folders its relative
// imports may reach, and the packages it may not use.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

type Rule = {
  /** Folder (from the repository root) whose files the rule checks. */
  dir: string;
  why: string;
  /** Relative imports must land in one of these folders... */
  allowedDirs?: string[];
  /** ...or, instead, must not land in any of these. */
  forbiddenDirs?: string[];
  /** Relative imports whose target (from the repository root, as written) matches are broken too. */
  forbiddenTargets?: RegExp[];
  /** Only the files (path from the repository root) that match; all files of `dir` when absent. */
  files?: RegExp;
  /** Files of `dir` the rule leaves to another rule. */
  skipFiles?: RegExp;
  forbiddenPackages: RegExp[];
};

// Server-side packages: databases, the HTTP server, identity, the runtime's I/O.
const SERVER = [/^drizzle-orm/, /^postgres$/, /^@electric-sql\/pglite/, /^elysia$/, /^@elysiajs\/(?!eden)/, /^openid-client/, /^oidc-provider/, /^node:/, /^bun$/, /^react-dom\/server/];
const REACT = [/^react($|\/|-dom)/, /^jotai/];

// A run kind's folder (src/kinds) has three parts: the shared descriptor (any layer may
// load it), the server part (drizzle; server code only) and the run panels' part (React,
// the panel's columns and forms; islands only).
const KIND_SERVER = /^src\/kinds\/(.+\/)?server[^/]*$/;
const KIND_PANEL = /^src\/kinds\/(.+\/)?(panel|forms|columns)(\.tsx?)?$/;

export const RULES: Rule[] = [
  {
    dir: "islands", why: "islands run in the browser: no db, api, http or server modules",
    allowedDirs: ["islands", "src/shared", "src/domain", "src/kinds"], forbiddenTargets: [KIND_SERVER], forbiddenPackages: SERVER,
  },
  {
    dir: "src/domain", why: "src/domain is pure: no I/O, no database, no React",
    allowedDirs: ["src/domain", "src/shared", "src/kinds"], forbiddenTargets: [KIND_SERVER, KIND_PANEL], forbiddenPackages: [...SERVER, ...REACT],
  },
  {
    dir: "src/shared", why: "src/shared is loaded by islands: no server modules",
    allowedDirs: ["src/shared", "src/domain", "src/kinds"], forbiddenTargets: [KIND_SERVER, KIND_PANEL], forbiddenPackages: SERVER,
  },
  {
    dir: "src/kinds", why: "a run kind's shared descriptor is loaded by every layer: no server modules, no React",
    skipFiles: new RegExp(`${KIND_SERVER.source}|${KIND_PANEL.source}`),
    allowedDirs: ["src/kinds", "src/shared", "src/domain"], forbiddenTargets: [KIND_SERVER, KIND_PANEL], forbiddenPackages: [...SERVER, ...REACT],
  },
  {
    dir: "src/kinds", why: "a run kind's panel part runs in the browser: no db, api, http or server modules",
    files: KIND_PANEL,
    allowedDirs: ["src/kinds", "src/shared", "src/domain", "islands"], forbiddenTargets: [KIND_SERVER], forbiddenPackages: SERVER,
  },
  {
    dir: "src/kinds", why: "a run kind's server part is below the pages and islands",
    files: KIND_SERVER,
    forbiddenDirs: ["islands", "src/pages"], forbiddenTargets: [KIND_PANEL], forbiddenPackages: [],
  },
  {
    dir: "db", why: "db is below the API: it never imports src/api or src/pages",
    forbiddenDirs: ["src/api", "src/pages"], forbiddenPackages: [],
  },
];

function sources(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
  return names.filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => join(dir, f));
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(dir + sep);

/** Every import in `root` that breaks a rule, as "file imports spec (why)". */
export function checkBoundaries(root: string, rules: Rule[] = RULES): string[] {
  const ts = new Bun.Transpiler({ loader: "ts" });
  const tsx = new Bun.Transpiler({ loader: "tsx" });
  const problems: string[] = [];
  for (const rule of rules) {
    const allowed = rule.allowedDirs?.map((d) => join(root, d));
    const forbidden = rule.forbiddenDirs?.map((d) => join(root, d)) ?? [];
    const fromRoot = (f: string) => relative(root, f).split(sep).join("/");
    for (const file of sources(join(root, rule.dir))) {
      if (rule.files && !rule.files.test(fromRoot(file).replace(/\.tsx?$/, ""))) continue;
      if (rule.skipFiles?.test(fromRoot(file).replace(/\.tsx?$/, ""))) continue;
      const transpiler = file.endsWith(".tsx") ? tsx : ts;
      for (const { path: spec } of transpiler.scanImports(readFileSync(file, "utf8"))) {
        let broken: boolean;
        if (spec.startsWith(".")) {
          const target = resolve(dirname(file), spec);
          broken = (allowed !== undefined && !allowed.some((d) => inside(target, d))) || forbidden.some((d) => inside(target, d))
            || (rule.forbiddenTargets ?? []).some((re) => re.test(fromRoot(target).replace(/\.tsx?$/, "")));
        } else {
          broken = rule.forbiddenPackages.some((re) => re.test(spec));
        }
        if (broken) problems.push(`${relative(root, file)} imports ${spec} (${rule.why})`);
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = checkBoundaries(resolve(import.meta.dir, ".."));
  if (problems.length) {
    console.error(`Import boundary violations:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Import boundaries OK");
}
