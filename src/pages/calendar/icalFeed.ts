// A calendar's subscription feed, /calendars/{game-slug}.ics: the runs its page shows for the
// same filters, one iCalendar event each (times in UTC); and one run's own file,
// /runs/{displayId}.ics, written the same way (same UID, so a later subscription does not
// duplicate it). Built from the read model on a page-cache miss, so a calendar app's hourly
// poll never reaches the database.
import { icalendar, type IcalEvent } from "../../domain/ical";
import type { PublicSnapshot } from "../../readModel/model";
import type { PublicRun } from "../../readModel/runPages";
import { calendarOf, type CalendarData } from "../../kinds/calendars";
import { contactRows, type ContactRun } from "../../kinds/registry";
import type { Revised } from "../../kinds/runs";
import { T } from "../../shared/text";
import { calendarView, type CalendarGame } from "../../kinds/calendarLookup";
import { eventLinks, eventSummary, eventTimes, runUrl } from "../../kinds/runCalendarLinks";
import { ALARM_DEFAULT } from "../../shared/schemas/calendarAlarm";

export const FEED_TYPE = "text/calendar; charset=utf-8";
const PRODID = "-//Runboard//Calendar feed//EN";
/** Calendar apps are asked to fetch the feed again after this long (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH = "PT1H";

/** A calendar game's feed path (the route and the Subscribe control's links). */
export const feedPath = (gameSlug: string) => `/calendars/${gameSlug}.ics`;

/** The file name's stem (`{stem}.ics`), or null. */
export const feedSlug = (file: string): string | null => (file.endsWith(".ics") ? file.slice(0, -".ics".length) : null);

/** A file's canonical key: its path, plus the alarm choice unless it is the default (so each choice is cached apart). */
export const withAlarm = (key: string, alarm: number) =>
  alarm === ALARM_DEFAULT ? key : `${key}${key.includes("?") ? "&" : "?"}alarm=${alarm}`;

/** The event's description: the dialog's details, the raid's region and class rule, the booster. */
function details(c: ContactRun): string[] {
  const t = T.calendar;
  const dialogRows = contactRows(c).map(([term, value]) => `${term}: ${value}`);
  const rows = calendarOf(c.kind).eventDetails?.(c, dialogRows) ?? dialogRows;
  rows.push(`${t.booster}: ${c.run.booster}`);
  return rows;
}

/** One run's event: UID `{label}@{host}` in every file, revised as the run is; a reminder `alarm` minutes before (0: none). */
function runEvent(c: ContactRun, revised: Revised, origin: string, alarm: number): IcalEvent {
  const label = c.run.label;
  const summary = eventSummary(c);
  return {
    uid: `${label}@${new URL(origin).hostname}`, modified: Date.parse(revised.updatedAt), sequence: revised.revision,
    ...eventTimes(c), summary, description: [...details(c), "", ...eventLinks(c, origin)].join("\n"), url: runUrl(origin, label),
    ...(alarm > 0 ? { alarm: { minutes: alarm, text: T.runCalendar.reminder({ summary }) } } : {}),
  };
}

/**
 * The feed of a calendar game for a view (its runs and filters): text/calendar bytes.
 * `origin` is the site's public origin: run page links, and the UIDs' domain.
 */
export function calendarFeed(snap: PublicSnapshot, found: CalendarGame, data: CalendarData, origin: string, alarm = ALARM_DEFAULT): string {
  const revisions = new Map<number, Revised>(snap.runs[data.kind].map((r) => [r.id, r]));
  // The calendar's runs are the snapshot's.
  const events = calendarOf(data.kind).shown(data).map((c) => runEvent(c, revisions.get(c.run.id)!, origin, alarm));
  const filters = calendarOf(data.kind).filterNames(data);
  const name = T.feed.name({ game: found.game.name, filters: filters.join(", "), hasFilters: filters.length > 0, site: T.app.name });
  return icalendar({ prodId: PRODID, feed: { name, refresh: REFRESH }, events });
}

/**
 * A public run as its calendar's card (what the feed and the dialog describe it from): the
 * calendar's view of the run's own raid and region, or faction, narrowed to the run.
 */
export function runContact(snap: PublicSnapshot, page: PublicRun): ContactRun | null {
  const cal = snap.calendars.get(page.game.id);
  if (!cal || cal.kind !== page.run.kind) return null;
  const part = calendarOf(cal.kind);
  const view = calendarView(cal, new URLSearchParams(part.runView?.(page.run, cal) ?? []));
  const data = { ...view.data, runs: (view.data.runs as { id: number }[]).filter((r) => r.id === page.run.id) } as CalendarData;
  return part.shown(data)[0] ?? null;
}

/** One run's own file: a single event with the feeds' UID, and no subscription name or refresh. */
export function runIcs(c: ContactRun, revised: Revised, origin: string, alarm = ALARM_DEFAULT): string {
  return icalendar({ prodId: PRODID, events: [runEvent(c, revised, origin, alarm)] });
}
