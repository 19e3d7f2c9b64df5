import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { checkBoundaries } from "./check-boundaries";

// A small repository tree with one file per rule that breaks it and one that keeps it.
const FIXTURES: Record<string, string> = {
  "islands/Panel/ok.tsx": `import type { App } from "../../src/app";\nimport { T } from "../../src/shared/text";\nimport { weekBounds } from "../../src/domain/time";\nimport { useState } from "react";\nimport { treaty } from "@elysiajs/eden";`,
  "islands/Panel/bad.ts": `import { openDb } from "../../db/client";\nimport { Elysia } from "elysia";\nimport { session } from "../../src/http/session";\nexport const later = () => import("../../src/api/runs/service");`,
  "islands/Panel/bad.test.ts": `import { openDb } from "../../db/client";`,
  "src/domain/ok.ts": `import { T } from "../shared/text";\nimport { z } from "zod";\nimport { sortByStart } from "./time";`,
  "src/domain/bad.ts": `import { readFileSync } from "node:fs";\nimport { useMemo } from "react";\nimport { users } from "../../db/schema";\nimport { listRuns } from "../api/runs/queries";`,
  "src/shared/ok.ts": `import { z } from "zod";\nimport { canAct } from "../domain/permissions";`,
  "src/shared/bad.ts": `import postgres from "postgres";\nimport Panel from "../../islands/Panel/ok";`,
  "db/ok.ts": `import { toLocal } from "../src/domain/time";\nimport { sql } from "drizzle-orm";\nexport const config = () => import("../src/config/appConfig");`,
  // A run kind: shared descriptor, server part, panel part.
  "src/kinds/raid/kind.ts": `import { T } from "../../shared/text";\nimport { labelWith } from "../label";\nimport { raidServer } from "./server";\nimport { useMemo } from "react";`,
  "src/kinds/raid/server.ts": `import { raidRuns } from "../../../db/schema";\nimport { eq } from "drizzle-orm";\nimport { raidKind } from "./kind";\nimport { raidColumns } from "./columns";\nimport Panel from "../../../islands/Panel/ok";`,
  "src/kinds/raid/columns.tsx": `import { C } from "../../../islands/Panel/ok";\nimport { useMemo } from "react";\nimport { raidKind } from "./kind";\nimport { raidServer } from "./server";`,
  "islands/Panel/kinds.ts": `import { RUN_KINDS } from "../../src/kinds/registry";\nimport { PANEL_COLUMNS } from "../../src/kinds/panel";\nimport { SERVER_KINDS } from "../../src/kinds/server";`,
  "src/shared/kinds.ts": `import { RUN_KINDS } from "../kinds/registry";\nimport { PANEL_COLUMNS } from "../kinds/panel";`,
  "db/bad.ts": `import { createRun } from "../src/api/runs/service";\nimport { routes } from "../src/pages/routes";`,
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "boundaries-"));
  for (const [file, source] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("check-boundaries", () => {
  test("reports every import that crosses a rule, and nothing else", () => {
    const found = checkBoundaries(root).map((p) => p.replace(/ \(.*\)$/, "")).sort();
    expect(found).toEqual([
      "db/bad.ts imports ../src/api/runs/service",
      "db/bad.ts imports ../src/pages/routes",
      "islands/Panel/bad.ts imports ../../db/client",
      "islands/Panel/bad.ts imports ../../src/api/runs/service",
      "islands/Panel/bad.ts imports ../../src/http/session",
      "islands/Panel/bad.ts imports elysia",
      "islands/Panel/kinds.ts imports ../../src/kinds/server",
      "src/domain/bad.ts imports ../../db/schema",
      "src/domain/bad.ts imports ../api/runs/queries",
      "src/domain/bad.ts imports node:fs",
      "src/domain/bad.ts imports react",
      "src/kinds/raid/columns.tsx imports ./server",
      "src/kinds/raid/kind.ts imports ./server",
      "src/kinds/raid/kind.ts imports react",
      "src/kinds/raid/server.ts imports ../../../islands/Panel/ok",
      "src/kinds/raid/server.ts imports ./columns",
      "src/shared/bad.ts imports ../../islands/Panel/ok",
      "src/shared/bad.ts imports postgres",
      "src/shared/kinds.ts imports ../kinds/panel",
    ]);
  });

  test("says which rule an import breaks", () => {
    expect(checkBoundaries(root)).toContain("src/domain/bad.ts imports react (src/domain is pure: no I/O, no database, no React)");
  });

  test("the repository itself keeps every rule", () => {
    expect(checkBoundaries(resolve(import.meta.dir, ".."))).toEqual([]);
  });
});
