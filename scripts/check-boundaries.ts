// The rooms of the code base and the one direction imports run between them
// (docs/architecture.md, "Rooms and their order"). Every source file outside tests and scripts belongs to one
// room; a file may import its own room and the rooms its room lists, type imports included.
// The check fails on an import into a room not listed, on any cycle of files and on any cycle
// of rooms, and allows one exception: the typed API client's `import type { App }`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export type Room = {
  name: string;
  /** Files (paths from the repository root, "/"-separated) that belong to the room. */
  files: RegExp;
  /** The other rooms its files may import. */
  imports: string[];
  /** Packages its files may not import. */
  forbiddenPackages?: RegExp[];
};

// Server-side packages: databases, the HTTP server, identity, the runtime's I/O.
const SERVER = [/^drizzle-orm/, /^postgres$/, /^@electric-sql\/pglite/, /^elysia$/, /^@elysiajs\/(?!eden)/, /^openid-client/, /^oidc-provider/, /^node:/, /^bun$/, /^react-dom\/server/, /^nodemailer/];
const REACT = [/^react($|\/|-dom)/, /^jotai/, /^@tanstack/, /^@dnd-kit/, /^react-day-picker/];
// A run kind's folder holds three rooms' files: its UI (columns, form), its server part and,
// everything else, its contract; the registries beside the folders follow the same names.
const KIND_UI = String.raw`src/kinds/(\w+/)?(columns|forms?)\w*(\.generated)?\.tsx?`;
const KIND_SERVER = String.raw`src/kinds/(\w+/)?server\w*(\.generated)?\.ts`;

