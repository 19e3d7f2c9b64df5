// The one browser entry: hydrate the islands the server marked on this page.
import { registry } from "./registry";
import { browserStore } from "./store";
import { hydrateIslands } from "./hydrate";

void hydrateIslands(document, registry, browserStore);
