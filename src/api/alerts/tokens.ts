// Alert link tokens: 32 random bytes in the link, only their SHA-256 in the database, so a
// read of the table (or a backup) cannot confirm, stop or list anyone's alerts.
import { and, eq, gt } from "drizzle-orm";
import { alertTokens } from "../../../db/schema";
import type { Tx } from "../../kinds/serverRows";
import type { Db } from "../../../db/client";

export const hashToken = (raw: string): string => new Bun.CryptoHasher("sha256").update(raw).digest("hex");

/** A fresh token: what goes in the link, and what is stored. */
export function newToken(): { raw: string; hash: string } {
  const raw = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  return { raw, hash: hashToken(raw) };
}

export type TokenPurpose = "confirm" | "mail";

/** Stores one token's hash; answers the raw token for the link. */
export async function mintToken(tx: Tx, purpose: TokenPurpose, subscriberId: number, alertId: number | null, expiresAt: Date): Promise<string> {
  const t = newToken();
  await tx.insert(alertTokens).values({ hash: t.hash, purpose, subscriberId, alertId, expiresAt });
  return t.raw;
}

/** Many tokens in one statement (an alert fan-out mints one per mail). */
export async function mintTokens(tx: Tx, rows: readonly { subscriberId: number; alertId: number }[], expiresAt: Date): Promise<string[]> {
  if (!rows.length) return [];
  const made = rows.map((r) => ({ ...newToken(), ...r }));
  await tx.insert(alertTokens).values(made.map((m) => ({ hash: m.hash, purpose: "mail", subscriberId: m.subscriberId, alertId: m.alertId, expiresAt })));
  return made.map((m) => m.raw);
}

/** The live token behind a link, or null (unknown, expired, or another purpose). */
export async function findToken(db: Db | Tx, raw: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db.select().from(alertTokens)
    .where(and(eq(alertTokens.hash, hashToken(raw)), eq(alertTokens.purpose, purpose), gt(alertTokens.expiresAt, now)));
  return row ?? null;
}
