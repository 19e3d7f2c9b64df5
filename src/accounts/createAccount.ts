// Creating an account, the one place for it: from an invitation with a password (the invite
// page or a registration), with a nickname only (the person then signs in with the identity
// provider), by completing a pending profile, or on a first external sign-in. An invite
// becomes an account in one transaction that first claims the invite with an atomic
// conditional UPDATE, so a token is single-use even under concurrent requests.
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { administrators, boosterGames, boosters, games, invites, owners, users } from "../../db/schema";
import { sessionsChanged } from "../../db/changes";
import type { UserType } from "../shared/enums";
import type { AccountUser, RegistrationInput } from "../shared/schemas/auth";
import type { Viewer } from "../shared/types";
import type { AuditContext } from "../shared/audit";
import { AccountError, uniqueViolation } from "../api/auth/accountErrors";
import { hashPassword, loadAccountUser, profileCompleted } from "../api/auth/service";
import { sha256 } from "../api/auth/sessions";
import { auditBy, recordAudit } from "../api/audit/record";
import { inviteByToken, openInvite, sameEmail, sentTo, type InviteRow } from "../api/invites/service";

/**
 * Marks one unused, unexpired invite used and returns it, or null. The conditional UPDATE
 * is atomic: of concurrent claims exactly one gets the row (the others wait on its lock
 * and then see is_used = true).
 */
async function claim(tx: Db, which: SQL, now: Date): Promise<InviteRow | null> {
  const [row] = await tx.update(invites)
    .set({ isUsed: true, usedAt: now })
    .where(and(which, openInvite(now)))
    .returning();
  return row ?? null;
}

/** Claims the invite of `token` or throws why not (used, or invalid/expired). */
async function claimToken(tx: Db, token: string, now: Date): Promise<InviteRow> {
  const invite = await claim(tx, eq(invites.tokenHash, sha256(token)), now);
  if (invite) return invite;
  const state = await inviteByToken(tx, token, now);
  throw new AccountError(state.state === "used" ? "inviteUsed" : "invitationInvalid");
}

/** A cheap look before the argon2 work: a bad token costs no hashing (the claim re-checks atomically). */
async function assertUsable(db: Db, token: string, now: Date): Promise<void> {
  const state = await inviteByToken(db, token, now);
  if (state.state !== "valid") throw new AccountError(state.state === "used" ? "inviteUsed" : "invitationInvalid");
}

export type NewAccount = {
  nickname?: string | null;
  passwordHash?: string | null;
  emailVerified?: boolean;
  oidc?: { issuer: string; subject: string };
  firstName?: string | null;
  lastName?: string | null;
};

/** Gives `userId` the invited role's record: owners/administrators row, or the booster with its games. */
async function grantRole(tx: Db, userId: number, invite: InviteRow): Promise<void> {
  const type: UserType = invite.userType;
  if (type === "owner") await tx.insert(owners).values({ userId }).onConflictDoNothing();
  if (type === "administrator") await tx.insert(administrators).values({ userId }).onConflictDoNothing();
  if (type !== "booster") return;
  if (!invite.boosterUserId) throw new AccountError("invitationInvalid");
  const [existing] = await tx.select({ id: boosters.id }).from(boosters).where(eq(boosters.userId, userId)).limit(1);
  let boosterRecordId = existing?.id;
  if (!boosterRecordId) {
    const [taken] = await tx.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, invite.boosterUserId)).limit(1);
    if (taken) throw new AccountError("boosterIdTaken");
    const [b] = await tx.insert(boosters).values({ userId, boosterId: invite.boosterUserId }).returning({ id: boosters.id });
    boosterRecordId = b!.id;
  }
  // Games deleted since the invite was sent are skipped rather than failing the acceptance.
  const live = invite.gameIds.length
    ? await tx.select({ id: games.id }).from(games).where(inArray(games.id, invite.gameIds))
    : [];
  if (live.length) {
    await tx.insert(boosterGames).values(live.map((g) => ({ boosterId: boosterRecordId!, gameId: g.id }))).onConflictDoNothing();
  }
}

/** The audit event of an accepted invitation; the new (or completing) user is the actor. */
function acceptedEvent(tx: Db, audit: AuditContext, invite: InviteRow, userId: number): Promise<void> {
  return recordAudit(tx, audit, {
    action: "invite.accept", entityType: "invite", entityId: invite.id, actorId: userId,
    changes: { isUsed: [false, true], userId: [null, userId] },
  });
}

