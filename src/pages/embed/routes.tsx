import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { parseZone, toSearch } from "../../domain/calendarFilters";
import { readPath } from "../../readModel/readPath";
import { publicPage } from "../../public/publicResponse";
import { pageResponse } from "../pageResponse";
import { absolute } from "../../render/meta";
import { calendarPath, calendarView, findCalendarGame } from "../../kinds/calendarLookup";
import { parseEmbedQuery } from "../../shared/schemas/embed";
import { embedPath } from "../../shared/embed";
import { feedPath } from "../calendar/icalFeed";
import { embedNotFoundPage, embedPage } from "./page";
import { localHref } from "../../shared/i18n/href";

/**
 * /embed/calendars/{slug}: a calendar for another site's iframe (docs/decisions/35-embeds.md).
 * Filters and zone come from the query exactly as on the calendar page; `theme` and `origin`
 * (the embedding page's, for the booking links) are the embed's own. Served from the page
 * cache like every public page, one entry per canonical view, theme and origin; the same for
 * every visitor (no header, no session), and framed only by EMBED_ORIGINS (src/http/security.ts).
 */
export const embedRoutes = (deps: AppContext) => {
  const origin = deps.config.publicOrigin;
  return new Elysia({ name: "embed-pages" })
    .get("/embed/calendars/:slug", async ({ request, params }) => {
      const snap = await readPath(deps).model.get();
      const url = new URL(request.url);
      const { theme, origin: parentOrigin } = parseEmbedQuery(url.searchParams);
      const found = findCalendarGame(snap.games, params.slug);
      if (!found) return pageResponse(request, deps.manifest, null, embedNotFoundPage(theme));
      const path = embedPath(found.game.slug);
      const cal = snap.calendars.get(found.game.id);
      const view = cal ? calendarView(cal, url.searchParams) : null;
      const zone = view ? view.zone : parseZone(url.searchParams);
      const search = view ? view.search : toSearch([], zone);
      // The canonical key: the calendar's canonical query, then the embed's own parameters in a fixed order.
      const own = new URLSearchParams();
      if (theme) own.set("theme", theme);
      if (parentOrigin) own.set("origin", parentOrigin);
      const key = path + search + (own.size ? (search ? "&" : "?") + own.toString() : "");
      return publicPage(deps, request, null, snap, key, () => embedPage({
        // The island's links and the calendar and feed it points to stay in the embed's language.
        game: found.game, data: view?.data ?? null, zone, path: localHref(path), theme,
        calendarUrl: absolute(origin, localHref(calendarPath(found, true) + search)),
        feedUrl: origin + localHref(feedPath(found.game.slug)), liveSince: readPath(deps).live.position(),
        embed: { parentOrigin },
      }));
    });
};
