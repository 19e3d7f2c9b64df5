// A run page as schema.org data (its JSON-LD Event) and the calendar view it belongs to.
import { toLocal } from "../../domain/wallTime";
import { toSearch } from "../../domain/calendarFilters";
import { goPath } from "../../domain/bookingLink";
import { calendarOf } from "../../kinds/calendars";
import type { Availability, Timezone } from "../../shared/enums";
import { RUN_KINDS } from "../../kinds/registry";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { runDescription, runName, runZone } from "../../kinds/runNames";
import type { PublicRun } from "../../readModel/runPages";
import type { PublicSnapshot } from "../../readModel/model";

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-12-01T20:00:00+01:00. */
export function isoWithOffset(instant: Date, zone: Timezone): string {
  const l = toLocal(instant, zone);
  const wall = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute);
  const minutes = Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  const p = (n: number) => String(n).padStart(2, "0");
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const seconds = Math.floor(instant.getTime() / 1000) % 60;
  return `${l.year}-${p(l.month)}-${p(l.day)}T${p(l.hour)}:${p(l.minute)}:${p(seconds)}${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)}`;
}

/** The calendar filtered to the run's raid and region (raid), faction (challenge), in the run's zone. */
export function calendarLink(snap: PublicSnapshot, page: PublicRun): string {
  const { run } = page;
  const cal = snap.calendars.get(page.game.id);
  const runView = calendarOf(run.kind).runView;
  const entries = cal && cal.kind === run.kind && runView ? runView(run, cal) : [];
  return page.calendar + toSearch(entries, runZone(run));
}

/**
 * The offer's availability by the run's booking state. A closed run (past its cutoff, before
 * its start) is out of stock rather than sold out: places may be left, the sale has ended.
 */
export const OFFER_AVAILABILITY: Record<Availability, string> = {
  open: "https://schema.org/InStock",
  few: "https://schema.org/LimitedAvailability",
  full: "https://schema.org/SoldOut",
  closed: "https://schema.org/OutOfStock",
};

/**
 * The schema.org Event of a run page (https://schema.org/Event). With places tracked it
 * carries the capacity and places left; the offer is valid until booking closes (`closesAt`, ms).
 */
export function runEvent(page: PublicRun, origin: string, image: string | null, storefront: string, closesAt: number): object {
  const { run } = page;
  const id = run.displayId ?? "";
  const url = origin + localHref(`/runs/${id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: T.run.title({ what: runName(run), id }),
    description: runDescription(run),
    identifier: id,
    url,
    startDate: isoWithOffset(new Date(run.startsAt), runZone(run)),
    // The run kind's usual length (the calendar feeds use the same).
    endDate: isoWithOffset(new Date(Date.parse(run.startsAt) + RUN_KINDS[run.kind].durationMinutes * 60_000), runZone(run)),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url },
    ...(image ? { image: [image] } : {}),
    organizer: { "@type": "Organization", name: T.run.organizer, url: new URL(storefront).origin },
    ...(run.spots === null ? {} : { maximumAttendeeCapacity: run.spots, remainingAttendeeCapacity: run.spotsLeft ?? 0 }),
    offers: {
      "@type": "Offer", url: `${origin}${goPath(id, "run")}`, availability: OFFER_AVAILABILITY[run.availability],
      validThrough: isoWithOffset(new Date(closesAt), runZone(run)),
    },
  };
}