/** The rooms from the bottom up; a file belongs to the first room whose pattern it matches. */
export const ROOMS: Room[] = [
  { name: "core", files: /^src\/(shared|domain)\//, imports: [], forbiddenPackages: [...SERVER, ...REACT] },
  { name: "kind contract", files: new RegExp(`^(?!${KIND_UI}$|${KIND_SERVER}$)src/kinds/`), imports: ["core"], forbiddenPackages: [...SERVER, ...REACT] },
  { name: "db", files: /^db\//, imports: ["core", "kind contract"] },
  { name: "platform", files: /^src\/(http|ops|render|config)\//, imports: ["core", "kind contract", "db"] },
  { name: "ui kit", files: /^islands\/(components|runtime|plain)\/(?!registry\.ts$|entry\.ts$)/, imports: ["core", "kind contract"], forbiddenPackages: SERVER },
  { name: "kind ui", files: new RegExp(`^${KIND_UI}$`), imports: ["core", "kind contract", "ui kit"], forbiddenPackages: SERVER },
  { name: "islands", files: /^islands\/[A-Z]\w*\//, imports: ["core", "kind contract", "ui kit", "kind ui"], forbiddenPackages: SERVER },
  { name: "island registry", files: /^islands\/runtime\/(registry|entry)\.ts$/, imports: ["ui kit", "kind ui", "islands"], forbiddenPackages: SERVER },
  {
    name: "services", files: new RegExp(String.raw`^src\/(accounts|readModel|announce|mail)\/|^src\/api\/.*(?<!routes|Routes)\.tsx?$|${KIND_SERVER}$`),
    imports: ["core", "kind contract", "db", "platform"],
  },
  {
    name: "web", files: /^src\/(api|pages|public)\//,
    imports: ["core", "kind contract", "db", "platform", "ui kit", "kind ui", "islands", "island registry", "services"],
  },
  { name: "app root", files: /^src\/(app|server)\.ts$/, imports: ["core", "kind contract", "db", "platform", "ui kit", "kind ui", "islands", "island registry", "services", "web"] },
];

/** Tests, test helpers, scripts and type tests are outside the rooms. */
const OUTSIDE = /(\.test\.tsx?|\.typetest\.ts|\.e2e\.ts|\.d\.ts)$|^src\/testing\/|^scripts\/|^db\/migrations\//;

/** The one allowed upward import: the browser's typed API client names the server app's type. */
const EXCEPTION = { from: "islands/runtime/api.ts", to: "src/app.ts", names: "App" };

export function roomOf(file: string, rooms: Room[] = ROOMS): Room | null {
  return rooms.find((r) => r.files.test(file)) ?? null;
}

type Import = { spec: string; typeOnly: boolean; names: string };

// `import … from "x"`, `import type … from "x"`, `export … from "x"`, `import "x"`, `import("x")`.
const STATIC = /(?:^|[;\s])(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*(?:from\s*)?["']([^"']+)["']/g;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of a source text, type-only ones included. */
export function scanImports(source: string): Import[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: Import[] = [];
  for (const m of code.matchAll(STATIC)) {
    const clause = m[3]!.trim();
    if (m[1] === "export" && !/\S/.test(clause) && !m[2]) continue;
    found.push({ spec: m[4]!, typeOnly: Boolean(m[2]), names: clause.replace(/[{}\s]/g, "") });
  }
  for (const m of code.matchAll(DYNAMIC)) if (!m[1]!.includes("${")) found.push({ spec: m[1]!, typeOnly: false, names: "" });
  return found;
}

function listSources(root: string): string[] {
  const out: string[] = [];
  for (const top of ["src", "islands", "db"]) {
    const dir = join(root, top);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true }).map(String)) {
      if (/\.tsx?$/.test(f)) out.push(`${top}/${f.split(sep).join("/")}`);
    }
  }
  return out.filter((f) => !OUTSIDE.test(f)).sort();
}

function resolveImport(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(root, dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split(sep).join("/");
  }
  return null;
}

export type Graph = Map<string, Set<string>>;

/** The import graph of the rooms' files (edges to files outside the rooms are left out). */
export function importGraph(root: string, rooms: Room[] = ROOMS): { graph: Graph; problems: string[] } {
  const files = listSources(root);
  const graph: Graph = new Map(files.map((f) => [f, new Set<string>()]));
  const problems: string[] = [];
  for (const file of files) {
    const room = roomOf(file, rooms);
    if (!room) {
      problems.push(`${file} belongs to no room`);
      continue;
    }
    for (const imp of scanImports(readFileSync(join(root, file), "utf8"))) {
      const target = resolveImport(root, file, imp.spec);
      if (target === null) {
        if (imp.spec.startsWith(".") && !/\.(json|css|svg)$/.test(imp.spec)) problems.push(`${file} imports ${imp.spec}, which does not exist`);
        else if (room.forbiddenPackages?.some((re) => re.test(imp.spec))) problems.push(`${file} (${room.name}) imports the package ${imp.spec}`);
        continue;
      }
      if (file === EXCEPTION.from && target === EXCEPTION.to && imp.typeOnly && imp.names === EXCEPTION.names) continue;
      if (!graph.has(target)) {
        problems.push(`${file} imports ${target}, which is a test, a script or outside the rooms`);
        continue;
      }
      graph.get(file)!.add(target);
      const to = roomOf(target, rooms);
      if (to && to !== room && !room.imports.includes(to.name)) problems.push(`${file} (${room.name}) imports ${target} (${to.name})`);
    }
  }
  return { graph, problems };
}

/** Strongly connected components with more than one member (or a self-loop): the cycles. */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** One loop through a cycle's members, to print: a -> b -> … -> a. */
export function loopThrough(graph: Graph, members: string[]): string[] {
  const inside = new Set(members);
  const start = members[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let x: string | undefined = v; x && x !== start; x = prev.get(x)) path.splice(1, 0, x);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return members;
}

export function roomGraph(graph: Graph, rooms: Room[] = ROOMS): Graph {
  const out: Graph = new Map(rooms.map((r) => [r.name, new Set<string>()]));
  for (const [from, targets] of graph) {
    const a = roomOf(from, rooms)?.name;
    for (const t of targets) {
      const b = roomOf(t, rooms)?.name;
      if (a && b && a !== b) out.get(a)!.add(b);
    }
  }
  return out;
}

/** Every problem of the tree at `root`: files outside the rooms, imports into higher rooms, file and room cycles. */
export function checkBoundaries(root: string, rooms: Room[] = ROOMS): string[] {
  const { graph, problems } = importGraph(root, rooms);
  for (const c of cycles(graph)) problems.push(`files in an import cycle: ${loopThrough(graph, c).join(" -> ")}`);
  const byRoom = roomGraph(graph, rooms);
  for (const c of cycles(byRoom)) problems.push(`rooms in an import cycle: ${loopThrough(byRoom, c).join(" -> ")}`);
  return problems;
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, "..");
  const problems = checkBoundaries(root);
  if (process.argv.includes("--figures")) {
    const { graph } = importGraph(root);
    const inCycles = cycles(graph).flat();
    console.log(`files in an import cycle: ${inCycles.length}`);
    console.log(`rooms in a cycle: ${cycles(roomGraph(graph)).flat().length} of ${ROOMS.length}`);
  }
  if (problems.length) {
    console.error(`Import boundary problems (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`Import boundaries OK: ${ROOMS.length} rooms, every import runs downward, no cycle.`);
}
