import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { boosters, users } from "../../../db/schema";
import type { AccountUser } from "../../shared/schemas/auth";
import type { Viewer } from "../../shared/types";
import { AccountError } from "./accountErrors";
import { randomToken } from "./sessions";
import { sessionsChanged } from "../../../db/changes";
import { auditBy, recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { canSignIn } from "../../domain/permissions";

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

// Verified against when the email is unknown or has no password, so every failed sign-in
// costs the same argon2 work and timing does not reveal which emails exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomToken()));

/**
 * The live user these credentials belong to, or null: unknown email, wrong password,
 * no password, inactive, suspended or deleted all look the same to the caller.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<{ id: number } | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  const hash = user?.passwordHash ?? (await dummy());
  let ok = false;
  try {
    ok = await Bun.password.verify(password, hash);
  } catch {
    ok = false; // a malformed stored hash is a failed sign-in, not a 500
  }
  if (!user?.passwordHash || !ok || !canSignIn(user.status)) return null;
  return { id: user.id };
}

/** What the API tells a person about themselves (never the password hash). */
export function accountUser(v: Pick<Viewer, "id" | "email" | "role" | "status" | "nickname" | "firstName" | "lastName" | "boosterId">): AccountUser {
  return {
    id: v.id, email: v.email, role: v.role, status: v.status, nickname: v.nickname,
    firstName: v.firstName, lastName: v.lastName, booster: v.boosterId ? { boosterId: v.boosterId } : null,
  };
}

export async function loadAccountUser(db: Db, userId: number): Promise<AccountUser> {
  const [row] = await db
    .select({
      id: users.id, email: users.email, role: users.role, status: users.status, nickname: users.nickname,
      firstName: users.firstName, lastName: users.lastName, boosterId: boosters.boosterId,
    })
    .from(users)
    .leftJoin(boosters, eq(boosters.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AccountError("notFound");
  return accountUser(row);
}

/** /complete-profile: a pending user picks a nickname and becomes active. */
export async function completeProfile(
  db: Db, userId: number, nickname: string, now: Date, audit: AuditContext = auditBy(userId, now),
): Promise<AccountUser> {
  await db.transaction(async (tx) => {
    const done = await tx.update(users)
      .set({ nickname, status: "active", updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.status, "pending"), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!done.length) throw new AccountError("profileComplete");
    await sessionsChanged(tx); // the header shows the new nickname
    await profileCompleted(tx, audit, userId, nickname);
  });
  return loadAccountUser(db, userId);
}

/** The audit event of a pending account completing its profile (nickname chosen, now active). */
export function profileCompleted(tx: Db, audit: AuditContext, userId: number, nickname: string): Promise<void> {
  return recordAudit(tx, audit, {
    action: "user.update", entityType: "user", entityId: userId, actorId: userId,
    changes: { nickname: [null, nickname], status: ["pending", "active"] },
  });
}

/**
 * /account: the person's language. The session cache forgets them (sessionsChanged), so the
 * next request already speaks it.
 */
export async function setLocale(db: Db, userId: number, locale: string, now: Date, audit: AuditContext = auditBy(userId, now)): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ locale: users.locale }).from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt))).for("update");
    if (!before) throw new AccountError("notFound");
    if (before.locale === locale) return;
    await tx.update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
    await sessionsChanged(tx);
    await recordAudit(tx, audit, {
      action: "user.update", entityType: "user", entityId: userId, actorId: userId, changes: { locale: [before.locale, locale] },
    });
  });
}
