import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { createAccountFromExternalLogin } from "./createAccount";
import type { ExternalIdentity } from "../api/auth/oidc";
import { auditBy, recordAudit } from "../api/audit/record";
import type { AuditContext } from "../shared/audit";
import { canSignIn } from "../domain/permissions";

/**
 * Who an external identity signs in as: the live account linked to it; else the live
 * account with its verified email (linked now); else a new account from the invitation
 * opened before the round trip (`inviteToken`), or their only open one. Null for anyone
 * else (and for inactive or suspended accounts); throws an AccountError when an invitation
 * cannot become an account.
 */
export async function signInExternal(
  db: Db, id: ExternalIdentity, now: Date, inviteToken: string | null = null, audit: AuditContext = auditBy(null, now),
): Promise<number | null> {
  const [linked] = await db.select({ id: users.id, status: users.status }).from(users)
    .where(and(eq(users.oidcIssuer, id.issuer), eq(users.oidcSubject, id.subject), isNull(users.deletedAt))).limit(1);
  if (linked) return canSignIn(linked.status) ? linked.id : null;
  if (!id.email || !id.emailVerified) return null;

  const [byEmail] = await db.select({ id: users.id, status: users.status, oidcIssuer: users.oidcIssuer }).from(users)
    .where(and(sql`lower(${users.email}) = ${id.email}`, isNull(users.deletedAt))).limit(1);
  if (byEmail) {
    if (!canSignIn(byEmail.status)) return null;
    // Already linked to another identity of this provider: the email alone does not override it.
    if (byEmail.oidcIssuer === id.issuer) return null;
    await db.transaction(async (tx) => {
      // A deleted account may still hold this identity (the link is unique); release it.
      await tx.update(users).set({ oidcIssuer: null, oidcSubject: null })
        .where(and(eq(users.oidcIssuer, id.issuer), eq(users.oidcSubject, id.subject), isNotNull(users.deletedAt)));
      await tx.update(users).set({ oidcIssuer: id.issuer, oidcSubject: id.subject, emailVerified: true, updatedAt: now })
        .where(eq(users.id, byEmail.id));
      await recordAudit(tx, audit, {
        action: "user.update", entityType: "user", entityId: byEmail.id, actorId: byEmail.id, changes: { externalSignIn: [false, true] },
      });
    });
    return byEmail.id;
  }

  return createAccountFromExternalLogin(db, id.email, inviteToken, {
    oidc: { issuer: id.issuer, subject: id.subject }, firstName: id.firstName, lastName: id.lastName,
  }, now, audit);
}
