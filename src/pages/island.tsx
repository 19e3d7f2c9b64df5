// <Island>: server-renders one island on its own (its own React root, identifierPrefix = its
// id) and writes its props beside it as escaped JSON for the browser to hydrate. The island
// components are the generated registry's modules, loaded once at start-up.
import { useContext, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Provider } from "jotai";
import { registry, type IslandName, type IslandProps } from "../../islands/runtime/registry";
import { RenderContext } from "../render/renderState";
import { serializeProps } from "../render/serialize";
import { withPanel } from "../../islands/components/Subscribe";
import { SubscribePanel } from "../../islands/components/SubscribePanel";

export type { IslandName };

const serverIslands = Object.fromEntries(
  await Promise.all(Object.entries(registry).map(async ([name, load]) => [name, (await load()).default] as const)),
) as {
  // biome-ignore lint/suspicious/noExplicitAny: each island takes its own props; <Island> types them per name
  [N in IslandName]: ComponentType<any>;
};

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const state = useContext(RenderContext);
  if (!state) throw new Error("<Island> rendered outside renderDocument");
  const id = `${state.prefix}${state.islands.length}`;
  state.islands.push(name);
  // biome-ignore lint/suspicious/noExplicitAny: the island is looked up by name; its props were typed by the caller's IslandProps
  const Component: ComponentType<any> = serverIslands[name];
  // The Subscribe panel renders at once here (the browser loads it on first use: islands/components/Subscribe.tsx).
  const html = withPanel(SubscribePanel, () => renderToString(
    <Provider store={state.store}><Component {...props} /></Provider>,
    { identifierPrefix: `${id}-` },
  ));
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the island */}
      <div className="island" data-island={name} data-island-id={id} dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serializeProps escapes <, > and & so the JSON cannot close the script */}
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}
