// Queuing announcements: `announce(tx, site, change)` is called by every run write inside its
// transaction (src/api/runs/service.ts), next to publicChanged(tx). The outbox row commits or
// rolls back with the run, so no announcement is lost or invented; the worker
// (./worker.ts) delivers it later. docs/decisions/17-announcements.md.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementOutbox, boosters, challengeModeRuns, desertPerpetualRuns, gameWebhooks, raidRuns, users } from "../../db/schema";
import type { AppDeps } from "../http/context";
import type { RunKind } from "../shared/enums";
import type { AnyRun } from "../shared/runs";
import { findRun } from "../api/runs/queries";
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

const TABLES = { raid: raidRuns, challenge: challengeModeRuns, desert: desertPerpetualRuns } as const;

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

async function isPublic(tx: Tx, site: Site, run: AnyRun | null, visibleGames: ReadonlySet<number>): Promise<boolean> {
  if (!run || run.status !== "available" || Date.parse(run.startsAt) <= site.clock().getTime() || !visibleGames.has(run.gameId)) return false;
  const [active] = await tx.select({ id: boosters.id }).from(boosters).innerJoin(users, eq(users.id, boosters.userId))
    .where(and(eq(boosters.id, run.boosterId), eq(users.status, "active"), isNull(users.deletedAt)));
  return !!active;
}

/** Queues the write's announcement, if it has one and its game has a webhook. Runs in the write's transaction. */
export async function announce(tx: Tx, site: Site, change: RunChange): Promise<void> {
  const table = TABLES[change.kind];
  // The cheap question first: most games have no webhook, and then a write costs one lookup.
  const hooked = await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks).where(or(
    change.deleted ? undefined : inArray(gameWebhooks.gameId, tx.select({ gameId: table.gameId }).from(table).where(eq(table.id, change.id))),
    change.before ? eq(gameWebhooks.gameId, change.before.gameId) : undefined,
  ));
  if (!hooked.length) return;
  const after = change.deleted ? null : await findRun(tx as unknown as Db, change.kind, change.id);
  const visible = new Set((await listGames(tx as unknown as Db, publicScope(site))).map((g) => g.id));
  const kind = announcementKind({
    deleted: !!change.deleted, status: after?.status,
    wasPublic: await isPublic(tx, site, change.before ?? null, visible), isPublic: await isPublic(tx, site, after, visible),
  });
  // A deleted run is announced as it was; any other as it is now.
  const run = after ?? change.before;
  if (!kind || !run || !hooked.some((h) => h.gameId === run.gameId)) return;
  await tx.insert(announcementOutbox).values({
    gameId: run.gameId, idempotencyKey: crypto.randomUUID(), kind,
    payload: announcementMessage(kind, run, site.config.publicOrigin),
    // Due at once, on the same clock the worker reads.
    nextAttemptAt: site.clock(),
  });
}
