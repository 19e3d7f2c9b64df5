// Server side of the islands registry: the same modules the browser loads lazily
// (islands/runtime/registry.ts, generated from the islands/ folders), loaded once at start-up
// for server rendering.
import type { ComponentType } from "react";
import { registry, type IslandName } from "../../islands/runtime/registry";

export const serverIslands = Object.fromEntries(
  await Promise.all(Object.entries(registry).map(async ([name, load]) => [name, (await load()).default] as const)),
) as {
  // biome-ignore lint/suspicious/noExplicitAny: each island takes its own props; <Island> types them per name
  [N in IslandName]: ComponentType<any>;
};
