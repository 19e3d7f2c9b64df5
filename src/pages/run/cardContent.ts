// What a run's share image shows, from the public read model: the same words as its page
// (name, what it is, the card times in both zones, the availability text) and its content key.
// Made once per run per snapshot: a warm request neither builds nor hashes the card again.
import { cardTime } from "../../domain/cardTime";
import { runName, runWhat, runZone } from "../../kinds/runNames";
import { availabilityText, availabilityTone } from "../../shared/availabilityText";
import { T } from "../../shared/text";
import { CARD_HEIGHT, CARD_WIDTH, hasArt, type ShareCard } from "../../render/shareCard";
import { shareCardKey } from "../../render/shareImages";
import type { PublicRun } from "../../readModel/runPages";

export type CardContent = { card: ShareCard; key: string; alt: string };

const made = new WeakMap<PublicRun, CardContent>();

/** The share card of a public run and its key (kept per snapshot's run object). */
export function cardContent(page: PublicRun): CardContent {
  let content = made.get(page);
  if (content) return content;
  const { run, game, parent } = page;
  const zone = runZone(run);
  const at = Date.parse(run.startsAt);
  const [first, second] = [cardTime(at, zone), cardTime(at, zone === "CET" ? "EST" : "CET")];
  const places = availabilityText(run, T.calendar.availability);
  const [when, otherZone] = [T.run.when(first), T.run.when(second)];
  const card: ShareCard = {
    // A child game without art of its own shows its parent's (World of Warcraft, Destiny 2).
    art: hasArt(game.imageUrl) ? game.imageUrl : hasArt(parent?.imageUrl ?? null) ? parent!.imageUrl : null,
    label: run.displayId ?? "",
    title: runName(run),
    subtitle: runWhat(run),
    times: [when, otherZone],
    availability: places === null ? null : { text: places, tone: availabilityTone(run) },
    service: T.app.name,
    tagline: T.app.tagline,
  };
  content = { card, key: shareCardKey(card), alt: T.shareImage.alt({ what: card.subtitle, when, otherZone, places }) };
  made.set(page, content);
  return content;
}

/** The card's path; `key` makes it name one picture (og:image), which may then be cached for good. */
export const cardPath = (displayId: string, key?: string) =>
  `/runs/${encodeURIComponent(displayId)}/card.png${key ? `?v=${key}` : ""}`;

/** What a preview states about the image besides its URL and text. */
export const CARD_SIZE = { type: "image/png", width: CARD_WIDTH, height: CARD_HEIGHT };