/** Creates the account an invite describes (inside the caller's transaction). */
async function createAccount(tx: Db, invite: InviteRow, account: NewAccount, now: Date, audit: AuditContext): Promise<number> {
  const [taken] = await tx.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = ${invite.email.toLowerCase()}`, isNull(users.deletedAt))).limit(1);
  if (taken) throw new AccountError("emailTaken");
  if (account.oidc) {
    // A deleted account may still hold this external identity; the new account takes it over.
    await tx.update(users).set({ oidcIssuer: null, oidcSubject: null })
      .where(and(eq(users.oidcIssuer, account.oidc.issuer), eq(users.oidcSubject, account.oidc.subject)));
  }
  const [user] = await tx.insert(users).values({
    email: invite.email.toLowerCase(),
    role: invite.userType,
    status: account.nickname ? "active" : "pending",
    nickname: account.nickname ?? null,
    passwordHash: account.passwordHash ?? null,
    emailVerified: account.emailVerified ?? false,
    oidcIssuer: account.oidc?.issuer ?? null,
    oidcSubject: account.oidc?.subject ?? null,
    firstName: account.firstName?.slice(0, 100) ?? null,
    lastName: account.lastName?.slice(0, 100) ?? null,
    // The invitation's language (the inviter's page language) until the person picks their own.
    locale: invite.locale,
    createdAt: now,
    updatedAt: now,
  }).returning({ id: users.id });
  await grantRole(tx, user!.id, invite);
  // One account per email: the person's other open invitations end with this acceptance
  // (expired, not marked used: they were never accepted).
  await tx.update(invites).set({ expiresAt: now }).where(and(sentTo(invite.email), openInvite(now)));
  await acceptedEvent(tx, audit, invite, user!.id);
  return user!.id;
}

/** Runs an acceptance transaction, turning a lost unique race into the matching message. */
async function inTransaction<R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> {
  try {
    return await db.transaction(async (tx) => work(tx as unknown as Db));
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw new AccountError(constraint.includes("booster") ? "boosterIdTaken" : "emailTaken");
  }
}

/**
 * POST /api/accept-invite/{token}: {nickname} (the person then signs in with the identity
 * provider) or {nickname, email, password} (account creation on /auth). Active with a
 * nickname, pending without.
 */
export async function acceptInvite(
  db: Db, token: string, input: { nickname?: string; email?: string; password?: string }, now: Date, audit: AuditContext = auditBy(null, now),
): Promise<{ user: AccountUser; hasPassword: boolean }> {
  await assertUsable(db, token, now);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const userId = await inTransaction(db, async (tx) => {
    const invite = await claimToken(tx, token, now);
    if (input.email && !sameEmail(input.email, invite.email)) throw new AccountError("emailMismatch");
    return createAccount(tx, invite, { nickname: input.nickname, passwordHash }, now, audit);
  });
  return { user: await loadAccountUser(db, userId), hasPassword: !!passwordHash };
}

/** POST /api/auth/register/{token}: a full registration (email must be the invited one). */
export async function registerWithInvite(
  db: Db, token: string, input: RegistrationInput, now: Date, audit: AuditContext = auditBy(null, now),
): Promise<AccountUser> {
  await assertUsable(db, token, now);
  const passwordHash = await hashPassword(input.password);
  const userId = await inTransaction(db, async (tx) => {
    const invite = await claimToken(tx, token, now);
    if (!sameEmail(input.email, invite.email)) throw new AccountError("emailMismatch");
    return createAccount(tx, invite, { nickname: input.nickname, passwordHash }, now, audit);
  });
  return loadAccountUser(db, userId);
}

/**
 * POST /api/complete-profile-with-invite/{token} (/welcome): a signed-in pending user
 * finishes their profile. An unused invite for their email is claimed and its role
 * granted; the invite that already created this account (external sign-in) is accepted too.
 */
export async function completeProfileWithInvite(
  db: Db, viewer: Pick<Viewer, "id" | "email" | "status">, token: string, nickname: string, now: Date,
  audit: AuditContext = auditBy(viewer.id, now),
): Promise<AccountUser> {
  if (viewer.status !== "pending") throw new AccountError("profileComplete");
  await inTransaction(db, async (tx) => {
    const invite = await claim(tx, eq(invites.tokenHash, sha256(token)), now);
    if (invite) {
      if (!sameEmail(invite.email, viewer.email)) throw new AccountError("emailMismatch");
      await tx.update(users).set({ role: invite.userType, locale: invite.locale }).where(eq(users.id, viewer.id));
      await grantRole(tx, viewer.id, invite);
      await acceptedEvent(tx, audit, invite, viewer.id);
    } else {
      const state = await inviteByToken(tx, token, now);
      if (state.state === "invalid") throw new AccountError("invitationInvalid");
      // Used: fine only when it was this person's own invite.
      if (!sameEmail(state.invite.email, viewer.email)) throw new AccountError("inviteUsed");
    }
    const done = await tx.update(users).set({ nickname, status: "active", updatedAt: now })
      .where(and(eq(users.id, viewer.id), eq(users.status, "pending"))).returning({ id: users.id });
    if (!done.length) throw new AccountError("profileComplete");
    await sessionsChanged(tx);
    await profileCompleted(tx, audit, viewer.id, nickname);
  });
  return loadAccountUser(db, viewer.id);
}

/**
 * External sign-in of a person without an account: the account described by the invitation
 * they opened (`token`, carried through the provider round trip in the signed flow cookie),
 * which must have been sent to their verified email. Without an opened invitation, their
 * only open one; null when they have none. Several open invitations and no link: which one
 * they meant is unknown, so they are asked to open the link.
 */
export async function createAccountFromExternalLogin(
  db: Db, email: string, token: string | null, account: NewAccount & { oidc: { issuer: string; subject: string } }, now: Date,
  audit: AuditContext = auditBy(null, now),
): Promise<number | null> {
  let candidate: number | null = null;
  if (!token) {
    const open = await db.select({ id: invites.id }).from(invites).where(and(sentTo(email), openInvite(now))).limit(2);
    if (!open.length) return null;
    if (open.length > 1) throw new AccountError("inviteAmbiguous");
    candidate = open[0]!.id;
  }
  return inTransaction(db, async (tx) => {
    const invite = token ? await claimToken(tx, token, now) : await claim(tx, eq(invites.id, candidate!), now);
    if (!invite) return null; // claimed by a concurrent request
    if (!sameEmail(invite.email, email)) throw new AccountError("emailMismatch");
    return createAccount(tx, invite, { ...account, emailVerified: true }, now, audit);
  });
}
