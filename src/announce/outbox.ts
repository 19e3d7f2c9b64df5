// Queuing announcements: `announce(tx, site, change)` is called by every run write inside its
// transaction (src/api/runs/service.ts), next to publicChanged(tx); `queueRunMessageEdit` by
// writes outside the run services that move a run's places. The outbox row commits or rolls
// back with the run, so no announcement is lost or invented; the worker (./worker.ts) posts
// it, or edits the run's message once it has one. docs/decisions/19-announcements.md and
// 30-discord-posts-that-stay-true.md.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementMessages, announcementOutbox, boosters, gameWebhooks, games, users } from "../../db/schema";
import type { AppDeps } from "../http/context";
import type { RunKind } from "../shared/enums";
import { KINDS } from "../kinds/registry";
import type { AnyRun } from "../kinds/runs";
import { SERVER_KINDS } from "../kinds/server.generated";
import { listGames } from "../api/games/service";
import { publicScope } from "../api/games/scope";
import { bookingClosesAt } from "../domain/availability";
import { bookableOf } from "../domain/bookable";
import { announcementMessage, type AnnouncementKind } from "./message";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a write needs to announce: the public origin (links), production or not (which visibility), the clock. */
export type Site = Pick<AppDeps, "config" | "clock">;

/**
 * One run write: a create (`before` absent), an update (`before`: the run as it was) or a
 * delete (`deleted`, with `before`).
 */
export type RunChange = { kind: RunKind; id: number; before?: AnyRun; deleted?: boolean };

/**
 * Which event a write is for the channel, from the run's public state before and after
 * (public: available, not started, visible game, active booster). Only runs that are or
 * were public are announced; a public run that is deleted or set to cancelled is
 * "cancelled", one that becomes public is "created", a public one that changes (or leaves
 * the calendar otherwise: started, completed, expired) is "changed".
 */
export function announcementKind(change: { deleted: boolean; wasPublic: boolean; isPublic: boolean; status?: string }): AnnouncementKind | null {
  if (change.deleted) return change.wasPublic ? "run.cancelled" : null;
  if (change.wasPublic && change.status === "cancelled") return "run.cancelled";
  if (change.isPublic) return change.wasPublic ? "run.changed" : "run.created";
  return change.wasPublic ? "run.changed" : null;
}

/** Of these booster records, the ones whose account is active and not deleted. */
async function activeBoosters(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: boosters.id }).from(boosters).innerJoin(users, eq(users.id, boosters.userId))
    .where(and(inArray(boosters.id, ids), eq(users.status, "active"), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * For a bulk write: the runs as they are before it, to pass as `before` to `announceAll` after
 * it. Read only when some game has a webhook (otherwise an empty map, and `announceAll` will
 * queue nothing either).
 */
export async function runsBefore(tx: Tx, kind: RunKind, ids: readonly number[], now: Date): Promise<Map<number, AnyRun>> {
  if (!ids.length || !(await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks).limit(1)).length) return new Map();
  const runs = (await SERVER_KINDS[kind].list(tx as unknown as Db, { ids }, now)) as AnyRun[];
  return new Map(runs.map((r) => [r.id, r]));
}

/** Queues one write's announcement, if it has one and its game has a webhook. Runs in the write's transaction. */
export function announce(tx: Tx, site: Site, change: RunChange): Promise<void> {
  return announceAll(tx, site, [change]);
}

/** A run by kind and id (ids are per kind table). */
export type RunRef = { kind: RunKind; id: number };

/**
 * The generic path for any write that changes a run's places, availability, status or start
 * outside the run services (the storefront's orders): call it in the write's transaction,
 * after the change. The runs' Discord messages are edited to their current state (coalesced,
 * at most one edit per message per ANNOUNCE_EDIT_INTERVAL_MS); a run that was never announced
 * gets no new post. Its public state (calendar or not) is taken as unchanged by the write.
 */
export async function queueRunMessageEdit(tx: Tx, site: Site, runs: RunRef | readonly RunRef[]): Promise<void> {
  const refs = Array.isArray(runs) ? (runs as readonly RunRef[]) : [runs as RunRef];
  if (!refs.length || !(await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks).limit(1)).length) return;
  const changes: RunChange[] = [];
  for (const kind of KINDS) {
    const ids = refs.filter((r) => r.kind === kind).map((r) => r.id);
    if (!ids.length) continue;
    const current = (await SERVER_KINDS[kind].list(tx as unknown as Db, { ids }, site.clock())) as AnyRun[];
    changes.push(...current.map((run) => ({ kind, id: run.id, before: run })));
  }
  await announceAll(tx, site, changes, { editOnly: true });
}

