import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { checkBoundaries, scanImports } from "./check-boundaries";

let root: string;
const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "rooms-"));
  write({
    // A cycle made only of type imports: invisible at run time, still a loop.
    "src/shared/a.ts": `import type { B } from "./b";\nexport type A = { b?: B };`,
    "src/shared/b.ts": `import type {\n  A,\n} from "./a";\nexport type B = { a?: A };`,
    // An upward import: core reaching into a service.
    "src/shared/c.ts": `import { listGames } from "../api/games/service";\nexport const c = listGames;`,
    "src/api/games/service.ts": `import type { A } from "../../shared/a";\nexport const listGames = (a?: A) => a;`,
    // Fine: an island importing the kit and core, a kind's UI importing the kit.
    "islands/Panel/Panel.tsx": `import { Kit } from "../components/Kit";\nimport type { A } from "../../src/shared/a";\nexport default function Panel(_: { a?: A }) { return Kit; }`,
    "islands/components/Kit.tsx": `export const Kit = null;`,
    "src/kinds/raid/columns.tsx": `import { Kit } from "../../../islands/components/Kit";\nexport const raidColumns = Kit;`,
    // The one exception, and the same import made as a value (refused).
    "islands/runtime/api.ts": `import type { App } from "../../src/app";\nexport type Client = App;`,
    "islands/components/bad.ts": `import { createApp } from "../../src/app";\nexport const x = createApp;`,
    "src/app.ts": `import Panel from "../islands/Panel/Panel";\nexport const createApp = () => Panel;\nexport type App = ReturnType<typeof createApp>;`,
    // Tests sit outside the rooms.
    "src/shared/a.test.ts": `import { createApp } from "../app";\ncreateApp();`,
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("reads type imports, multi-line imports, re-exports and dynamic imports", () => {
  const found = scanImports(`import type { X } from "./x";\nimport {\n  y,\n} from "./y";\nexport * from "./z";\nexport { w } from "./w";\nconst m = () => import("./m");\n// import { no } from "./comment";`);
  expect(found.map((i) => [i.spec, i.typeOnly])).toEqual([["./x", true], ["./y", false], ["./z", false], ["./w", false], ["./m", false]]);
});

test("fails on the hidden type-only cycle and on the upward import, and on nothing else", () => {
  const problems = checkBoundaries(root);
  expect(problems).toContain("files in an import cycle: src/shared/a.ts -> src/shared/b.ts -> src/shared/a.ts");
  expect(problems).toContain("src/shared/c.ts (core) imports src/api/games/service.ts (services)");
  expect(problems).toContain("islands/components/bad.ts (ui kit) imports src/app.ts (app root)");
  // Each upward import closes a loop of rooms too.
  expect(problems).toContain("rooms in an import cycle: core -> services -> core");
  expect(problems).toContain("rooms in an import cycle: app root -> islands -> ui kit -> app root");
  expect(problems).toHaveLength(5);
});

test("the typed client's `import type { App }` is the one exception; the app root importing islands is no cycle", () => {
  const problems = checkBoundaries(root);
  expect(problems.some((p) => p.includes("islands/runtime/api.ts"))).toBe(false);
  expect(problems.some((p) => p.includes("src/app.ts ->"))).toBe(false);
});

test("this repository keeps its rooms", () => {
  expect(checkBoundaries(resolve(import.meta.dir, ".."))).toEqual([]);
});
