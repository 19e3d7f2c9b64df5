// One run into a visitor's calendar: the event's title and link lines every calendar form
// shares (the feeds, the run's .ics, the Google Calendar link), and the links to the .ics and
// to Google Calendar. Pure, so the run page and the contact dialog build the same links
// (docs/decisions/37-one-run-calendar-and-click-sources.md).
import { canBook } from "../domain/availability";
import { goPath } from "../domain/bookingLink";
import { utcDateTime } from "../domain/ical";
import { T } from "../shared/text";
import { localHref } from "../shared/i18n/href";
import { eventTitle, RUN_KINDS, type ContactRun } from "./registry";

/** The run's own calendar file (a page-cached public file, like the feeds); English path. */
export const icsPath = (label: string) => `/runs/${encodeURIComponent(label)}.ics`;

/** The run's page on the site, in the current language (a German feed links the German page). */
export const runUrl = (origin: string, label: string) => `${origin}${localHref(`/runs/${encodeURIComponent(label)}`)}`;

/** The event's start and end, epoch ms: its start and the kind's usual length. */
export const eventTimes = (c: ContactRun) => ({ start: c.run.startsAt, end: c.run.startsAt + RUN_KINDS[c.kind].durationMinutes * 60_000 });

/** 'Heart of Fear Heroic 25 · MOP-12', 'Full' first for a full run (a calendar app's one-line view shows it). */
export const eventSummary = (c: ContactRun) => (c.run.availability === "full" ? T.feed.summaryFull : T.feed.summary)({ title: eventTitle(c), label: c.run.label });

/** The description's last lines: the run page and, while it can be booked, the booking link (counted as `feed`). */
export function eventLinks(c: ContactRun, origin: string): string[] {
  const lines = [`${T.runCalendar.runPage} ${runUrl(origin, c.run.label)}`];
  if (canBook(c.run.availability)) lines.push(`${T.runCalendar.book} ${origin}${goPath(c.run.label, "feed")}`);
  return lines;
}

/** Google Calendar's "create event" link, prefilled with the run's UTC times, title and links. */
export function googleCalendarUrl(c: ContactRun, origin: string): string {
  const { start, end } = eventTimes(c);
  const q = new URLSearchParams({
    action: "TEMPLATE", text: eventSummary(c), dates: `${utcDateTime(start)}/${utcDateTime(end)}`,
    details: eventLinks(c, origin).join("\n"), location: runUrl(origin, c.run.label),
  });
  return `https://calendar.google.com/calendar/render?${q}`;
}
