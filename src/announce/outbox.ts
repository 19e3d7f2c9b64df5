// Queuing announcements: `announce(tx, site, change)` is called by every run write inside its
// transaction (src/api/runs/service.ts), next to publicChanged(tx). The outbox row commits or
// rolls back with the run, so no announcement is lost or invented; the worker
// (./worker.ts) delivers it later. docs/decisions/19-announcements.md.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementOutbox, boosters, gameWebhooks, users } from "../../db/schema";
import type { AppDeps } from "../http/context";
import type { RunKind } from "../shared/enums";
import { KINDS } from "../kinds/registry";
import type { AnyRun } from "../kinds/runs";
import { SERVER_KINDS } from "../kinds/server.generated";
import { listGames } from "../api/games/service";
import { publicScope } from "../api/games/scope";
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

/**
 * Queues the announcements of many run writes (bulk actions, repeats; any kinds) with a
 * handful of statements whatever their number. Runs in the writes' transaction.
 */
export async function announceAll(tx: Tx, site: Site, changes: readonly RunChange[]): Promise<void> {
  if (!changes.length) return;
  // The cheap question first: most games have no webhook, and then a write costs one lookup.
  const hooked = new Set((await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks)).map((h) => h.gameId));
  if (!hooked.size) return;
  const db = tx as unknown as Db;
  const now = site.clock().getTime();
  const rows: (typeof announcementOutbox.$inferInsert)[] = [];
  for (const kind of KINDS) {
    const mine = changes.filter((c) => c.kind === kind);
    if (!mine.length) continue;
    const live = mine.filter((c) => !c.deleted).map((c) => c.id);
    const after = new Map<number, AnyRun>(live.length ? (await SERVER_KINDS[kind].list(db, { ids: live }, new Date(now)) as AnyRun[]).map((r) => [r.id, r]) : []);
    const involved = mine.flatMap((c) => [c.before, after.get(c.id)]).filter((r): r is AnyRun => !!r && hooked.has(r.gameId));
    if (!involved.length) continue;
    const [visibleGames, active] = await Promise.all([
      listGames(db, publicScope(site)).then((gs) => new Set(gs.map((g) => g.id))),
      activeBoosters(tx, [...new Set(involved.map((r) => r.boosterId))]),
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
      rows.push({
        gameId: run.gameId, idempotencyKey: crypto.randomUUID(), kind: event,
        payload: announcementMessage(event, run, site.config.publicOrigin),
        // Due at once, on the same clock the worker reads.
        nextAttemptAt: new Date(now),
      });
    }
  }
  if (rows.length) await tx.insert(announcementOutbox).values(rows);
}
