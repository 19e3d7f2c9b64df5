import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { readPath } from "../../readModel/readPath";
import { lookupRun } from "../../readModel/runPages";
import { ShareImages } from "../../render/shareImages";
import { notModified } from "../../public/publicResponse";
import { pageResponse } from "../pageResponse";
import { notFoundPage } from "../notFound";
import { runGonePage } from "./page";
import { cardContent } from "./cardContent";

/**
 * The stable URL (a preview fetched before the run changed, a Discord post) is re-checked
 * after a minute: the ETag is the content key, so the check costs no render when nothing
 * changed, and a changed run shows within a minute. A URL whose `v` is the current key
 * names those bytes for good (the run page's og:image).
 */
export const CARD_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
export const CARD_CACHE_IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * /runs/{displayId}/card.png: the run's share image (src/render/shareCard.tsx), for the
 * same runs as the run page: 404 for an id never issued, 410 for a run no longer offered.
 * Mounted before the session plugin: the image is the same for everyone, so no session is read.
 */
export const runCardRoutes = (deps: AppContext) => {
  const images = deps.shareImages ?? new ShareImages();

  async function card(request: Request, displayId: string, head: boolean): Promise<Response> {
    const snap = await readPath(deps).model.get();
    const found = lookupRun(snap, displayId);
    if (found.state === "unknown") return pageResponse(request, deps.manifest, null, notFoundPage(null));
    if (found.state === "gone") return pageResponse(request, deps.manifest, null, runGonePage(null, found.calendar));
    const { card, key } = cardContent(found.page);
    const etag = `"${key}"`;
    const v = new URL(request.url).searchParams.get("v");
    const headers = { ETag: etag, "Cache-Control": v === key ? CARD_CACHE_IMMUTABLE : CARD_CACHE_CONTROL };
    const asked = request.headers.get("if-none-match");
    if (asked && notModified(asked, etag)) return new Response(null, { status: 304, headers });
    const png = await images.get(key, card);
    return new Response(head ? null : png, { headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(png.size) } });
  }

  return new Elysia({ name: "run-cards" })
    .get("/runs/:displayId/card.png", ({ request, params }) => card(request, params.displayId, false))
    .head("/runs/:displayId/card.png", ({ request, params }) => card(request, params.displayId, true));
};
