import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { readPath } from "../../readModel/readPath";
import { publicFile } from "../../public/publicResponse";
import { T } from "../../shared/text";
import { calendarView, findCalendarGame } from "../../kinds/calendarLookup";
import { FEED_TYPE, calendarFeed, feedPath, feedSlug, withAlarm } from "./icalFeed";
import { alarmOf } from "../../shared/schemas/calendarAlarm";
import { DomainError } from "../../domain/errors";

/**
 * Calendar subscription feeds: /calendars/{game-slug}.ics with the calendar page's filter
 * query. Served from the read model through the page cache (ETag, 304, answered before
 * routing on repeat). No session: a feed is the same for everyone. `?alarm=` picks the events'
 * reminder (minutes before the start, 60 by default, 0 for none).
 */
export const calendarFeedRoutes = (deps: AppContext) =>
  new Elysia({ name: "calendar-feeds" })
    .get("/calendars/:file", async ({ request, params }) => {
      const snap = await readPath(deps).model.get();
      const slug = feedSlug(params.file ?? ""); // null when the name is not valid percent-encoding
      const found = slug === null ? null : findCalendarGame(snap.games, slug);
      const cal = found && snap.calendars.get(found.game.id);
      if (!found || !cal) return new Response(T.feed.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      // Feed times are UTC: the page's zone choice stays out of the view and the canonical key.
      const query = new URL(request.url).searchParams;
      query.delete("tz");
      const alarm = alarmOf(query);
      if (!alarm.ok) throw new DomainError("invalid", alarm.message);
      const view = calendarView(cal, query);
      return publicFile(deps, request, snap, withAlarm(feedPath(found.game.slug) + view.search, alarm.minutes), FEED_TYPE,
        () => calendarFeed(snap, found, view.data, deps.config.publicOrigin, alarm.minutes));
    });
