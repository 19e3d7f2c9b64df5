import { describe, expect, test } from "bun:test";
import { escapeText, foldLine, icalendar, utcDateTime, type IcalEvent } from "./ical";
import { parseFeed } from "../testing/ical";

const octets = (s: string) => new TextEncoder().encode(s).byteLength;

const event = (over: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: "MOP-57@runboard.example", modified: Date.UTC(2026, 10, 20, 8, 30, 15), sequence: 2,
  start: Date.UTC(2026, 11, 1, 19), end: Date.UTC(2026, 11, 1, 22), summary: "Heart of Fear · Heroic 25",
  description: "Raid: Heart of Fear\nFaction: Alliance", url: "https://runboard.example/runs/MOP-57", ...over,
});

describe("iCalendar text", () => {
  test("escapes backslash, semicolon, comma and newlines", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  test("folds at 75 octets counting the continuation's space, never inside a character", () => {
    const line = `DESCRIPTION:${"x".repeat(100)}${"é".repeat(60)}${"😀".repeat(30)}Ω`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(3);
    for (const p of physical) expect(octets(p)).toBeLessThanOrEqual(75);
    for (const p of physical.slice(1)) expect(p.startsWith(" ")).toBe(true);
    // Unfolding gives the line back, and no piece ends in half a character.
    expect(physical.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
    for (const p of physical) expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(p))).toBe(p);
  });

  test("leaves a line of exactly 75 octets alone", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  test("UTC date-times", () => {
    expect(utcDateTime(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe("20260102T030405Z");
  });

  test("a calendar parses back with ical.js, long and special-character text intact", () => {
    const description = `Raid: Heart of Fear; Terrace, "Sha"\\n\nBooster: BB-1001\n${"Lorem ipsum dolor sit amet, ".repeat(8)}Ünïcödé 😀`;
    const text = icalendar({
      prodId: "-//Runboard//Calendar feed//EN", feed: { name: "MoP Raid Calendar (EU, Mogu'shan Vaults) · Runboard", refresh: "PT1H" },
      events: [event({ description }), event({ uid: "MOP-58@runboard.example", sequence: 0 })],
    });
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);

    const feed = parseFeed(text);
    expect(feed.version).toBe("2.0");
    expect(feed.method).toBe("PUBLISH");
    expect(feed.name).toBe("MoP Raid Calendar (EU, Mogu'shan Vaults) · Runboard");
    expect(feed.refresh).toBe("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(feed.ttl).toBe("PT1H");
    const [first, second] = feed.events;
    expect(first).toEqual({
      uid: "MOP-57@runboard.example", summary: "Heart of Fear · Heroic 25", description, url: "https://runboard.example/runs/MOP-57",
      sequence: 2, start: Date.UTC(2026, 11, 1, 19), end: Date.UTC(2026, 11, 1, 22), startZone: "UTC",
      stamp: Date.UTC(2026, 10, 20, 8, 30, 15), modified: Date.UTC(2026, 10, 20, 8, 30, 15), alarms: [],
    });
    expect(second!.uid).toBe("MOP-58@runboard.example");
  });

  test("an event's reminder is a VALARM before its start; a file without a feed has no name or refresh", () => {
    const text = icalendar({ prodId: "-//Runboard//Calendar feed//EN", events: [event({ alarm: { minutes: 15, text: "Starts soon: HoF; 25, heroic" } })] });
    expect(text).toContain("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Starts soon: HoF\\; 25\\, heroic\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT");
    const feed = parseFeed(text);
    expect(feed.events[0]!.alarms).toEqual([{ action: "DISPLAY", description: "Starts soon: HoF; 25, heroic", minutes: -15 }]);
    expect([feed.name, feed.refresh, feed.ttl]).toEqual([null, null, null]);
  });
});
