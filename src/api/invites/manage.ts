// Staff management of invitations that are still pending (unused, unexpired): the list,
// revoking one, and re-issuing one with a new link. Acting on an invitation follows the
// rule for creating it (domain `canInvite`: staff for boosters, the owner for staff).
import { and, desc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { invites, users } from "../../../db/schema";
import { canInvite } from "../../domain/permissions";
import { listName } from "../../domain/names";
import type { Role } from "../../shared/enums";
import type { PendingInvite } from "../../shared/schemas/users";
import { AccountError } from "../auth/accountErrors";
import { randomToken, sha256 } from "../auth/sessions";
import { INVITE_TTL_MS, type LinkMail } from "./service";
import { queueMail } from "../../mail/queue";
import { invitationMail } from "../../mail/staffMails";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";

type Actor = { id: number; role: Role };

const pending = (now: Date) => and(eq(invites.isUsed, false), gt(invites.expiresAt, now));
const inviter = alias(users, "inviter");

/** GET /api/pending-invites: pending invitations, newest first, with who sent them; one query. */
export async function listPendingInvites(db: Db, now: Date): Promise<PendingInvite[]> {
  const rows = await db
    .select({
      id: invites.id, email: invites.email, userType: invites.userType, boosterUserId: invites.boosterUserId,
      gameIds: invites.gameIds, createdAt: invites.createdAt, expiresAt: invites.expiresAt,
      nickname: inviter.nickname, firstName: inviter.firstName, lastName: inviter.lastName, inviterEmail: inviter.email,
    })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(pending(now))
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows.map(({ nickname, firstName, lastName, inviterEmail, createdAt, expiresAt, ...r }) => ({
    ...r,
    invitedBy: inviterEmail === null ? null : listName({ nickname, firstName, lastName, email: inviterEmail }),
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
}

/** The pending invitation `id`, locked, once the actor may act on it; else 404 or 403. */
async function pendingFor(tx: Db, actor: Actor, id: number, now: Date) {
  const [row] = await tx.select({ id: invites.id, email: invites.email, userType: invites.userType, expiresAt: invites.expiresAt, message: invites.message, locale: invites.locale }).from(invites)
    .where(and(eq(invites.id, id), pending(now))).limit(1).for("update");
  if (!row) throw new AccountError("inviteNotPending");
  if (!canInvite(actor, row.userType)) throw new AccountError("forbidden");
  return row;
}

/** DELETE /api/pending-invites/{id}: the link stops working now (the invitation ends as if expired). */
export async function revokeInvite(db: Db, actor: Actor, id: number, now: Date, audit: AuditContext = auditBy(actor.id, now)): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await pendingFor(tx as unknown as Db, actor, id, now);
    await tx.update(invites).set({ expiresAt: now }).where(eq(invites.id, id));
    await recordAudit(tx, audit, { action: "invite.revoke", entityType: "invite", entityId: id, changes: { expiresAt: [row.expiresAt, now] } });
  });
}

/**
 * POST /api/pending-invites/{id}/reissue: a new token for the same invitation, valid 7 days from
 * now. Only the new token's hash is stored, so the old link dies with the update. With `mail`,
 * the new link is emailed in the same transaction (naming the re-issuer's role as sender).
 */
export async function reissueInvite(
  db: Db, actor: Actor, id: number, now: Date, audit: AuditContext = auditBy(actor.id, now), mail: LinkMail = null,
): Promise<{ token: string; expiresAt: Date; email: string; emailed: boolean }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const email = await db.transaction(async (tx) => {
    const row = await pendingFor(tx as unknown as Db, actor, id, now);
    await tx.update(invites).set({ tokenHash: sha256(token), expiresAt }).where(eq(invites.id, id));
    // The new link itself is a secret: the event says only that it changed.
    await recordAudit(tx, audit, { action: "invite.reissue", entityType: "invite", entityId: id, changes: { expiresAt: [row.expiresAt, expiresAt], emailed: [null, !!mail] } });
    if (mail) {
      await queueMail(tx, now, invitationMail({
        origin: mail.origin, to: row.email, token, expiresAt, sender: actor.role, userType: row.userType, message: row.message, locale: row.locale,
      }));
    }
    return row.email;
  });
  return { token, expiresAt, email, emailed: !!mail };
}
