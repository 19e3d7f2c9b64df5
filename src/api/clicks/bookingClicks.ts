// Booking-link clicks: one per run per address per hour, at most 20 runs per address an
// hour, in daily per-run counters. An address is held only as an HMAC under a key that is
// random, held in this process's memory only and replaced every UTC day: nothing about a
// visitor is ever written anywhere (docs/decisions/04-run-pages-and-booking-links.md).
import { createHmac, randomBytes } from "node:crypto";
import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { runClicks } from "../../../db/schema";
import type { ClickSource, RunKind } from "../../shared/enums";

/** User agents of crawlers, link previewers, monitors and scripted clients. An empty one counts as a bot too. */
export const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|preview|facebookexternalhit|embedly|whatsapp|skypeuripreview|curl|wget|python|java\/|go-http|httpclient|okhttp|axios|node-fetch|undici|headless|lighthouse|pagespeed|monitor|uptime|scanner/i;

/** A navigation a person made: a GET that is not a prefetch, from a browser that is not a bot. */
export function isCountable(request: Request): boolean {
  if (request.method !== "GET") return false;
  const h = request.headers;
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-moz") ?? ""} ${h.get("x-purpose") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const agent = h.get("user-agent") ?? "";
  return agent.trim() !== "" && !BOT_AGENT.test(agent);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the dedupe says of a click: the first of its address and run this hour, a repeat, or one past the address's hourly share. */
export type ClickVerdict = "first" | "repeat" | "limited";

/**
 * Remembers which address clicked which run in the current hour, and how many runs each
 * address clicked. Entries hold only HMAC digests of (address, hour[, run]) under a key
 * drawn at random per process and UTC day; both maps are dropped when the hour turns and
 * never grow past `max`: the oldest entries make room, so a flood of addresses can at most
 * let an old entry count again, never stop counting for everyone.
 */
export class ClickDedupe {
  private day = -1;
  private key = Buffer.alloc(0);
  private hour = -1;
  private seen = new Set<string>();
  private perAddress = new Map<string, number>();
  constructor(private perAddressLimit: number, private max = 100_000) {}

  /** `address` is the visitor's address as counted (visitorAddress); `run` the kind and id. */
  admit(address: string, run: string, now: Date): ClickVerdict {
    const t = now.getTime();
    const day = Math.floor(t / DAY);
    if (day !== this.day) {
      this.day = day;
      this.key = randomBytes(32);
    }
    const hour = Math.floor(t / HOUR);
    if (hour !== this.hour) {
      this.hour = hour;
      this.seen = new Set();
      this.perAddress = new Map();
    }
    const who = this.digest(`${address}\n${hour}`);
    const click = this.digest(`${address}\n${hour}\n${run}`);
    if (this.seen.has(click)) return "repeat";
    const clicks = this.perAddress.get(who) ?? 0;
    if (clicks >= this.perAddressLimit) return "limited";
    bounded(this.seen, this.max).add(click);
    this.perAddress.delete(who); // re-inserted last: the address is the newest entry again
    bounded(this.perAddress, this.max).set(who, clicks + 1);
    return "first";
  }

  private digest(text: string): string {
    return createHmac("sha256", this.key).update(text).digest("base64url").slice(0, 22);
  }
}

/** Makes room for one more entry by dropping the oldest (insertion order). */
function bounded<T extends Set<string> | Map<string, number>>(entries: T, max: number): T {
  while (entries.size >= max) entries.delete(entries.keys().next().value!);
  return entries;
}

/** The UTC day of an instant, as the counters' `day` ('YYYY-MM-DD'). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Where a click came from: the link's source, and an embed's page origin (null otherwise). */
export type ClickFrom = { source: ClickSource; origin: string | null };

/**
 * Adds one click to the run's counter for the UTC hour and source: one upsert, safe with any
 * number of processes. Without `from` the click is `other`.
 */
export async function countClick(db: Db, kind: RunKind, runId: number, at: Date, from: ClickFrom = { source: "other", origin: null }): Promise<void> {
  await db.insert(runClicks)
    .values({ runKind: kind, runId, day: utcDay(at), hour: at.getUTCHours(), source: from.source, origin: from.origin ?? "", clicks: 1 })
    .onConflictDoUpdate({
      target: [runClicks.runKind, runClicks.runId, runClicks.day, runClicks.hour, runClicks.source, runClicks.origin],
      set: { clicks: sql`${runClicks.clicks} + 1` },
    });
}

/**
 * Booking-link clicks of these runs of one kind, summed over the UTC days `from` to `to`
 * (both included), or over all days without them: run id -> clicks; runs without clicks
 * are absent. One statement, served by the counters' primary key.
 */
export async function clicksByRun(db: Db, kind: RunKind, runIds: readonly number[], from?: Date, to?: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!runIds.length) return out;
  const rows = await db.select({ runId: runClicks.runId, clicks: sql<string>`sum(${runClicks.clicks})` })
    .from(runClicks)
    .where(and(
      eq(runClicks.runKind, kind), inArray(runClicks.runId, [...runIds]),
      from && to ? between(runClicks.day, utcDay(from), utcDay(to)) : undefined,
    ))
    .groupBy(runClicks.runId);
  for (const r of rows) out.set(r.runId, Number(r.clicks));
  return out;
}
