// Passwords after sign-up: one-time reset links staff issue, and a signed-in person's own
// change. Reset tokens carry 256 random bits and only their SHA-256 is stored; a link is
// claimed with one conditional UPDATE, so it works once even under concurrent requests.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordResets, users } from "../../../db/schema";
import { SIGN_IN_STATUSES, canResetPassword, canSignIn } from "../../domain/permissions";
import type { Role } from "../../shared/enums";
import type { ChangePasswordInput } from "../../shared/schemas/auth";
import { AccountError } from "../auth/accountErrors";
import { hashPassword } from "../auth/service";
import { randomToken, sha256 } from "../auth/sessions";
import { endCredentials, openReset } from "../../accounts/endCredentials";
import { transact } from "../transaction";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { queueMail } from "../../mail/queue";
import { resetMail } from "../../mail/staffMails";
import type { LinkMail } from "../invites/service";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A reset link works for one hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * A new reset link for `userId`, in the caller's transaction (which holds the user row's lock):
 * the person's earlier unused links end, so only the newest works. Only the token's SHA-256 is stored.
 */
async function newResetLink(tx: Tx, userId: number, createdBy: number | null, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await tx.update(passwordResets).set({ expiresAt: now }).where(and(eq(passwordResets.userId, userId), openReset(now)));
  await tx.insert(passwordResets).values({ userId, tokenHash: sha256(token), createdBy, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * POST /api/users/{id}/password-reset: a new link for `targetId` (domain `canResetPassword`).
 * Only an account that may sign in (active or pending) gets one: the others could not use the
 * new password anyway. With `mail`, the link is emailed to the account in the same transaction.
 */
export async function issuePasswordReset(
  db: Db, actor: { id: number; role: Role }, targetId: number, now: Date, audit: AuditContext = auditBy(actor.id, now), mail: LinkMail = null,
): Promise<{ token: string; expiresAt: Date; email: string; emailed: boolean }> {
  return transact(db, async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email, role: users.role, status: users.status, locale: users.locale }).from(users)
      .where(and(eq(users.id, targetId), isNull(users.deletedAt))).limit(1).for("update");
    if (!target) throw new AccountError("userNotFound");
    if (!canResetPassword(actor, target)) throw new AccountError("forbidden");
    if (!canSignIn(target.status)) throw new AccountError("accountInactive");
    const { token, expiresAt } = await newResetLink(tx, target.id, actor.id, now);
    // The link is the secret: the event names whose password may change, and until when.
    await recordAudit(tx, audit, {
      action: "password.reset_request", entityType: "user", entityId: target.id, changes: { resetExpiresAt: [null, expiresAt], emailed: [null, !!mail] },
    });
    if (mail) await queueMail(tx, now, resetMail({ origin: mail.origin, to: target.email, token, expiresAt, sender: actor.role, locale: target.locale }));
    return { token, expiresAt, email: target.email, emailed: !!mail };
  });
}

/**
 * Forgot password (POST /api/auth/forgot, run after the answer: docs/decisions/33): a reset
 * link emailed to the ACTIVE account with this address, if there is one; nothing otherwise.
 * The event names the account by id only, with no actor (whoever asked is not known); an
 * address that matches no active account leaves no trace. Says whether a mail was queued.
 */
export async function forgotPassword(db: Db, email: string, now: Date, audit: AuditContext, mail: { origin: string }): Promise<boolean> {
  return transact(db, async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email, locale: users.locale }).from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), eq(users.status, "active"))).limit(1)
      // Locked: two requests at once for one account queue up, so the later one ends the earlier link.
      .for("update");
    if (!user) return false;
    const { token, expiresAt } = await newResetLink(tx, user.id, null, now);
    await recordAudit(tx, audit, { action: "password.forgot", entityType: "user", entityId: user.id, actorId: null, changes: { resetExpiresAt: [null, expiresAt] } });
    await queueMail(tx, now, resetMail({ origin: mail.origin, to: user.email, token, expiresAt, sender: null, locale: user.locale }));
    return true;
  });
}

/** Live and allowed to sign in (active or pending): a link never sets a password nobody may use. */
const mayUseReset = and(isNull(users.deletedAt), inArray(users.status, [...SIGN_IN_STATUSES]));

/** The account an open reset link is for, or null (unknown, expired, used, or the account is gone or may not sign in). */
export async function resetByToken(db: Db, token: string, now: Date): Promise<{ userId: number; email: string } | null> {
  const [row] = await db.select({ userId: users.id, email: users.email }).from(passwordResets)
    .innerJoin(users, and(eq(users.id, passwordResets.userId), mayUseReset))
    .where(and(eq(passwordResets.tokenHash, sha256(token)), openReset(now)))
    .limit(1);
  return row ?? null;
}

/**
 * POST /api/auth/reset/{token}: sets the new password and ends every session and link of
 * the account (the change feed makes every process's session cache forget them). The claim,
 * the password and the credentials change in one transaction.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date, audit: AuditContext = auditBy(null, now)): Promise<void> {
  // A cheap look first: a dead link costs no argon2 work (the claim re-checks atomically).
  if (!(await resetByToken(db, token, now))) throw new AccountError("resetInvalid");
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [claimed] = await tx.update(passwordResets).set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(token)), openReset(now)))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new AccountError("resetInvalid");
    const done = await tx.update(users).set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), mayUseReset)).returning({ id: users.id });
    if (!done.length) throw new AccountError("resetInvalid");
    await endCredentials(tx as unknown as Db, claimed.userId, now);
    await recordAudit(tx, audit, { action: "password.reset", entityType: "user", entityId: claimed.userId });
  });
}

/** Whether the account has a password to change (an external-sign-in-only account has none). */
export async function hasPassword(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ set: isNotNull(users.passwordHash) }).from(users).where(eq(users.id, userId)).limit(1);
  return !!row?.set;
}

/**
 * POST /api/auth/password: a signed-in person changes their own password, proving the
 * current one. Their other sessions end; the one making the change stays
 * (docs/decisions/06-accounts.md). An account with only external sign-in has no password to change.
 */
export async function changePassword(
  db: Db, userId: number, sessionId: number | null, input: ChangePasswordInput, now: Date, audit: AuditContext = auditBy(userId, now),
): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!user) throw new AccountError("userNotFound");
  if (!user.passwordHash) throw new AccountError("noPassword");
  let ok = false;
  try {
    ok = await Bun.password.verify(input.currentPassword, user.passwordHash);
  } catch {
    ok = false; // a malformed stored hash is a wrong password, not a 500
  }
  if (!ok) throw new AccountError("wrongPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Only if the password is still the one just verified (a concurrent change wins otherwise).
    const done = await tx.update(users).set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash!))).returning({ id: users.id });
    if (!done.length) throw new AccountError("wrongPassword");
    // Other sessions, reset links and invitation links end; the session making the change stays.
    await endCredentials(tx, userId, now, { keepSession: sessionId });
    await recordAudit(tx, audit, { action: "password.change", entityType: "user", entityId: userId });
  });
}
