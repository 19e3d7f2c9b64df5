// Writing iCalendar text (RFC 5545) for the calendar subscription feeds and a run's own .ics:
// a published calendar of events in UTC, each with an optional reminder. Small enough to write here (docs/decisions: ical.js folds
// continuation lines to 76 octets and would carry its whole component model to the server).

/** One event. Times are epoch milliseconds; the text values are plain (escaped here). */
export type IcalEvent = {
  uid: string;
  /** When this event's data was last revised (DTSTAMP and LAST-MODIFIED). */
  modified: number;
  /** Bumped by every revision of the event. */
  sequence: number;
  start: number;
  end: number;
  summary: string;
  description: string;
  url: string;
  /** A reminder this many minutes before the start (a VALARM), with its text; none when absent. */
  alarm?: { minutes: number; text: string };
};

export type IcalCalendar = {
  prodId: string;
  /**
   * A subscription's display name (X-WR-CALNAME) and how often clients should fetch it again (an
   * RFC 5545 duration, e.g. PT1H). A one-event file has neither: apps then add its event to a
   * calendar the visitor picks instead of making a calendar of it.
   */
  feed?: { name: string; refresh: string };
  events: readonly IcalEvent[];
};

const MAX_OCTETS = 75;
const CRLF = "\r\n";

/** TEXT value escaping (§3.3.11): backslash, semicolon and comma get a backslash; newlines become `\n`. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds a content line (§3.1): no physical line is longer than 75 octets (the leading space
 * of a continuation counts), and a character's UTF-8 octets are never split.
 */
export function foldLine(line: string): string {
  if (line.length <= MAX_OCTETS && !/[\u0080-\uffff]/.test(line)) return line; // short ASCII: the common case
  let out = "";
  let from = 0; // start of the current physical line in `line`
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const cp = line.codePointAt(i)!;
    const n = utf8Octets(cp);
    if (octets + n > MAX_OCTETS) {
      out += `${line.slice(from, i)}${CRLF} `;
      from = i;
      octets = 1;
    }
    octets += n;
    i += cp > 0xffff ? 2 : 1;
  }
  return out + line.slice(from);
}

/** A UTC DATE-TIME (§3.3.5 form 2): 20261201T190000Z. */
export function utcDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}/, "").replace(/[-:]/g, "");
}

function eventLines(e: IcalEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${utcDateTime(e.modified)}`,
    `LAST-MODIFIED:${utcDateTime(e.modified)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART:${utcDateTime(e.start)}`,
    `DTEND:${utcDateTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `URL:${e.url}`,
    ...(e.alarm ? alarmLines(e.alarm) : []),
    "END:VEVENT",
  ];
}

/** A display reminder (§3.6.6) `minutes` before the start. */
const alarmLines = (a: { minutes: number; text: string }) => [
  "BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(a.text)}`, `TRIGGER:-PT${a.minutes}M`, "END:VALARM",
];

/** The whole iCalendar object: every line folded and ended with CRLF. */
export function icalendar(cal: IcalCalendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${cal.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(cal.feed
      ? [`X-WR-CALNAME:${escapeText(cal.feed.name)}`, `REFRESH-INTERVAL;VALUE=DURATION:${cal.feed.refresh}`, `X-PUBLISHED-TTL:${cal.feed.refresh}`]
      : []),
    ...cal.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map((l) => foldLine(l) + CRLF).join("");
}
