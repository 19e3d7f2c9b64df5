import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { parseZone, toSearch } from "../../domain/calendarFilters";
import { readPath } from "../../readModel/readPath";
import { publicPage } from "../../public/publicResponse";
import type { Viewer } from "../../shared/types";
import { hereOf, pageResponse } from "../pageResponse";
import { absolute } from "../../render/meta";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { calendarPath, calendarView, findCalendarGame } from "../../kinds/calendarLookup";
import { calendarPage, gameNotFoundPage } from "./page";
import { feedPath } from "./icalFeed";
import { EmbedControl } from "../embed/control";
import { mailAvailable } from "../../config/mailConfig";
import { alertResultOf, withAlertResult } from "../alertForm";

/**
 * Public run calendars: /game/{slug} and /category/{parentSlug}/{slug}. The filter state
 * and the zone come from the query, so the server renders exactly the view a shared URL
 * names (and the page works without JavaScript). Served from the read model and page cache.
 */
export const calendarRoutes = (deps: AppContext) => {
  const origin = deps.config.publicOrigin;
  const alerts = mailAvailable(deps.config);
  async function render(request: Request, viewer: Viewer | null, slug: string, parentSlug?: string) {
    const snap = await readPath(deps).model.get();
    const found = findCalendarGame(snap.games, slug, parentSlug);
    if (!found) return pageResponse(request, deps.manifest, viewer, gameNotFoundPage(viewer, hereOf(request)));
    const url = new URL(request.url);
    const path = calendarPath(found, parentSlug !== undefined);
    const cal = snap.calendars.get(found.game.id);
    const view = cal ? calendarView(cal, url.searchParams) : null;
    // The canonical URL: path plus the filter state as the domain re-serializes it.
    const zone = view ? view.zone : parseZone(url.searchParams);
    const key = path + (view ? view.search : toSearch([], zone));
    // Search engines get one URL per view: the category path and the canonical filter form.
    const canonical = absolute(origin, calendarPath(found, true) + key.slice(path.length));
    const image = found.game.imageUrl ? absolute(origin, found.game.imageUrl) : null;
    // A plain alert form post returns with ?alert=<flag>: its own cached variant (src/pages/alertForm.tsx).
    const alertResult = alerts && view ? alertResultOf(url) : null;
    return publicPage(deps, request, viewer, snap, withAlertResult(key, alertResult), () => {
      const page = calendarPage({
        viewer: null, ...found, data: view?.data ?? null, zone, path, here: key, storefront: deps.config.storefront,
        // The feed in the page's language: /de/calendars/... has German summaries.
        feedUrl: deps.config.publicOrigin + localHref(feedPath(found.game.slug)), liveSince: readPath(deps).live.position(),
        alertFilters: alerts ? key.slice(path.length + 1) : null, alertResult,
      });
      return {
        ...page, description: page.description ?? T.seo.calendar({ name: found.game.name }), meta: { url: canonical, image },
        // Staff get "Embed this calendar" with the snippet for this view (docs/decisions/35-embeds.md).
        staff: view
          ? {
            body: <EmbedControl origin={origin} slug={found.game.slug} calendarHref={localHref(calendarPath(found, true))} filters={view.search.slice(1)} gameName={found.game.name} />,
            plain: ["embedSnippet"],
          }
          : undefined,
      };
    });
  }
  return new Elysia({ name: "calendar-pages" })
    .use(session(deps))
    .get("/game/:slug", ({ request, viewer, params }) => render(request, viewer, params.slug))
    // The first segment must be called `slug`: /category/:slug (pages/routes.tsx) holds that position.
    .get("/category/:slug/:childSlug", ({ request, viewer, params }) => render(request, viewer, params.childSlug, params.slug));
};
