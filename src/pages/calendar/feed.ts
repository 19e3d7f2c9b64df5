// A calendar's subscription feed, /calendars/{game-slug}.ics: the runs its page shows for the
// same filters, one iCalendar event each (times in UTC). Built from the read model on a
// page-cache miss, so a calendar app's hourly poll never reaches the database.
import { filterChallengeRuns, filterDesertRuns, filterRaidRuns } from "../../domain/calendarFilters";
import { icalendar, type IcalEvent } from "../../domain/ical";
import { summary, type ContactRun } from "../../../islands/components/ContactDialog";
import type { PublicSnapshot } from "../../public/model";
import { RUN_DURATION_MINUTES } from "../../shared/runKinds";
import type { Revised } from "../../shared/runs";
import { T } from "../../shared/text";
import type { CalendarData, CalendarGame } from "./data";

export const FEED_TYPE = "text/calendar; charset=utf-8";
const PRODID = "-//Runboard//Calendar feed//EN";
/** Calendar apps are asked to fetch the feed again after this long (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH = "PT1H";

/** A calendar game's feed path (the route and the Subscribe control's links). */
export const feedPath = (gameSlug: string) => `/calendars/${gameSlug}.ics`;

/** The game slug of a feed file name (`{slug}.ics`), or null. */
export const feedSlug = (file: string): string | null => (file.endsWith(".ics") ? file.slice(0, -".ics".length) : null);

/** The runs the calendar page shows for these filters, in start order, with what the dialog needs. */
function shownRuns(data: CalendarData): ContactRun[] {
  switch (data.kind) {
    case "raid": {
      const raidName = (id: number) => data.refs.raids.find((r) => r.id === id)?.name ?? "";
      return filterRaidRuns(data.runs, data.filters).map((run) => ({ kind: "raid", run, raidName: raidName(run.raidId) }));
    }
    case "challenge": return filterChallengeRuns(data.runs, data.filters).map((run) => ({ kind: "challenge", run }));
    case "desert": return filterDesertRuns(data.runs, data.filters).map((run) => ({ kind: "desert", run }));
  }
}

/** What the filters pick, for the calendar's name (so two subscriptions can be told apart). */
function filterNames(data: CalendarData): string[] {
  const c = T.calendar;
  switch (data.kind) {
    case "raid": {
      const f = data.filters;
      const raid = data.refs.raids.find((r) => r.id === f.raidId)?.name;
      return [
        f.region, raid, f.difficulty === "all" ? null : T.labels.difficulty[f.difficulty], f.faction === "all" ? null : f.faction,
        f.wowClass === "all" ? null : f.wowClass, f.serviceType === "all" ? null : f.serviceType,
        f.gameplay === "all" ? null : T.labels.gameplayType[f.gameplay],
      ].filter((x): x is string => !!x);
    }
    case "challenge": return [data.filters.faction, data.filters.mode];
    case "desert": {
      const { completion, feats } = data.filters;
      const featNames = feats === "all" ? [c.allFeatsRun] : feats === "none" ? [c.noFeatsRun] : feats;
      return [T.labels.desertCompletion[completion], ...featNames];
    }
  }
}

function title(c: ContactRun): string {
  switch (c.kind) {
    case "raid": return `${c.raidName} ${T.labels.difficulty[c.run.difficulty]}`;
    case "challenge": return T.calendar.challengeTitle;
    case "desert": return T.calendar.desertTitle;
  }
}

/** The event's description: the dialog's details, the raid's region and class rule, the booster. */
function details(c: ContactRun): string[] {
  const t = T.calendar;
  const rows = summary(c).map(([term, value]) => `${term}: ${value}`);
  if (c.kind === "raid") {
    rows.splice(1, 0, `${t.region}: ${c.run.region}`);
    rows.push(c.run.classes.length
      ? `${t.availableClasses} ${c.run.classes.map((k) => `${k.wowClass} (${k.specs.join(", ")}) · ${k.serviceType}`).join("; ")}`
      : t.allClasses);
  }
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
  const events = shownRuns(data).map((c): IcalEvent => {
    const { label, startsAt } = c.run;
    const revised = revisions.get(c.run.id)!; // the calendar's runs are the snapshot's
    const url = `${origin}/runs/${encodeURIComponent(label)}`;
    return {
      uid: `${label}@${host}`, modified: Date.parse(revised.updatedAt), sequence: revised.revision,
      start: startsAt, end: startsAt + RUN_DURATION_MINUTES[c.kind] * 60_000,
      summary: T.feed.summary(title(c), label), description: [...details(c), "", `${T.feed.details} ${url}`].join("\n"), url,
    };
  });
  return icalendar({ prodId: PRODID, name: T.feed.name(found.game.name, filterNames(data), T.app.name), refresh: REFRESH, events });
}
