import { createContext, useContext } from "react";
import { renderToString } from "react-dom/server";
import { Provider, createStore } from "jotai";
import type { IslandName, IslandProps } from "../../islands/runtime/registry";
import { serverIslands } from "./islands";
import { serializeProps } from "./serialize";

/**
 * Per-render state: the islands used so far, the page's jotai store and the prefix of
 * island ids (a part rendered on its own, like a cached page's header, uses another
 * prefix so its ids cannot collide with the page's).
 */
export type RenderState = { islands: IslandName[]; store: ReturnType<typeof createStore>; prefix: string };
export const RenderContext = createContext<RenderState | null>(null);

export function newRenderState(prefix = "i"): RenderState {
  return { islands: [], store: createStore(), prefix };
}

/**
 * Server-renders one island on its own (its own React root, identifierPrefix = its id)
 * and writes its props beside it as escaped JSON for the client to hydrate.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const state = useContext(RenderContext);
  if (!state) throw new Error("<Island> rendered outside renderDocument");
  const id = `${state.prefix}${state.islands.length}`;
  state.islands.push(name);
  // biome-ignore lint/suspicious/noExplicitAny: the island is looked up by name; its props were typed by the caller's IslandProps
  const Component: React.ComponentType<any> = serverIslands[name];
  const html = renderToString(
    <Provider store={state.store}><Component {...props} /></Provider>,
    { identifierPrefix: `${id}-` },
  );
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the island */}
      <div className="island" data-island={name} data-island-id={id} dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serializeProps escapes <, > and & so the JSON cannot close the script */}
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}
