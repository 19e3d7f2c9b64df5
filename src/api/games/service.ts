import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { unionAll } from "drizzle-orm/pg-core";
import { RUN_TABLES } from "../../kinds/server.generated";
import type { RunTable } from "../../kinds/serverRows";
import { publiclyAvailable } from "../runs/available";
import { isPubliclyVisible, toHierarchy, withCounts, type VisibilityField } from "../../domain/games";
import type { GameCard, GameRow, GameWithChildren } from "../../shared/types";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { publicChanged } from "../../../db/changes";

const columns = {
  id: games.id, name: games.name, slug: games.slug, description: games.description, imageUrl: games.imageUrl,
  prefix: games.prefix, parentGameId: games.parentGameId, isActive: games.isActive, visible: games.visible,
  devVisible: games.devVisible, displayOrder: games.displayOrder, bookingCutoffMinutes: games.bookingCutoffMinutes,
};

/** Which games a caller may see: staff see all, everyone else the visible ones. */
export type GameScope = { all: true } | { all: false; field: VisibilityField };

export async function listGames(db: Db, scope: GameScope): Promise<GameRow[]> {
  const rows = await db.select(columns).from(games).orderBy(asc(games.displayOrder), asc(games.id));
  if (scope.all) return rows;
  const visible = rows.filter((g) => isPubliclyVisible(g, scope.field));
  // A child of a hidden parent is hidden with it.
  const ids = new Set(visible.map((g) => g.id));
  return visible.filter((g) => g.parentGameId === null || ids.has(g.parentGameId));
}

export async function gamesHierarchy(db: Db, scope: GameScope): Promise<GameWithChildren[]> {
  return toHierarchy(await listGames(db, scope));
}

export async function findGameBySlug(db: Db, slug: string, scope: GameScope): Promise<GameRow | null> {
  return (await listGames(db, scope)).find((g) => g.slug === slug) ?? null;
}

/**
 * Available runs per game: status available and start still ahead, over every run
 * kind, in one query (served by the (game_id, status, starts_at) indexes).
 */
export async function availableCounts(db: Db, now: Date): Promise<Map<number, number>> {
  const part = (t: RunTable) =>
    db.select({ gameId: t.gameId, n: count().as("n") }).from(t)
      .where(publiclyAvailable(t, now)).groupBy(t.gameId);
  const [first, second, ...rest] = RUN_TABLES.map(part);
  const rows = await unionAll(first!, second!, ...rest);
  const map = new Map<number, number>();
  for (const r of rows) map.set(r.gameId, (map.get(r.gameId) ?? 0) + Number(r.n));
  return map;
}

/** The landing page's cards: visible top-level games with their visible children and counts. */
export async function gameCards(db: Db, scope: GameScope, now: Date): Promise<GameCard[]> {
  const [tree, counts] = await Promise.all([gamesHierarchy(db, scope), availableCounts(db, now)]);
  return withCounts(tree, counts);
}

export async function setVisibility(
  db: Db, id: number, field: VisibilityField, value: boolean, audit: AuditContext = auditBy(null),
): Promise<GameRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ value: games[field] }).from(games).where(eq(games.id, id)).for("update");
    const [row] = await tx.update(games).set({ [field]: value }).where(eq(games.id, id)).returning(columns);
    if (!row) return null;
    await publicChanged(tx);
    if (before!.value !== value) {
      await recordAudit(tx, audit, { action: "game.update", entityType: "game", entityId: id, changes: { [field]: [before!.value, value] } });
    }
    return row;
  });
}

/**
 * Sets when booking closes before a game's runs start. Every run's `availability` reads it,
 * so visitors' pages follow the change feed like any run write. Null when the game does not exist.
 */
export async function setBookingCutoff(db: Db, id: number, minutes: number, audit: AuditContext = auditBy(null)): Promise<GameRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ minutes: games.bookingCutoffMinutes }).from(games).where(eq(games.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx.update(games).set({ bookingCutoffMinutes: minutes }).where(eq(games.id, id)).returning(columns);
    if (before.minutes !== minutes) {
      await publicChanged(tx);
      await recordAudit(tx, audit, { action: "game.update", entityType: "game", entityId: id, changes: { bookingCutoffMinutes: [before.minutes, minutes] } });
    }
    return row!;
  });
}

/**
 * PATCH /api/games/reorder: sets every listed game's display order in one statement (a CASE over
 * the ids) inside a transaction. Returns null when an id does not exist (nothing changes).
 */
export async function reorderGames(
  db: Db, orders: readonly { id: number; displayOrder: number }[], audit: AuditContext = auditBy(null),
): Promise<GameRow[] | null> {
  const ids = orders.map((o) => o.id);
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: games.id, displayOrder: games.displayOrder }).from(games).where(inArray(games.id, ids)).for("update");
    if (found.length !== ids.length) return null;
    const cases = sql.join(orders.map((o) => sql`when ${o.id} then ${o.displayOrder}::integer`), sql` `);
    await tx.update(games).set({ displayOrder: sql`case ${games.id} ${cases} end` }).where(inArray(games.id, ids));
    await publicChanged(tx);
    // One event per game that moved: each game's history shows its own order changes.
    const was = new Map(found.map((g) => [g.id, g.displayOrder]));
    for (const o of orders.filter((o) => was.get(o.id) !== o.displayOrder)) {
      await recordAudit(tx, audit, { action: "game.reorder", entityType: "game", entityId: o.id, changes: { displayOrder: [was.get(o.id), o.displayOrder] } });
    }
    return tx.select(columns).from(games).orderBy(asc(games.displayOrder), asc(games.id));
  });
}
