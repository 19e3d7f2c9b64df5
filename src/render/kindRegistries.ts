// Run kinds by convention: a folder `src/kinds/<kind>/` whose name is one of the run kinds
// (RUN_KIND_NAMES) holds its parts, each exporting a name made from the kind's: `kind.ts`
// (<kind>Kind), `schemas.ts` (<kind>RunInputSchema, <kind>RunViewSchema), `calendar.ts`
// (<kind>Calendar), `columns.tsx` (<kind>Columns), `form.tsx` (<Kind>RunForm) and `server.ts`
// (<kind>Server). The registries that list them (src/kinds/*.generated.ts) are written from
// the folders by every build and test run, and `bun run typecheck` fails when one is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RUN_KIND_NAMES } from "../shared/enums";
import { ROOT } from "./islandFolders";

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

type Registry = {
  file: string;
  /** The part's module in each kind folder, and the names it exports that the registry lists. */
  part: string;
  names: (kind: string) => string[];
  head: string[];
  /** One map per entry, of every kind's `value`; typed with `type` (`K` is the kind), else `as const`. */
  entries: { name: string; type?: string; value: (kind: string) => string }[];
  tail?: string[];
};

const REGISTRIES: Registry[] = [
  {
    file: "descriptors.generated.ts", part: "kind", names: (k) => [`${k}Kind`], head: [],
    entries: [{ name: "RUN_KIND_DESCRIPTORS", value: (k) => `${k}Kind` }],
  },
  {
    file: "schemas.generated.ts", part: "schemas", names: (k) => [`${k}RunInputSchema`, `${k}RunViewSchema`],
    head: [
      'import { patchOf, runPageOf } from "../shared/schemas/runFields";',
      'import { createSchemaOf } from "../shared/schemas/repeat";',
      'import { z } from "../shared/schemas/zod";',
      'import { repeatedOf, writeWarnings } from "./runResponses";',
    ],
    entries: [
      { name: "INPUT_SCHEMAS", value: (k) => `${k}RunInputSchema` },
      { name: "RUN_CREATE_SCHEMAS", value: (k) => `createSchemaOf(${k}RunInputSchema)` },
      { name: "PATCH_SCHEMAS", value: (k) => `patchOf(${k}RunInputSchema)` },
      { name: "VIEW_SCHEMAS", value: (k) => `${k}RunViewSchema` },
      { name: "PAGE_SCHEMAS", value: (k) => `runPageOf(${k}RunViewSchema)` },
      { name: "RUN_WRITE_RESPONSE_SCHEMAS", value: (k) => `${k}RunViewSchema.extend(writeWarnings)` },
      { name: "RUN_REPEAT_RESPONSE_SCHEMAS", value: (k) => `repeatedOf(${k}RunViewSchema)` },
      { name: "RUN_CREATE_RESPONSE_SCHEMAS", value: (k) => `z.union([RUN_WRITE_RESPONSE_SCHEMAS.${k}, RUN_REPEAT_RESPONSE_SCHEMAS.${k}])` },
    ],
  },
  {
    file: "calendars.generated.ts", part: "calendar", names: (k) => [`${k}Calendar`], head: [],
    entries: [{ name: "CALENDARS", value: (k) => `${k}Calendar` }],
  },
  {
    file: "columns.generated.ts", part: "columns", names: (k) => [`${k}Columns`],
    head: [
      'import type { KindColumns } from "../../islands/components/runPanel/columns";',
      'import type { RunOfKind } from "./runs";',
    ],
    entries: [{ name: "PANEL_COLUMNS", type: "KindColumns<RunOfKind<K>>", value: (k) => `${k}Columns` }],
  },
  {
    file: "forms.generated.ts", part: "form", names: (k) => [`${cap(k)}RunForm`],
    head: [
      'import type { ComponentType } from "react";',
      'import type { RunFormProps } from "../../islands/components/runForm/formTypes";',
      'import type { RunOfKind } from "./runs";',
    ],
    entries: [{ name: "RUN_FORMS", type: "ComponentType<RunFormProps<RunOfKind<K>>>", value: (k) => `${cap(k)}RunForm` }],
  },
  {
    file: "server.generated.ts", part: "server", names: (k) => [`${k}Server`],
    head: [
      'import type { RunInputOf } from "./schemas";',
      'import type { ServerKind } from "./serverRows";',
    ],
    entries: [{ name: "SERVER_KINDS", type: "ServerKind<K, RunInputOf<K>>", value: (k) => `${k}Server` }],
    tail: ["", "/** Every kind's run table (for writes over all runs, e.g. a deleted booster's runs expiring). */", "export const RUN_TABLES = Object.values(SERVER_KINDS).map((s) => s.table);"],
  },
];

/** The kind folders, in the kinds' order (RUN_KIND_NAMES); a folder that is not a run kind is an error. */
export function kindFolders(root = ROOT): string[] {
  const dir = join(root, "src", "kinds");
  const folders = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const unknown = folders.filter((f) => !(RUN_KIND_NAMES as readonly string[]).includes(f));
  if (unknown.length) throw new Error(`src/kinds/${unknown[0]}/ is not a run kind: add it to RUN_KIND_NAMES (src/shared/enums.ts)`);
  return RUN_KIND_NAMES.filter((k) => folders.includes(k));
}

function registrySource(r: Registry, kinds: string[]): string {
  return [
    `// Generated from the src/kinds/<kind>/${r.part} modules by src/render/kindRegistries.ts on every`,
    "// build and test run. Do not edit: add a kind folder instead.",
    // A typed map names its keys by RunKind.
    ...(r.entries.some((e) => e.type) ? ['import type { RunKind } from "../shared/enums";'] : []),
    ...r.head,
    ...kinds.map((k) => `import { ${r.names(k).join(", ")} } from "./${k}/${r.part}";`),
    "",
    ...r.entries.map((e) => {
      const map = `{ ${kinds.map((k) => `${k}: ${e.value(k)}`).join(", ")} }`;
      return e.type ? `export const ${e.name}: { [K in RunKind]: ${e.type} } = ${map};` : `export const ${e.name} = ${map} as const;`;
    }),
    ...(r.tail ?? []),
    "",
  ].join("\n");
}

/** Each registry file (relative to the root) with its expected text, and whether the file on disk matches. */
export function kindRegistriesStatus(root = ROOT): { file: string; expected: string; current: boolean }[] {
  const kinds = kindFolders(root);
  return REGISTRIES.map((r) => {
    const file = join("src", "kinds", r.file);
    const expected = registrySource(r, kinds);
    const path = join(root, file);
    return { file, expected, current: existsSync(path) && readFileSync(path, "utf8") === expected };
  });
}

/** Rewrites the registries the kind folders changed. */
export function writeKindRegistries(root = ROOT): void {
  for (const r of kindRegistriesStatus(root)) if (!r.current) writeFileSync(join(root, r.file), r.expected);
}
