// When someone's access changes (deactivation, deletion, role change, password change),
// everything that could still act for them ends at once: their sessions, their open
// password-reset links and the open invitation links sent to their email. One function,
// called by every such path, so no path can forget one of the three.
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invites, passwordResets, userSessions, users } from "../../db/schema";
import { sessionsChanged } from "../../db/changes";
import { openInvite, sentTo } from "../api/invites/service";

/** A reset link that still works: unused and unexpired. */
export const openReset = (now: Date) => and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/**
 * Ends `userId`'s sessions (all, or all but `keepSession`: the one that changed its own
 * password stays), open reset links and open invitation links, inside the caller's
 * transaction, and tells every process's session cache.
 */
export async function endCredentials(tx: Db, userId: number, now: Date, opts: { keepSession?: number | null } = {}): Promise<void> {
  const keep = opts.keepSession ?? null;
  await tx.update(userSessions).set({ isActive: false, providerIdToken: null })
    .where(and(eq(userSessions.userId, userId), keep === null ? undefined : ne(userSessions.id, keep)));
  await tx.update(passwordResets).set({ expiresAt: now }).where(and(eq(passwordResets.userId, userId), openReset(now)));
  // An invitation is addressed to an email, not an account: the open ones sent to this account's email.
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (user) await tx.update(invites).set({ expiresAt: now }).where(and(sentTo(user.email), openInvite(now)));
  await sessionsChanged(tx);
}
