// The one way to write the audit trail (docs/decisions/21-audit-trail.md): `recordAudit(tx,
// ctx, event)`, called inside the transaction of the write it describes, so the event and
// the change commit or roll back together.
import type { Db } from "../../../db/client";
import { auditEvents } from "../../../db/schema";
import { SECRET_KEYS } from "../../ops/redact";
import type { AuditAction, AuditChanges, AuditContext, AuditEntityType } from "../../shared/audit";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];


export type AuditEvent = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number;
  changes?: AuditChanges;
  /** Overrides the context's actor (a sign-in or an accepted invitation acts as the new user). */
  actorId?: number | null;
};

/** A context for writes outside a request (scripts, tests calling services directly). */
export const auditBy = (actorId: number | null, at: Date = new Date()): AuditContext => ({ actorId, requestId: null, at });

// The log's secret keys plus what only the audit trail could meet: never recorded, whatever the caller passes.
const NEVER = new Set([...SECRET_KEYS, "code", "inviteUrl", "resetUrl", "providerIdToken", "idToken"].map((k) => k.toLowerCase()));

/** Is this field name one the trail never records? */
export const isSecretField = (key: string): boolean => NEVER.has(key.toLowerCase());

/** Fields never worth recording: bookkeeping every write moves. */
const BOOKKEEPING = new Set(["revision", "updatedAt", "createdAt"]);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two snapshots of an entity, as [before, after]; a missing
 * side (a create or a delete) is null. Secret and bookkeeping fields are left out.
 */
export function changesBetween(before: object | null, after: object | null): AuditChanges {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const out: AuditChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (isSecretField(key) || BOOKKEEPING.has(key) || same(b[key], a[key])) continue;
    out[key] = [b[key] ?? null, a[key] ?? null];
  }
  return out;
}

/**
 * Writes the event inside the caller's transaction; a list (a bulk write's one event per
 * row) goes in one statement.
 */
export async function recordAudit(tx: Tx | Db, ctx: AuditContext, event: AuditEvent | readonly AuditEvent[]): Promise<void> {
  const events = Array.isArray(event) ? event : [event as AuditEvent];
  if (!events.length) return;
  await tx.insert(auditEvents).values(events.map((e) => ({
    at: ctx.at,
    actorId: e.actorId !== undefined ? e.actorId : ctx.actorId,
    actorKind: ctx.actorKind ?? null,
    action: e.action,
    entityType: e.entityType,
    entityId: String(e.entityId),
    changes: Object.fromEntries(Object.entries(e.changes ?? {}).filter(([k]) => !isSecretField(k))) as AuditChanges,
    requestId: ctx.requestId,
  })));
}
