// The Discord message of an announcement, built when the run changes and stored as the
// outbox row's payload: what the channel sees is fixed by the write, not by the delivery.
// The same message is posted once and then edited in place as the run changes
// (docs/decisions/30-discord-posts-that-stay-true.md).
import type { Availability } from "../shared/enums";
import { runName, runWhat } from "../kinds/runNames";
import { cardTime } from "../domain/cardTime";
import type { AnyRun } from "../kinds/runs";
import { runLabel } from "../kinds/registry";
import { T } from "../shared/text";
import { availabilityText } from "../shared/availabilityText";
import { canBook } from "../domain/availability";
import { goPath } from "../domain/bookingLink";

export const ANNOUNCEMENT_KINDS = ["run.created", "run.changed", "run.cancelled"] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/** Discord's execute-webhook body (a subset): https://discord.com/developers/docs/resources/webhook#execute-webhook */
export type DiscordMessage = {
  content: string;
  embeds: {
    title: string;
    description: string;
    url: string;
    timestamp: string;
    color: number;
    fields: { name: string; value: string; inline?: boolean }[];
    /** The run's share image (/runs/{displayId}/card.png), while the run is on the calendars. */
    image?: { url: string };
  }[];
  /** Announcements never mention anyone (a run's text cannot ping @everyone). */
  allowed_mentions: { parse: [] };
};

const HEADLINE = { "run.created": "created", "run.changed": "changed", "run.cancelled": "cancelled" } as const;
// Embed accent per event: green new, blue changed, red cancelled.
const COLOR = { "run.created": 0x2e7d32, "run.changed": 0x1565c0, "run.cancelled": 0xc62828 };

/** The run's page on the public site, e.g. https://runs.example.com/runs/MOP-12. */
export function runPageUrl(origin: string, run: Pick<AnyRun, "id" | "displayId" | "kind">): string {
  return `${origin}/runs/${encodeURIComponent(runLabel(run))}`;
}

/**
 * The run's share image for the embed. Discord's media proxy keeps an image by its URL, so the
 * URL carries a token of what the message shows: an edit that changes the time or the places
 * points at a new URL and the embed shows the new picture (the server answers any token with
 * the run's current image).
 */
export function cardImageUrl(origin: string, run: AnyRun, places: Places | null): string {
  const shown = JSON.stringify([runName(run), runWhat(run), run.startsAt, places?.availability ?? null, places?.spotsLeft ?? null]);
  return `${runPageUrl(origin, run)}/card.png?v=${Bun.hash(shown).toString(36)}`;
}

/** A run's places as the message shows them: its availability (src/domain/availability.ts) at the write. */
export type Places = { availability: Availability; spotsLeft: number | null; closesAt: number };

/**
 * "3 spots left · booking closes in 2 hours", "Full", "Booking closed"; null for an open run
 * that does not track places (its message looks as before capacity existed). The closing time
 * is Discord's relative timestamp, so the post stays true as the cutoff nears and passes.
 */
export function placesLine(p: Places): string | null {
  const said = availabilityText(p, T.calendar.availability); // the words the pages use
  return said === null || !canBook(p.availability) ? said : T.announce.closesAt({ places: said, unixSeconds: Math.floor(p.closesAt / 1000) });
}

/**
 * The message for a run. `kind` picks the headline: "run.created" for a run on the calendars
 * (posted first, kept while edits follow), "run.changed" for one that left them otherwise
 * (started, completed, expired), "run.cancelled" for a cancelled or deleted one (no places).
 */
export function announcementMessage(kind: AnnouncementKind, run: AnyRun, origin: string, places: Places | null = null): DiscordMessage {
  const title = T.run.title({ what: runName(run), id: runLabel(run) });
  const url = runPageUrl(origin, run);
  const when = cardTime(Date.parse(run.startsAt), run.timezone);
  const line = kind === "run.cancelled" || !places ? null : placesLine(places);
  // The booking link (counted as a Discord click) while the run is on the calendars and can be booked.
  const bookable = kind === "run.created" && (!places || canBook(places.availability));
  const book = bookable ? `\n${T.announce.bookNow({ url: `${origin}${goPath(runLabel(run), "discord")}` })}` : "";
  return {
    content: `${T.announce[HEADLINE[kind]]({ title })}\n${T.announce.book({ url })}${book}`,
    embeds: [{
      title, description: runWhat(run), url, timestamp: run.startsAt, color: COLOR[kind],
      fields: [
        { name: T.announce.when, value: T.run.when(when), inline: true },
        { name: T.announce.booster, value: run.booster.boosterId, inline: true },
        { name: T.announce.status, value: kind === "run.cancelled" ? T.labels.runStatus.cancelled : T.labels.runStatus[run.status], inline: true },
        ...(line ? [{ name: T.announce.places, value: line, inline: true }] : []),
      ],
      // Only a run on the calendars has an image; a cancelled or past run's URL answers 410.
      ...(kind === "run.created" && run.displayId ? { image: { url: cardImageUrl(origin, run, places) } } : {}),
    }],
    allowed_mentions: { parse: [] },
  };
}