type Capacity = { spots: number | null; spotsTaken: number };

/** Places and the games' cutoffs of these runs, read in the write's transaction (two small statements per kind). */
async function capacities(tx: Tx, kind: RunKind, ids: number[]): Promise<Map<number, Capacity>> {
  if (!ids.length) return new Map();
  const table = SERVER_KINDS[kind].table;
  const rows = await tx.select({ id: table.id, spots: table.spots, spotsTaken: table.spotsTaken }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, { spots: r.spots, spotsTaken: r.spotsTaken }]));
}

type OutboxRow = typeof announcementOutbox.$inferInsert & { runKind: RunKind; runId: number };

/**
 * When each row may go out: at once, or when its run's message may be edited again (the
 * last accepted POST or PATCH plus the edit interval). The worker applies the same rule
 * (`editDueAt`) to rows that waited in the meantime.
 */
async function dueTimes(tx: Tx, site: Site, rows: OutboxRow[], now: number): Promise<void> {
  for (const kind of KINDS) {
    const mine = rows.filter((r) => r.runKind === kind);
    if (!mine.length) continue;
    const sent = await tx.select({ runId: announcementMessages.runId, gameId: announcementMessages.gameId, at: announcementMessages.lastSentAt })
      .from(announcementMessages)
      .where(and(eq(announcementMessages.runKind, kind), inArray(announcementMessages.runId, mine.map((r) => r.runId))));
    for (const row of mine) {
      const last = Math.max(0, ...sent.filter((m) => m.runId === row.runId && m.gameId === row.gameId).map((m) => m.at.getTime()));
      row.nextAttemptAt = new Date(Math.max(now, editDueAt(last, site.config.announce.editIntervalMs)));
    }
  }
}

/** The earliest instant a message last sent at `lastSentAt` (ms) may be edited again. */
export const editDueAt = (lastSentAt: number, intervalMs: number): number => lastSentAt + intervalMs;

/** Of these rows, those whose run has a message or a waiting row already (an edit, never a first post). */
async function onlyAnnounced(tx: Tx, rows: OutboxRow[]): Promise<OutboxRow[]> {
  const known = new Set<string>();
  for (const kind of KINDS) {
    const ids = rows.filter((r) => r.runKind === kind).map((r) => r.runId);
    if (!ids.length) continue;
    const [messages, waiting] = await Promise.all([
      tx.select({ runId: announcementMessages.runId, gameId: announcementMessages.gameId }).from(announcementMessages)
        .where(and(eq(announcementMessages.runKind, kind), inArray(announcementMessages.runId, ids))),
      tx.select({ runId: announcementOutbox.runId, gameId: announcementOutbox.gameId }).from(announcementOutbox)
        // The game too, so the waiting-row index (game, kind, run) answers it.
        .where(and(inArray(announcementOutbox.gameId, [...new Set(rows.map((r) => r.gameId))]), eq(announcementOutbox.runKind, kind),
          inArray(announcementOutbox.runId, ids), isNotNull(announcementOutbox.nextAttemptAt))),
    ]);
    for (const m of [...messages, ...waiting]) known.add(`${m.gameId}:${kind}:${m.runId}`);
  }
  return rows.filter((r) => known.has(`${r.gameId}:${r.runKind}:${r.runId}`));
}

/**
 * Queues the announcements of many run writes (bulk actions, repeats; any kinds) with a
 * handful of statements whatever their number. Runs in the writes' transaction. A run with
 * a row still waiting has that row's payload replaced (the latest state wins) instead of a
 * second row: edits of one message coalesce.
 */
