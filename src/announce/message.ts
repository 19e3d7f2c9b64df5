// The Discord message of an announcement, built when the run changes and stored as the
// outbox row's payload: what the channel sees is fixed by the write, not by the delivery.
import { runName, runWhat } from "../kinds/runNames";
import { cardTime } from "../domain/cardTime";
import type { AnyRun } from "../kinds/runs";
import { runLabel } from "../kinds/registry";
import { T } from "../shared/text";

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
  }[];
  /** Announcements never mention anyone (a run's text cannot ping @everyone). */
  allowed_mentions: { parse: [] };
};

const HEADLINE = { "run.created": T.announce.created, "run.changed": T.announce.changed, "run.cancelled": T.announce.cancelled };
// Embed accent per event: green new, blue changed, red cancelled.
const COLOR = { "run.created": 0x2e7d32, "run.changed": 0x1565c0, "run.cancelled": 0xc62828 };

/** The run's page on the public site, e.g. https://runs.example.com/runs/MOP-12. */
export function runPageUrl(origin: string, run: Pick<AnyRun, "id" | "displayId" | "kind">): string {
  return `${origin}/runs/${encodeURIComponent(runLabel(run))}`;
}

export function announcementMessage(kind: AnnouncementKind, run: AnyRun, origin: string): DiscordMessage {
  const title = T.run.title(runName(run), runLabel(run));
  const url = runPageUrl(origin, run);
  const when = cardTime(Date.parse(run.startsAt), run.timezone);
  return {
    content: `${HEADLINE[kind](title)}\n${T.announce.book(url)}`,
    embeds: [{
      title, description: runWhat(run), url, timestamp: run.startsAt, color: COLOR[kind],
      fields: [
        { name: T.announce.when, value: T.run.when(when.date, when.time), inline: true },
        { name: T.announce.booster, value: run.booster.boosterId, inline: true },
        { name: T.announce.status, value: kind === "run.cancelled" ? T.labels.runStatus.cancelled : T.labels.runStatus[run.status], inline: true },
      ],
    }],
    allowed_mentions: { parse: [] },
  };
}
