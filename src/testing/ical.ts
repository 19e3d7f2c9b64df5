// Reading calendar feeds in tests with a real iCalendar parser (ical.js).
import ICAL from "ical.js";

// X-WR-CALNAME is TEXT like any X- property (RFC 5545 §3.8.8.2); ical.js would keep its escapes.
(ICAL.design.defaultSet.property as Record<string, { defaultType: string }>)["x-wr-calname"] = { defaultType: "text" };

export type FeedEvent = {
  uid: string; summary: string; description: string; url: string; sequence: number;
  start: number; end: number; startZone: string; stamp: number; modified: number;
  /** The event's VALARMs: action, text and trigger in minutes relative to the start (-60: an hour before). */
  alarms: { action: string; description: string; minutes: number }[];
};

/** A feed's calendar properties and events, times as epoch ms. Throws when the text does not parse. */
export function parseFeed(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const time = (c: ICAL.Component, name: string) => (c.getFirstPropertyValue(name) as ICAL.Time).toJSDate().getTime();
  const events: FeedEvent[] = cal.getAllSubcomponents("vevent").map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid, summary: e.summary, description: e.description, url: String(c.getFirstPropertyValue("url")), sequence: e.sequence,
      start: e.startDate.toJSDate().getTime(), end: e.endDate.toJSDate().getTime(), startZone: e.startDate.zone?.tzid ?? "",
      stamp: time(c, "dtstamp"), modified: time(c, "last-modified"),
      alarms: c.getAllSubcomponents("valarm").map((a) => ({
        action: String(a.getFirstPropertyValue("action")), description: String(a.getFirstPropertyValue("description")),
        minutes: (a.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds() / 60,
      })),
    };
  });
  const prop = (name: string) => cal.getFirstProperty(name)?.toICALString() ?? null;
  return {
    name: cal.hasProperty("x-wr-calname") ? String(cal.getFirstPropertyValue("x-wr-calname")) : null, version: cal.getFirstPropertyValue("version"),
    method: cal.getFirstPropertyValue("method"), prodId: cal.getFirstPropertyValue("prodid"),
    refresh: prop("refresh-interval"), ttl: cal.getFirstPropertyValue("x-published-ttl"), events,
  };
}
