import { Provider, type createStore } from "jotai";
import { hydrateRoot } from "react-dom/client";
import type { ComponentType } from "react";

type Store = ReturnType<typeof createStore>;
type Loader = () => Promise<{ default: ComponentType<any> }>;

/**
 * Hydrates every `[data-island]` element under `root` with its component and the JSON
 * props the server wrote beside it. Same tree shape as the server render (Provider around
 * the component) and the same identifierPrefix, so useId values match.
 */
export async function hydrateIslands(root: ParentNode, registry: Record<string, Loader>, store: Store): Promise<void> {
  const elements = Array.from(root.querySelectorAll<HTMLElement>("[data-island]"));
  await Promise.all(elements.map(async (el) => {
    const name = el.dataset.island!;
    const id = el.dataset.islandId!;
    const load = registry[name];
    if (!load) throw new Error(`Unknown island ${name}`);
    const propsEl = root.querySelector(`script[data-island-props="${id}"]`);
    const props = propsEl?.textContent ? JSON.parse(propsEl.textContent) : {};
    const { default: Component } = await load();
    hydrateRoot(el, <Provider store={store}><Component {...props} /></Provider>, { identifierPrefix: `${id}-` });
  }));
}
