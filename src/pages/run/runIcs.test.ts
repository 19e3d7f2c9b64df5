// One run into a calendar: /runs/{displayId}.ics read with a real iCalendar parser (ical.js)
// against the calendar feed of the same run, and the Google Calendar link of the run page,
// both plain links on the page (docs/decisions/37-one-run-calendar-and-click-sources.md).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../../testing/app";
import { boosterRow, makeRun as makeRunBehind } from "../../testing/factories";
import { raidRuns } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { parseFeed } from "../../testing/ical";
import { everythingChanged } from "../../../db/changes";
import { RUN_KINDS } from "../../kinds/registry";
import type { RunKind } from "../../shared/enums";

let t: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp({ strict: true });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb({ runs: false });
  everythingChanged();
  b1 = await boosterRow(t.db, "BB-1001");
});

/** A run written straight to the database, then announced to the (strict) read model. */
const makeRun: typeof makeRunBehind = async (...args) => {
  const run = await makeRunBehind(...args);
  everythingChanged();
  return run;
};

const FEEDS: Record<RunKind, string> = {
  raid: "/calendars/mop-raid-calendar.ics?region=US", challenge: "/calendars/mop-challenge-mode-calendar.ics", desert: "/calendars/desert-perpetual-calendar.ics",
};

async function file(path: string) {
  const res = await t.request("GET", path);
  const text = await res.text();
  return { res, text, ...(res.status === 200 ? parseFeed(text) : null) };
}

/** The run page's "Add to your calendar" links. */
async function pageLinks(displayId: string) {
  const html = await (await t.request("GET", `/runs/${displayId}`)).text();
  const doc = new DOMParser().parseFromString(html.replaceAll('<script type="module"', '<script type="text/plain"').replace(/<link rel="stylesheet"[^>]*>/, ""), "text/html");
  const section = doc.querySelector('section[aria-labelledby="add-to-calendar"]')!;
  const link = (name: string) => [...section.querySelectorAll("a")].find((a) => a.textContent === name)!;
  return { heading: section.querySelector("h2")!.textContent, ics: link("Download .ics"), google: link("Add to Google Calendar") };
}

