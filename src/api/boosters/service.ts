// Boosters as the run forms see them: the staff's booster dropdown, the current
// booster, and the games assigned to a booster. Deleted accounts are left out.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { BoosterListItem, CurrentBooster } from "../../shared/schemas/responses";
import { boosterGames, boosters, games, users } from "../../../db/schema";
import type { GameRow } from "../../shared/types";
import { canAct } from "../../domain/permissions";


const userColumns = {
  id: users.id, nickname: users.nickname, email: users.email, firstName: users.firstName, lastName: users.lastName,
};

/** Every live booster with their active game assignments, in two queries. */
export async function listBoosters(db: Db): Promise<BoosterListItem[]> {
  const rows = await db.select({ id: boosters.id, boosterId: boosters.boosterId, user: userColumns })
    .from(boosters)
    .innerJoin(users, and(eq(users.id, boosters.userId), isNull(users.deletedAt)))
    .orderBy(asc(boosters.boosterId));
  if (!rows.length) return [];
  const links = await db.select({ boosterId: boosterGames.boosterId, gameId: boosterGames.gameId })
    .from(boosterGames)
    .where(and(inArray(boosterGames.boosterId, rows.map((r) => r.id)), eq(boosterGames.isActive, true)))
    .orderBy(asc(boosterGames.gameId));
  const byBooster = new Map<number, { gameId: number }[]>();
  for (const l of links) {
    const list = byBooster.get(l.boosterId) ?? [];
    list.push({ gameId: l.gameId });
    byBooster.set(l.boosterId, list);
  }
  return rows.map((r) => ({ ...r, boosterGames: byBooster.get(r.id) ?? [] }));
}

/** A live booster by record id, or null (unknown or deleted account). */
export async function findBooster(db: Db, id: number): Promise<CurrentBooster | null> {
  const [row] = await db.select({ id: boosters.id, boosterId: boosters.boosterId, user: userColumns })
    .from(boosters)
    .innerJoin(users, and(eq(users.id, boosters.userId), isNull(users.deletedAt)))
    .where(eq(boosters.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Inside a run write's transaction: locks the booster's user row (FOR SHARE, so parallel
 * run writes do not wait for each other) and says whether the account may have runs:
 * active and not deleted. Deleting or deactivating a user locks the same row FOR UPDATE
 * first, so the two never interleave: a run written first is expired by the deletion, a
 * run written after it sees the deleted account.
 */
export async function lockBoosterAccount(tx: Db, boosterRecordId: number): Promise<boolean> {
  const [row] = await tx.select({ status: users.status, deletedAt: users.deletedAt })
    .from(boosters)
    .innerJoin(users, eq(users.id, boosters.userId))
    .where(eq(boosters.id, boosterRecordId))
    .for("share", { of: users });
  return !!row && row.deletedAt === null && canAct(row);
}

/** Ids of the games actively assigned to a booster record. */
export async function assignedGameIds(db: Db, boosterRecordId: number): Promise<number[]> {
  const rows = await db.select({ gameId: boosterGames.gameId }).from(boosterGames)
    .where(and(eq(boosterGames.boosterId, boosterRecordId), eq(boosterGames.isActive, true)));
  return rows.map((r) => r.gameId);
}

/** The games assigned to a booster, in display order. */
export async function assignedGames(db: Db, boosterRecordId: number): Promise<GameRow[]> {
  return db.select({
    id: games.id, name: games.name, slug: games.slug, description: games.description, imageUrl: games.imageUrl,
    prefix: games.prefix, parentGameId: games.parentGameId, isActive: games.isActive, visible: games.visible,
    devVisible: games.devVisible, displayOrder: games.displayOrder, bookingCutoffMinutes: games.bookingCutoffMinutes,
  })
    .from(boosterGames)
    .innerJoin(games, eq(games.id, boosterGames.gameId))
    .where(and(eq(boosterGames.boosterId, boosterRecordId), eq(boosterGames.isActive, true)))
    .orderBy(asc(games.displayOrder), asc(games.id));
}
