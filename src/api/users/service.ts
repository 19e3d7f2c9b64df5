import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  administrators, boosterGames, boosters, games, owners, users,
} from "../../../db/schema";
import { endCredentials } from "../../accounts/endCredentials";
import { canAct, canChangeRole, canManageUser, canSignIn } from "../../domain/permissions";
import { DomainError } from "../../domain/errors";
import { transact } from "../transaction";
import { RUN_TABLES } from "../../kinds/server.generated";
import type { UpdateUserInput, UserListItem } from "../../shared/schemas/users";
import type { Role, UserStatus } from "../../shared/enums";
import { T } from "../../shared/text";
import { publicChanged, sessionsChanged } from "../../../db/changes";
import { auditBy, changesBetween, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";


export type Actor = { id: number; role: Role };

/**
 * Live (not deleted) users for the users list, oldest first, with each booster's active
 * game assignments: two queries whatever the number of users. Only listed columns leave
 * the database, so password hashes and tokens never do.
 */
export async function listUsers(db: Db, ids?: number[]): Promise<UserListItem[]> {
  const rows = await db
    .select({
      id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, nickname: users.nickname,
      profileImageUrl: users.profileImageUrl, role: users.role, status: users.status, createdAt: users.createdAt,
      boosterRecordId: boosters.id, boosterId: boosters.boosterId,
    })
    .from(users)
    .leftJoin(boosters, eq(boosters.userId, users.id))
    .where(and(isNull(users.deletedAt), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.createdAt), asc(users.id));
  const boosterIds = rows.flatMap((r) => (r.boosterRecordId === null ? [] : [r.boosterRecordId]));
  const links = boosterIds.length
    ? await db.select({ boosterId: boosterGames.boosterId, gameId: boosterGames.gameId }).from(boosterGames)
      .where(and(inArray(boosterGames.boosterId, boosterIds), eq(boosterGames.isActive, true)))
      .orderBy(asc(boosterGames.gameId))
    : [];
  const gamesOf = new Map<number, number[]>();
  for (const l of links) gamesOf.set(l.boosterId, [...(gamesOf.get(l.boosterId) ?? []), l.gameId]);
  return rows.map(({ boosterRecordId, boosterId, createdAt, ...u }) => ({
    ...u,
    createdAt: createdAt.toISOString(),
    booster: boosterRecordId !== null && boosterId !== null
      ? { id: boosterRecordId, boosterId, gameIds: gamesOf.get(boosterRecordId) ?? [] }
      : null,
  }));
}

type Target = { id: number; role: Role; status: UserStatus; boosterRecordId: number | null };

async function loadTarget(db: Db, id: number): Promise<Target> {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status, boosterRecordId: boosters.id })
    .from(users)
    .leftJoin(boosters, eq(boosters.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    // Serialises concurrent edits of one user (e.g. two owners demoting each other).
    .for("update", { of: users });
  if (!row) throw new DomainError("not_found", T.users.notFound);
  return row;
}

/**
 * Every live owner's row, locked in id order until the transaction ends. Taken first, before
 * the target's row, by every user change: one fixed lock order, so two owners acting on
 * each other wait in turn instead of deadlocking, and "the last owner" cannot race.
 */
async function lockOwners(db: Db): Promise<{ id: number; status: UserStatus }[]> {
  return db.select({ id: users.id, status: users.status }).from(users)
    .where(and(eq(users.role, "owner"), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for("update");
}

/**
 * Owners who can sign in and act (domain `canAct`: active, and live since only live rows
 * are locked) once `target` is changed as `after` says. The platform must keep one.
 */
function actingOwnersAfter(locked: { id: number; status: UserStatus }[], target: Target, after: { role: Role; status: UserStatus } | null): number {
  const others = locked.filter((o) => o.id !== target.id && canAct(o)).length;
  return others + (after && after.role === "owner" && canAct(after) ? 1 : 0);
}

/** An owner whose ownership ended while this request waited for the locks may no longer act as one. */
function assertStillOwner(actor: Actor, locked: { id: number; status: UserStatus }[]): void {
  if (actor.role === "owner" && !locked.some((o) => o.id === actor.id && canAct(o))) {
    throw new DomainError("forbidden", T.validation.forbidden);
  }
}

/** What a user edit can change, for the audit trail's before and after. */
async function editableFields(tx: Db, id: number) {
  const [u] = await listUsers(tx, [id]);
  return u ? { nickname: u.nickname, role: u.role, status: u.status, gameIds: u.booster?.gameIds ?? null } : null;
}

/**
 * PATCH /api/users/{id}: an administrator edits boosters only; only the owner
 * changes the role of a non-booster; a booster's games are replaced as a whole;
 * deactivation and a role change end the user's sessions and links at once. All in one transaction.
 */
export async function updateUser(
  db: Db, actor: Actor, targetId: number, input: UpdateUserInput, now: Date, audit: AuditContext = auditBy(actor.id, now),
): Promise<UserListItem> {
  await transact(db, async (tx) => {
    const ownerRows = await lockOwners(tx);
    assertStillOwner(actor, ownerRows);
    const target = await loadTarget(tx, targetId);
    if (!canManageUser(actor, target)) throw new DomainError("forbidden", T.validation.forbidden);
    const before = await editableFields(tx, target.id);

    const role = input.role ?? target.role;
    if (input.role !== undefined && input.role !== target.role && !canChangeRole(actor, target)) {
      throw new DomainError("forbidden", T.validation.forbidden);
    }

    // The form's switch says "may use the platform". An unchanged switch keeps the stored
    // status (a pending user stays pending, a suspended one suspended).
    let status = target.status;
    if (canSignIn(target.status) !== (input.status === "active")) status = input.status;
    if (status === "inactive" && target.id === actor.id) throw new DomainError("invalid", T.users.cannotDeactivateSelf);
    if (actingOwnersAfter(ownerRows, target, { role, status }) === 0 && actingOwnersAfter(ownerRows, target, target) > 0) {
      throw new DomainError("invalid", role !== "owner" ? T.users.cannotDemoteLastOwner : T.users.cannotDeactivateLastOwner);
    }

    if (input.gameIds !== undefined && target.boosterRecordId !== null) {
      const wanted = [...new Set(input.gameIds)];
      if (wanted.length) {
        const found = await tx.select({ id: games.id }).from(games).where(inArray(games.id, wanted));
        if (found.length !== wanted.length) throw new DomainError("invalid", T.users.unknownGame);
      }
      await tx.delete(boosterGames).where(eq(boosterGames.boosterId, target.boosterRecordId));
      if (wanted.length) await tx.insert(boosterGames).values(wanted.map((gameId) => ({ boosterId: target.boosterRecordId!, gameId })));
    }

    await tx.update(users).set({ nickname: input.nickname, status, role, updatedAt: now }).where(eq(users.id, target.id));

    if (role !== target.role) {
      // The role tables (administrators, owners: one row per user) mirror users.role.
      await tx.delete(administrators).where(eq(administrators.userId, target.id));
      await tx.delete(owners).where(eq(owners.userId, target.id));
      if (role === "owner") await tx.insert(owners).values({ userId: target.id });
      else if (role === "administrator") await tx.insert(administrators).values({ userId: target.id });
    }

    // Losing access or changing role ends every credential the person holds (sessions, reset and invitation links).
    if ((canSignIn(target.status) && !canSignIn(status)) || role !== target.role) await endCredentials(tx, target.id, now);
    // Status and booster games decide public runs; nickname and role show in the header.
    await publicChanged(tx);
    await sessionsChanged(tx);
    const action = status === "inactive" && target.status !== "inactive" ? "user.deactivate" : "user.update";
    await recordAudit(tx, audit, { action, entityType: "user", entityId: target.id, changes: changesBetween(before, await editableFields(tx, target.id)) });
  });
  const [item] = await listUsers(db, [targetId]);
  return item!;
}

/**
 * DELETE /api/users/{id}: in one transaction the account is marked deleted and
 * inactive, every run of the booster is expired (so it leaves the public pages), and all
 * sessions and links end; sign-in ignores deleted accounts. The row stays so past runs keep a booster.
 */
export async function deleteUser(db: Db, actor: Actor, targetId: number, now: Date, audit: AuditContext = auditBy(actor.id, now)): Promise<void> {
  await transact(db, async (tx) => {
    const ownerRows = await lockOwners(tx);
    assertStillOwner(actor, ownerRows);
    const target = await loadTarget(tx, targetId);
    if (!canManageUser(actor, target)) throw new DomainError("forbidden", T.validation.forbidden);
    if (actingOwnersAfter(ownerRows, target, null) === 0 && actingOwnersAfter(ownerRows, target, target) > 0) {
      throw new DomainError("invalid", T.users.cannotDeleteLastOwner);
    }
    if (target.id === actor.id) throw new DomainError("invalid", T.users.cannotDeleteSelf);

    await tx.update(users).set({ deletedAt: now, status: "inactive", updatedAt: now }).where(eq(users.id, target.id));
    if (target.boosterRecordId !== null) {
      const b = target.boosterRecordId;
      for (const t of RUN_TABLES) {
        await tx.update(t).set({ status: "expired", updatedAt: now, revision: sql`${t.revision} + 1` }).where(and(eq(t.boosterId, b), ne(t.status, "expired")));
      }
      await tx.update(boosterGames).set({ isActive: false }).where(eq(boosterGames.boosterId, b));
    }
    await endCredentials(tx, target.id, now);
    await publicChanged(tx);
    await recordAudit(tx, audit, { action: "user.delete", entityType: "user", entityId: target.id, changes: { status: [target.status, "inactive"], deleted: [false, true] } });
  });
}
