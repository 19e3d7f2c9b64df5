import { and, eq, isNull } from "drizzle-orm";
import { timingSafeEqual } from "node:crypto";
import type { Db } from "../../../db/client";
import { boosters, userSessions, users } from "../../../db/schema";
import type { Viewer } from "../../shared/types";
import type { AnyLocale } from "../../shared/i18n/locales";
import { sessionsChanged } from "../../../db/changes";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { canSignIn } from "../../domain/permissions";

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export function sha256(value: string): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}

export function randomToken(bytes = 32): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
}

export async function createSession(
  db: Db,
  input: { userId: number; userAgent?: string | null; ipAddress?: string | null; now: Date; sealedIdToken?: string | null; audit?: AuditContext },
): Promise<{ id: number; secret: string; expiresAt: Date }> {
  const secret = randomToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_TTL_MS);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(userSessions).values({
      userId: input.userId, secretHash: sha256(secret), expiresAt,
      userAgent: input.userAgent?.slice(0, 500) ?? null, ipAddress: input.ipAddress?.slice(0, 64) ?? null,
      providerIdToken: input.sealedIdToken ?? null,
    }).returning({ id: userSessions.id });
    await tx.update(users).set({ lastLoginAt: input.now }).where(eq(users.id, input.userId));
    // The signed-in person is the actor (the request had none); how they signed in, never with what.
    await recordAudit(tx, input.audit ?? auditBy(input.userId, input.now), {
      action: "session.sign_in", entityType: "session", entityId: row!.id, actorId: input.userId,
      changes: { method: [null, input.sealedIdToken ? "external" : "password"] },
    });
    return row!.id;
  });
  return { id, secret, expiresAt };
}

/** A signed-in person for a session id and secret, checked against the row on every request. */
export async function resolveSession(db: Db, sessionId: number, secret: string, now: Date): Promise<Viewer | null> {
  const [row] = await db
    .select({
      secretHash: userSessions.secretHash, isActive: userSessions.isActive, expiresAt: userSessions.expiresAt,
      id: users.id, email: users.email, role: users.role, status: users.status, nickname: users.nickname,
      firstName: users.firstName, lastName: users.lastName, boosterId: boosters.boosterId, boosterRecordId: boosters.id,
      locale: users.locale,
    })
    .from(userSessions)
    .innerJoin(users, and(eq(users.id, userSessions.userId), isNull(users.deletedAt)))
    .leftJoin(boosters, eq(boosters.userId, users.id))
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  if (!row?.isActive || row.expiresAt <= now) return null;
  const a = Buffer.from(row.secretHash, "hex");
  const b = Buffer.from(sha256(secret), "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  // Deactivated and suspended accounts lose access at once.
  if (!canSignIn(row.status)) return null;
  const { secretHash: _h, isActive: _a, expiresAt: _e, ...viewer } = row;
  // The column's CHECK keeps it one of these.
  return { ...viewer, locale: viewer.locale as AnyLocale };
}

/** Ends a session; returns the sealed provider ID token it held (external sign-in), which it forgets. */
export async function endSession(db: Db, sessionId: number, audit?: AuditContext): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ providerIdToken: userSessions.providerIdToken, userId: userSessions.userId }).from(userSessions)
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.isActive, true)));
    if (!row) return null; // already ended: nothing changes, nothing to record
    await tx.update(userSessions).set({ isActive: false, providerIdToken: null }).where(eq(userSessions.id, sessionId));
    await sessionsChanged(tx);
    await recordAudit(tx, audit ?? auditBy(row.userId), {
      action: "session.sign_out", entityType: "session", entityId: sessionId, actorId: row.userId, changes: { isActive: [true, false] },
    });
    return row.providerIdToken;
  });
}