describe("/runs/{displayId}.ics", () => {
  test("one event with the feed's UID, times and text, a VALARM an hour before, and a file name to save it under", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, region: "US", scheduledDate: "2026-12-01 20:00", timezone: "EST", spots: 5, spotsTaken: 2 });
    const one = await file(`/runs/${run.displayId}.ics`);
    expect(one.res.status).toBe(200);
    expect(one.res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(one.res.headers.get("content-disposition")).toBe(`attachment; filename="${run.displayId}.ics"`);
    expect(one.events).toHaveLength(1);
    // Not a subscription: no calendar name or refresh, so an app adds the event to a calendar of the visitor's choice.
    expect([one.name, one.refresh, one.ttl, one.method]).toEqual([null, null, null, "PUBLISH"]);
    const event = one.events![0]!;
    const inFeed = (await file(FEEDS.raid)).events!.find((e) => e.uid === event.uid);
    expect(event.uid).toBe(`${run.displayId}@localhost`);
    // The feed's event for the same run, byte for byte the same data: a later subscription replaces it.
    expect(event).toEqual(inFeed!);
    expect([event.start, event.end]).toEqual([Date.UTC(2026, 11, 2, 1), Date.UTC(2026, 11, 2, 4)]);
    expect(event.alarms).toEqual([{ action: "DISPLAY", description: `Starts soon: ${event.summary}`, minutes: -60 }]);
    expect(event.description.split("\n").slice(-2)).toEqual([`Run page: ${ORIGIN}/runs/${run.displayId}`, `Book: ${ORIGIN}/go/${run.displayId}?source=feed`]);
  });

  test("challenge and desert runs too, each with its kind's length and the feed's UID", async () => {
    for (const kind of ["challenge", "desert"] as const) {
      const run = await makeRun(t.db, kind, { boosterId: b1 });
      const event = (await file(`/runs/${run.displayId}.ics`)).events![0]!;
      expect(event.end - event.start).toBe(RUN_KINDS[kind].durationMinutes * 60_000);
      expect((await file(FEEDS[kind])).events!.map((e) => e.uid)).toContain(event.uid);
    }
  });

  test("?alarm= as on the feeds: 15, 30, 120 or 0 (none); anything else a 400", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    for (const minutes of [15, 30, 120]) expect((await file(`/runs/${run.displayId}.ics?alarm=${minutes}`)).events![0]!.alarms.map((a) => a.minutes)).toEqual([-minutes]);
    const none = await file(`/runs/${run.displayId}.ics?alarm=0`);
    expect([none.events![0]!.alarms, none.text.includes("VALARM")]).toEqual([[], false]);
    const bad = await t.request("GET", `/runs/${run.displayId}.ics?alarm=10`);
    expect([bad.status, await bad.json()]).toEqual([400, { message: "alarm must be 0, 15, 30, 60 or 120: minutes before the start, 0 for no reminder." }]);
  });

  test("cached like the feeds: an ETag and 304, a new file when the run changes", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1 });
    const first = await t.request("GET", `/runs/${run.displayId}.ics`);
    const etag = first.headers.get("etag")!;
    const again = await t.request("GET", `/runs/${run.displayId}.ics`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    await t.db.update(raidRuns).set({ spots: 10, spotsTaken: 10, updatedAt: new Date(TEST_NOW.getTime() + 1000) }).where(eq(raidRuns.id, run.id));
    everythingChanged();
    const changed = await file(`/runs/${run.displayId}.ics`);
    expect(changed.res.headers.get("etag")).not.toBe(etag);
    // A full run: 'Full' first in the title, and no booking link.
    expect(changed.events![0]!.summary).toStartWith("Full · ");
    expect(changed.events![0]!.description).not.toContain("/go/");
    // The answer comes from the cache on repeat, with its file name.
    expect((await t.request("GET", `/runs/${run.displayId}.ics`)).headers.get("content-disposition")).toBe(`attachment; filename="${run.displayId}.ics"`);
  });

  test("404 for an id never issued, 410 for a run no longer offered, like the run page", async () => {
    const gone = await makeRun(t.db, "raid", { boosterId: b1, status: "cancelled" });
    for (const [path, status, text] of [
      ["/runs/NOPE-1.ics", 404, "Run not found"], ["/runs/MOP-999999.ics", 404, "Run not found"], ["/runs/.ics", 404, "Run not found"],
      [`/runs/${gone.displayId}.ics`, 410, "This run is no longer available"],
    ] as const) {
      const res = await t.request("GET", path);
      expect([path, res.status, await res.text()]).toEqual([path, status, text]);
      expect((await t.request("GET", path.replace(".ics", ""))).status).toBe(status);
    }
    // A name that is not valid percent-encoding is the run page's 404, never a 500.
    expect((await t.request("GET", "/runs/MOP-1ab%ED%A0%80.ics")).status).toBe(404);
  });
});

describe("the run page's 'Add to your calendar'", () => {
  test("a plain link to the run's .ics and a Google Calendar link with the run's UTC times", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, region: "US", scheduledDate: "2026-12-01 20:00", timezone: "EST" });
    const links = await pageLinks(run.displayId);
    expect(links.heading).toBe("Add to your calendar");
    expect(links.ics.getAttribute("href")).toBe(`/runs/${run.displayId}.ics`);
    expect(links.ics.hasAttribute("download")).toBe(true);
    const google = new URL(links.google.getAttribute("href")!);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(links.google.getAttribute("target")).toBe("_blank");
    const event = (await file(`/runs/${run.displayId}.ics`)).events![0]!;
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE",
      text: event.summary,
      // 20:00 EST on Dec 1 is 01:00 UTC on Dec 2; a raid lasts 3 hours.
      dates: "20261202T010000Z/20261202T040000Z",
      details: `Run page: ${ORIGIN}/runs/${run.displayId}\nBook: ${ORIGIN}/go/${run.displayId}?source=feed`,
      location: `${ORIGIN}/runs/${run.displayId}`,
    });
    const [start, end] = google.searchParams.get("dates")!.split("/").map((d) => Date.parse(d.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")));
    expect([start, end]).toEqual([event.start, event.end]);
  });
});
