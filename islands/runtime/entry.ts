// The one browser entry: hydrate the islands the server marked on this page.
import { registry } from "./registry";
import { hydrateIslands } from "./hydrate";

void hydrateIslands(document, registry);

// A calendar's alert form (src/pages/alertForm.tsx) posts without JavaScript; its script comes
// with the first focus in it, so it costs the calendar's first load a few bytes, not a module
// (later focuses import the same module again: a no-op, and cheaper in bytes than `once`).
document.querySelector("[data-alert]")?.addEventListener("focusin", () => import("../plain/alerts"));
