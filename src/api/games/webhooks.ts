// A game's Discord webhook (docs/decisions/19-announcements.md). The URL is a secret: it is
// written here, sealed, and opened only by the delivery worker; every answer carries its
// last 4 characters at most.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { gameWebhooks, games } from "../../../db/schema";
import { DomainError } from "../../domain/errors";
import { webhookHint, webhookTargetProblem, type WebhookHint, type WebhookTargets } from "../../shared/schemas/webhooks";
import { T } from "../../shared/text";
import { auditBy, recordAudit } from "../audit/record";
import { isUnsealed, sealWebhookUrl } from "../../announce/webhookSecret";
import type { AuditContext } from "../../shared/audit";

/** Every game's hint, in the Games tab's order (null where none is set). */
export async function webhookHints(db: Db): Promise<WebhookHint[]> {
  const rows = await db.select({ gameId: games.id, hint: gameWebhooks.hint }).from(games)
    .leftJoin(gameWebhooks, eq(gameWebhooks.gameId, games.id)).orderBy(asc(games.displayOrder), asc(games.id));
  return rows.map((r) => ({ gameId: r.gameId, webhookHint: r.hint }));
}

/**
 * Sets (or replaces) a game's webhook. The shared schema (the form's check) knows nothing of
 * the configuration: here the URL must also be a target it allows.
 */
export async function setWebhook(
  db: Db, gameId: number, url: string, opts: { targets: WebhookTargets; dataKey: string }, audit: AuditContext = auditBy(null),
): Promise<WebhookHint> {
  const { targets, dataKey } = opts;
  const problem = webhookTargetProblem(url, targets);
  if (problem) throw new DomainError("invalid", problem);
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  if (!game) throw new DomainError("not_found", T.games.gameNotFound);
  await db.transaction(async (tx) => {
    const before = await webhookState(tx, gameId);
    const row = { urlSealed: sealWebhookUrl(dataKey, gameId, url), hint: webhookHint(url) };
    await tx.insert(gameWebhooks).values({ gameId, ...row })
      .onConflictDoUpdate({ target: gameWebhooks.gameId, set: { ...row, updatedAt: new Date() } });
    await recordAudit(tx, audit, { action: "game.update", entityType: "game", entityId: gameId, changes: { webhook: [before, before ? "replaced" : "set"] } });
  });
  return { gameId, webhookHint: webhookHint(url) };
}

/**
 * What the audit trail says of a game's webhook: "set" or null. The URL is a secret, so
 * not even its hint is recorded.
 */
async function webhookState(tx: Db, gameId: number): Promise<"set" | null> {
  const [row] = await tx.select({ gameId: gameWebhooks.gameId }).from(gameWebhooks).where(eq(gameWebhooks.gameId, gameId)).for("update");
  return row ? "set" : null;
}

/** Removes a game's webhook: announcements stop being queued; queued ones are given up on delivery. */
export async function clearWebhook(db: Db, gameId: number, audit: AuditContext = auditBy(null)): Promise<WebhookHint> {
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  if (!game) throw new DomainError("not_found", T.games.gameNotFound);
  await db.transaction(async (tx) => {
    const before = await webhookState(tx, gameId);
    await tx.delete(gameWebhooks).where(eq(gameWebhooks.gameId, gameId));
    if (before) await recordAudit(tx, audit, { action: "game.update", entityType: "game", entityId: gameId, changes: { webhook: [before, null] } });
  });
  return { gameId, webhookHint: null };
}

/**
 * Seals the URLs still stored in the clear (rows the sealing migration moved as they were:
 * SQL has no key). The server runs it right after migrating; returns how many it sealed.
 */
export async function sealLegacyWebhooks(db: Db, dataKey: string): Promise<number> {
  const rows = await db.select({ gameId: gameWebhooks.gameId, stored: gameWebhooks.urlSealed }).from(gameWebhooks);
  const clear = rows.filter((r) => isUnsealed(r.stored));
  for (const r of clear) {
    await db.update(gameWebhooks).set({ urlSealed: sealWebhookUrl(dataKey, r.gameId, r.stored) })
      .where(and(eq(gameWebhooks.gameId, r.gameId), eq(gameWebhooks.urlSealed, r.stored)));
  }
  return clear.length;
}
