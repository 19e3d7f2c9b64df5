// Per-render state of a page: the islands used so far (their scripts go into the page), the
// page's jotai store and the prefix of island ids. The web room's <Island> fills it.
import { createContext } from "react";
import { createStore } from "jotai";

/** A part rendered on its own (a cached page's header) uses another prefix, so its ids cannot collide with the page's. */
export type RenderState = { islands: string[]; store: ReturnType<typeof createStore>; prefix: string };
export const RenderContext = createContext<RenderState | null>(null);

export function newRenderState(prefix = "i"): RenderState {
  return { islands: [], store: createStore(), prefix };
}
