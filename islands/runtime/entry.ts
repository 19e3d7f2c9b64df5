// The one browser entry: hydrate the islands the server marked on this page.
import { registry } from "./registry";
import { hydrateIslands } from "./hydrate";

void hydrateIslands(document, registry);
