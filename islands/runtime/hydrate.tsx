import { hydrateRoot, type Root } from "react-dom/client";
import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, read from the server's JSON
type Loader = () => Promise<{ default: ComponentType<any> }>;

/**
 * Hydrates every `[data-island]` element under `root` with its component and the JSON
 * props the server wrote beside it, with the same identifierPrefix, so useId values match.
 * Islands that share state through jotai atoms use jotai's default store here (one per
 * page, like the server's per-render store they are rendered in); the calendars use none,
 * so a public page does not load jotai at all. Returns the roots (tests unmount them, so no
 * island keeps ticking after its test).
 */
export async function hydrateIslands(root: ParentNode, registry: Record<string, Loader>): Promise<Root[]> {
  const elements = Array.from(root.querySelectorAll<HTMLElement>("[data-island]"));
  return Promise.all(elements.map(async (el) => {
    const name = el.dataset.island!;
    const id = el.dataset.islandId!;
    const load = registry[name];
    if (!load) throw new Error(`Unknown island ${name}`);
    const propsEl = root.querySelector(`script[data-island-props="${id}"]`);
    const props = propsEl?.textContent ? JSON.parse(propsEl.textContent) : {};
    const { default: Component } = await load();
    return hydrateRoot(el, <Component {...props} />, { identifierPrefix: `${id}-` });
  }));
}
