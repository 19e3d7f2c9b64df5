// Invitations: creation by staff and lookup by token. Accepting one creates an account
// (src/accounts/createAccount.ts).
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { boosters, games, invites, users } from "../../../db/schema";
import { canInvite } from "../../domain/permissions";
import type { UserType } from "../../shared/enums";
import type { Invite } from "../../shared/schemas/auth";
import type { Viewer } from "../../shared/types";
import { AccountError } from "../auth/accountErrors";
import { randomToken, sha256 } from "../auth/sessions";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { queueMail } from "../../mail/queue";
import { invitationMail } from "../../mail/staffMails";

/** An invitation link works for 7 days (our choice; the product sets no duration). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteRow = typeof invites.$inferSelect;
export type InviteState = { state: "valid"; invite: InviteRow } | { state: "used"; invite: InviteRow } | { state: "invalid" };

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Invitations that can still be accepted: unused and unexpired. */
export const openInvite = (now: Date) => and(eq(invites.isUsed, false), gt(invites.expiresAt, now));
export const sentTo = (email: string) => sql`lower(${invites.email}) = ${email.toLowerCase()}`;

/** Where a link mail's link points (PUBLIC_ORIGIN), or null when mail is unavailable and nothing is sent. */
export type LinkMail = { origin: string } | null;

/**
 * Creates an invitation; the token is returned once and only its hash is stored. With `mail`,
 * the invitation is emailed: queued in the same transaction, so it goes exactly when the
 * invitation exists.
 */
export async function createInvite(
  db: Db, actor: Pick<Viewer, "id" | "role">, input: Invite & { locale: string }, now: Date, audit: AuditContext = auditBy(actor.id, now), mail: LinkMail = null,
): Promise<{ token: string; expiresAt: Date; emailed: boolean }> {
  if (!canInvite(actor, input.userType)) throw new AccountError("forbidden");
  const booster = input.userType === "booster";
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt))).limit(1);
  if (taken) throw new AccountError("emailTaken");
  const gameIds = booster ? [...new Set(input.gameIds)] : [];
  if (booster) {
    const [dup] = await db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, input.boosterUserId!)).limit(1);
    if (dup) throw new AccountError("boosterIdTaken");
    // An open invitation holds its booster id too, or two people could be promised one id.
    // A new invitation to the same email may repeat it (a re-sent link): one email makes one account.
    const [held] = await db.select({ id: invites.id }).from(invites)
      .where(and(eq(invites.boosterUserId, input.boosterUserId!), openInvite(now), sql`lower(${invites.email}) <> ${input.email.toLowerCase()}`))
      .limit(1);
    if (held) throw new AccountError("boosterIdTaken");
    const found = await db.select({ id: games.id }).from(games).where(inArray(games.id, gameIds));
    if (found.length !== gameIds.length) throw new AccountError("unknownGames");
  }
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const fields = { email: input.email, userType: input.userType, boosterUserId: booster ? input.boosterUserId : null, gameIds, locale: input.locale, expiresAt };
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(invites).values({ ...fields, tokenHash: sha256(token), invitedBy: actor.id, message: input.message })
      .returning({ id: invites.id });
    const changes = Object.fromEntries(Object.entries({ ...fields, emailed: !!mail }).map(([k, v]) => [k, [null, v]]));
    await recordAudit(tx, audit, { action: "invite.create", entityType: "invite", entityId: row!.id, changes: changes as Record<string, [null, unknown]> });
    if (mail) {
      await queueMail(tx, now, invitationMail({
        origin: mail.origin, to: input.email, token, expiresAt, sender: actor.role, userType: input.userType, message: input.message, locale: input.locale,
      }));
    }
  });
  return { token, expiresAt, emailed: !!mail };
}

/** An invite by its token: valid (unused, unexpired), used, or invalid (unknown or expired). */
export async function inviteByToken(db: Db, token: string, now: Date): Promise<InviteState> {
  const [invite] = await db.select().from(invites).where(eq(invites.tokenHash, sha256(token))).limit(1);
  if (!invite) return { state: "invalid" };
  if (invite.isUsed) return { state: "used", invite };
  if (invite.expiresAt <= now) return { state: "invalid" };
  return { state: "valid", invite };
}

/** The public face of an invite (what the token holder may see). */
export function inviteInfo(invite: InviteRow) {
  return {
    email: invite.email, userType: invite.userType, boosterUserId: invite.boosterUserId,
    message: invite.message, gameIds: invite.gameIds, expiresAt: invite.expiresAt.toISOString(),
  };
}

/** GET /api/user/invite-info: the invite the signed-in person accepted, else the newest one sent to their email. */
export async function inviteInfoForUser(db: Db, email: string): Promise<{ userType: UserType; boosterUserId: string | null } | null> {
  const [row] = await db.select({ userType: invites.userType, boosterUserId: invites.boosterUserId }).from(invites)
    .where(sentTo(email))
    .orderBy(desc(invites.isUsed), desc(invites.createdAt), desc(invites.id))
    .limit(1);
  return row ?? null;
}
