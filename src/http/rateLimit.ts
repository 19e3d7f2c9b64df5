// Fixed-window attempt counters in the `rate_limits` table, so every app process shares
// them. Checked before any password hashing: a flood costs one upsert per attempt.
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

export type Limit = { limit: number; windowMs: number };

const MINUTE = 60_000;

/** Every limit of the app, in one place (docs/decisions lists them). */
export const RATE_LIMITS = {
  /** Sign-in attempts for one email from one address. */
  loginAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Sign-in attempts from one address, whatever the email. */
  loginIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Account registrations (/api/auth/register/{token}) from one address. */
  register: { limit: 20, windowMs: 15 * MINUTE },
  /** Invite acceptances and profile completions with an invite from one address. */
  inviteAccept: { limit: 30, windowMs: 15 * MINUTE },
  /** Password resets with a link (/api/auth/reset/{token}) from one address. */
  passwordReset: { limit: 30, windowMs: 15 * MINUTE },
  /** Password changes from one session (each checks the current password): a stolen session spends only its own. */
  passwordChange: { limit: 10, windowMs: 15 * MINUTE },
  /** Password changes of one account across all its sessions: the looser ceiling behind the per-session one. */
  passwordChangeAccount: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * Counted booking clicks (/go) from one address (an IPv6 /64) in a clock hour; past it the
   * redirect still works, uncounted. Held in each process's memory as HMAC digests only
   * (nothing about a visitor is stored), so with WORKERS=N an address counts at most N times this.
   */
  bookingClicks: { limit: 20, windowMs: 60 * MINUTE },
  /** Visitor alert sign-ups (POST /api/alerts, /alerts) from one address. */
  alertSignUpIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Visitor alert sign-ups for one email, from anywhere (the confirmation mails themselves are capped at one per 10 minutes). */
  alertSignUpEmail: { limit: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

// Rows older than this are dead weight; pruned now and then.
const PRUNE_AFTER_MS = 24 * 60 * MINUTE;

const digest = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest("hex").slice(0, 40);

/** A bounded key (the column is 200 characters) that does not store the raw email. */
export function limitKey(kind: string, ...parts: string[]): string {
  return `${kind}:${digest(parts.join("\u0000"))}`;
}

/**
 * Counts one attempt under `key` and says whether it is within the limit. One atomic
 * upsert: a window older than `windowMs` restarts at 1.
 */
export async function consume(db: Db, key: string, rule: Limit, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await db.insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - PRUNE_AFTER_MS)));
  }
  return row!.count <= rule.limit;
}

/** Counts one attempt under every key; false when any of them is over its limit. */
export async function consumeAll(db: Db, checks: readonly (readonly [string, Limit])[], now: Date): Promise<boolean> {
  const results = await Promise.all(checks.map(([key, rule]) => consume(db, key, rule, now)));
  return results.every(Boolean);
}

/** Forgets the attempts under `key` (a successful sign-in clears its account counter). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