export async function announceAll(tx: Tx, site: Site, changes: readonly RunChange[], o: { editOnly?: boolean } = {}): Promise<void> {
  if (!changes.length) return;
  // The cheap question first: most games have no webhook, and then a write costs one lookup.
  const hooked = new Set((await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks)).map((h) => h.gameId));
  if (!hooked.size) return;
  const db = tx as unknown as Db;
  const now = site.clock().getTime();
  // Keyed by game and run: a run written twice in one call is queued once, as it ends.
  const byRun = new Map<string, OutboxRow>();
  for (const kind of KINDS) {
    const mine = changes.filter((c) => c.kind === kind);
    if (!mine.length) continue;
    const live = mine.filter((c) => !c.deleted).map((c) => c.id);
    const after = new Map<number, AnyRun>(live.length ? (await SERVER_KINDS[kind].list(db, { ids: live }, new Date(now)) as AnyRun[]).map((r) => [r.id, r]) : []);
    const involved = mine.flatMap((c) => [c.before, after.get(c.id)]).filter((r): r is AnyRun => !!r && hooked.has(r.gameId));
    if (!involved.length) continue;
    const [visibleGames, active, places, cutoffs] = await Promise.all([
      listGames(db, publicScope(site)).then((gs) => new Set(gs.map((g) => g.id))),
      activeBoosters(tx, [...new Set(involved.map((r) => r.boosterId))]),
      capacities(tx, kind, [...after.keys()]),
      tx.select({ id: games.id, cutoff: games.bookingCutoffMinutes }).from(games)
        .where(inArray(games.id, [...new Set(involved.map((r) => r.gameId))])).then((gs) => new Map(gs.map((g) => [g.id, g.cutoff]))),
    ]);
    const isPublic = (run: AnyRun | null | undefined) =>
      !!run && run.status === "available" && Date.parse(run.startsAt) > now && visibleGames.has(run.gameId) && active.has(run.boosterId);
    for (const change of mine) {
      const current = after.get(change.id) ?? null;
      const event = announcementKind({
        deleted: !!change.deleted, status: current?.status, wasPublic: isPublic(change.before), isPublic: isPublic(current),
      });
      // A deleted run is announced as it was; any other as it is now.
      const run = current ?? change.before;
      if (!event || !run || !hooked.has(run.gameId)) continue;
      // The headline follows the run, not the write: a message stays "New run" while the run is on the calendars.
      const headline: AnnouncementKind = event === "run.cancelled" ? event : isPublic(current) ? "run.created" : "run.changed";
      const capacity = places.get(change.id);
      const startsAt = Date.parse(run.startsAt);
      const cutoff = cutoffs.get(run.gameId) ?? 0;
      const shown = current && capacity
        ? { ...bookableOf({ ...capacity, status: current.status, startsAt }, cutoff, now), closesAt: bookingClosesAt(startsAt, cutoff) }
        : null;
      byRun.set(`${run.gameId}:${kind}:${change.id}`, {
        gameId: run.gameId, idempotencyKey: crypto.randomUUID(), kind: event, runKind: kind, runId: change.id,
        payload: announcementMessage(headline, run, site.config.publicOrigin, shown),
        // Due at once, on the same clock the worker reads (or when the message may be edited again).
        nextAttemptAt: new Date(now),
      });
    }
  }
  let rows = [...byRun.values()];
  if (o.editOnly) rows = await onlyAnnounced(tx, rows);
  if (!rows.length) return;
  await dueTimes(tx, site, rows, now);
  await tx.insert(announcementOutbox).values(rows).onConflictDoUpdate({
    target: [announcementOutbox.gameId, announcementOutbox.runKind, announcementOutbox.runId],
    targetWhere: sql`${announcementOutbox.nextAttemptAt} is not null and ${announcementOutbox.runId} is not null`,
    // The waiting row keeps its due time (a backoff, a 429's wait, the edit interval, a lease).
    set: { payload: sql`excluded.payload`, kind: sql`excluded.kind`, revision: sql`${announcementOutbox.revision} + 1` },
  });
}
