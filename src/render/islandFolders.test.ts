import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { islandEntries, islandNames, plainScripts, registryStatus, writeIslandRegistry } from "./islandFolders";

let root: string;
const file = (path: string, text = "export default function X() { return null; }") => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "islands-"));
  file("islands/Panel/Panel.tsx");
  file("islands/Panel/helper.ts", "export const x = 1;");
  file("islands/Alpha/Alpha.tsx");
  file("islands/components/Dialog.tsx"); // no components.tsx: a shared folder, not an island
  file("islands/runtime/entry.ts", "");
  file("islands/plain/share.ts", "export {};");
  file("islands/plain/share.test.ts", "");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a folder holding a component of its own name is an island; shared folders are not", () => {
  expect(islandNames(root)).toEqual(["Alpha", "Panel"]);
  expect(islandEntries(root)).toEqual({ Alpha: "islands/Alpha/Alpha.tsx", Panel: "islands/Panel/Panel.tsx" });
});

test("the registry is generated from the folders and a new folder makes it stale", () => {
  expect(registryStatus(root).current).toBe(false);
  writeIslandRegistry(root);
  const source = readFileSync(join(root, "islands/runtime/registry.ts"), "utf8");
  expect(source).toContain('Alpha: () => import("../Alpha/Alpha"),');
  expect(source).toContain('Panel: () => import("../Panel/Panel"),');
  expect(registryStatus(root).current).toBe(true);

  file("islands/Beta/Beta.tsx");
  expect(registryStatus(root).current).toBe(false);
  writeIslandRegistry(root);
  expect(readFileSync(join(root, "islands/runtime/registry.ts"), "utf8")).toContain('Beta: () => import("../Beta/Beta"),');
});

test("every module in islands/plain is a plain script by its name; tests are not", () => {
  expect(plainScripts(root)).toEqual({ share: "islands/plain/share.ts" });
});
