import { Elysia } from "elysia";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { publicScope } from "../../api/games/scope";
import { parseZone } from "../../domain/calendarFilters";
import type { Viewer } from "../../shared/types";
import { pageResponse } from "../respond";
import { calendarKind, findCalendarGame, loadCalendar } from "./data";
import { calendarPage, gameNotFoundPage } from "./page";

/**
 * Public run calendars: /game/{slug} and /category/{parentSlug}/{slug}. The filter state
 * and the zone come from the query, so the server renders exactly the view a shared URL
 * names (and the page works without JavaScript).
 */
export const calendarRoutes = (deps: AppDeps) => {
  async function render(request: Request, viewer: Viewer | null, slug: string, parentSlug?: string) {
    const found = await findCalendarGame(deps.db, publicScope(deps), slug, parentSlug);
    if (!found) return pageResponse(request, deps.manifest, viewer, gameNotFoundPage(viewer));
    const url = new URL(request.url);
    const kind = calendarKind(found.game);
    const data = kind ? await loadCalendar(deps.db, kind, found.game.id, url.searchParams, deps.clock()) : null;
    return pageResponse(request, deps.manifest, viewer, calendarPage({
      viewer, ...found, data, zone: parseZone(url.searchParams), path: url.pathname, storefront: deps.config.storefront,
    }));
  }
  return new Elysia({ name: "calendar-pages" })
    .use(session(deps))
    .get("/game/:slug", ({ request, viewer, params }) => render(request, viewer, params.slug))
    // The first segment must be called `slug`: /category/:slug (pages/routes.tsx) holds that position.
    .get("/category/:slug/:childSlug", ({ request, viewer, params }) => render(request, viewer, params.childSlug, params.slug));
};
