import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kindFolders, kindRegistriesStatus, writeKindRegistries } from "./kindRegistries";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kinds-"));
  for (const k of ["desert", "raid"]) mkdirSync(join(root, "src", "kinds", k), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("the kind folders are listed in the kinds' order, and a folder that is no run kind is refused", () => {
  expect(kindFolders(root)).toEqual(["raid", "desert"]);
  mkdirSync(join(root, "src", "kinds", "arena"));
  expect(() => kindFolders(root)).toThrow("src/kinds/arena/ is not a run kind");
});

test("each registry lists every kind folder's part by its conventional name, and a new folder makes them stale", () => {
  expect(kindRegistriesStatus(root).every((r) => !r.current)).toBe(true);
  writeKindRegistries(root);
  expect(kindRegistriesStatus(root).every((r) => r.current)).toBe(true);
  const server = readFileSync(join(root, "src/kinds/server.generated.ts"), "utf8");
  expect(server).toContain('import { raidServer } from "./raid/server";');
  expect(server).toContain("export const SERVER_KINDS: { [K in RunKind]: ServerKind<K, RunInputOf<K>> } = { raid: raidServer, desert: desertServer };");
  expect(readFileSync(join(root, "src/kinds/forms.generated.ts"), "utf8")).toContain("{ raid: RaidRunForm, desert: DesertRunForm }");
  expect(readFileSync(join(root, "src/kinds/schemas.generated.ts"), "utf8")).toContain("PATCH_SCHEMAS = { raid: patchOf(raidRunInputSchema), desert: patchOf(desertRunInputSchema) } as const;");

  mkdirSync(join(root, "src", "kinds", "challenge"));
  expect(kindRegistriesStatus(root).some((r) => r.current)).toBe(false);
  writeKindRegistries(root);
  expect(readFileSync(join(root, "src/kinds/calendars.generated.ts"), "utf8"))
    .toContain("CALENDARS = { raid: raidCalendar, challenge: challengeCalendar, desert: desertCalendar } as const;");
});

test("the committed registries match this repository's kind folders", () => {
  expect(kindRegistriesStatus().filter((r) => !r.current).map((r) => r.file)).toEqual([]);
});
