// A calendar's subscription feed, /calendars/{game-slug}.ics: the runs its page shows for the
// same filters, one iCalendar event each (times in UTC). Built from the read model on a
// page-cache miss, so a calendar app's hourly poll never reaches the database.
import { icalendar, type IcalEvent } from "../../domain/ical";
import type { PublicSnapshot } from "../../readModel/model";
import { calendarOf, type CalendarData } from "../../kinds/calendars";
import { contactRows, RUN_KINDS, type ContactRun } from "../../kinds/registry";
import type { Revised } from "../../kinds/runs";
import { T } from "../../shared/text";
import type { CalendarGame } from "../../kinds/calendarLookup";

export const FEED_TYPE = "text/calendar; charset=utf-8";
const PRODID = "-//Runboard//Calendar feed//EN";
/** Calendar apps are asked to fetch the feed again after this long (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH = "PT1H";

/** A calendar game's feed path (the route and the Subscribe control's links). */
export const feedPath = (gameSlug: string) => `/calendars/${gameSlug}.ics`;

/** The game slug of a feed file name (`{slug}.ics`), or null. */
export const feedSlug = (file: string): string | null => (file.endsWith(".ics") ? file.slice(0, -".ics".length) : null);

/** The event's description: the dialog's details, the raid's region and class rule, the booster. */
function details(c: ContactRun): string[] {
  const t = T.calendar;
  const dialogRows = contactRows(c).map(([term, value]) => `${term}: ${value}`);
  const rows = calendarOf(c.kind).eventDetails?.(c, dialogRows) ?? dialogRows;
  rows.push(`${t.booster}: ${c.run.booster}`);
  return rows;
}

/**
 * The feed of a calendar game for a view (its runs and filters): text/calendar bytes.
 * `origin` is the site's public origin: run page links, and the UIDs' domain.
 */
export function calendarFeed(snap: PublicSnapshot, found: CalendarGame, data: CalendarData, origin: string): string {
  const host = new URL(origin).hostname;
  const revisions = new Map<number, Revised>(snap.runs[data.kind].map((r) => [r.id, r]));
  const events = calendarOf(data.kind).shown(data).map((c): IcalEvent => {
    const { label, startsAt } = c.run;
    const revised = revisions.get(c.run.id)!; // the calendar's runs are the snapshot's
    const url = `${origin}/runs/${encodeURIComponent(label)}`;
    return {
      uid: `${label}@${host}`, modified: Date.parse(revised.updatedAt), sequence: revised.revision,
      start: startsAt, end: startsAt + RUN_KINDS[c.kind].durationMinutes * 60_000,
      summary: (c.run.availability === "full" ? T.feed.summaryFull : T.feed.summary)(calendarOf(c.kind).eventTitle(c), label), description: [...details(c), "", `${T.feed.details} ${url}`].join("\n"), url,
    };
  });
  return icalendar({ prodId: PRODID, name: T.feed.name(found.game.name, calendarOf(data.kind).filterNames(data), T.app.name), refresh: REFRESH, events });
}
