// GET /api/audit-events: one page of events, newest first, with the filters the indexes of
// db/schema/audit.ts serve. Two statements run together: the count and the page.
import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditEvents, users } from "../../../db/schema";
import { listName } from "../../domain/names";
import { AUDIT_PAGE_SIZE, type AuditChanges } from "../../shared/audit";
import type { AuditEventItem, AuditPage, AuditQuery } from "../../shared/schemas/audit";

function conditions(q: AuditQuery): SQL | undefined {
  return and(
    q.actorId !== undefined ? eq(auditEvents.actorId, q.actorId) : undefined,
    q.entityType ? eq(auditEvents.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditEvents.entityId, q.entityId) : undefined,
    q.from ? gte(auditEvents.at, q.from) : undefined,
    q.to ? lte(auditEvents.at, q.to) : undefined,
  );
}

export async function listAuditEvents(db: Db, q: AuditQuery): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE;
  const where = conditions(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(auditEvents).where(where),
    db.select({
      id: auditEvents.id, at: auditEvents.at, actorId: auditEvents.actorId, action: auditEvents.action,
      entityType: auditEvents.entityType, entityId: auditEvents.entityId, changes: auditEvents.changes, requestId: auditEvents.requestId,
      nickname: users.nickname, firstName: users.firstName, lastName: users.lastName, email: users.email,
    })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const events = rows.map(({ actorId, nickname, firstName, lastName, email, at, changes, ...e }) => ({
    ...e,
    at: at.toISOString(),
    actor: actorId === null ? null : { id: actorId, name: listName({ nickname, firstName, lastName, email }) },
    changes: changes as AuditChanges,
  })) as AuditEventItem[];
  return { events, total: Number(counted?.n ?? 0), page, pageSize };
}
