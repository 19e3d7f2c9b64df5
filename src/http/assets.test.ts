import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadFolder } from "./assets";

const dir = mkdtempSync(join(tmpdir(), "runboard-assets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a folder is read and compressed once per process, and again once a file in it changes", () => {
  writeFileSync(join(dir, "a.js"), "x".repeat(1000));
  writeFileSync(join(dir, "notes.txt"), "not served");
  const first = loadFolder(dir);
  expect([...first.keys()]).toEqual(["a.js"]);
  expect(first.get("a.js")!.gzip).toBeDefined();
  expect(loadFolder(dir)).toBe(first);

  writeFileSync(join(dir, "a.js"), "y".repeat(2000));
  const changed = loadFolder(dir);
  expect(changed).not.toBe(first);
  expect(new TextDecoder().decode(changed.get("a.js")!.raw)).toBe("y".repeat(2000));
  writeFileSync(join(dir, "b.css"), "body{}");
  expect([...loadFolder(dir).keys()]).toEqual(["a.js", "b.css"]);
});
