import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

// The audit trail (docs/decisions/21-audit-trail.md): one row per write, inserted in the
// write's own transaction. `changes` holds only changed fields as [before, after] and never
// a secret (src/api/audit/record.ts redacts). `entity_id` is text: a run's display id
// (what staff see and search by), otherwise the numeric id.
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    // Null for anonymous flows. No foreign key: its row lock would make every audited write
    // wait on the actor's users row, which user edits lock FOR UPDATE (and users are never removed).
    actorId: integer("actor_id"),
    // Who acted when it is not a person: 'storefront' (its signed order webhook); null for a person or the system.
    actorKind: varchar("actor_kind", { length: 12 }),
    action: varchar("action", { length: 40 }).notNull(),
    entityType: varchar("entity_type", { length: 10 }).notNull(),
    entityId: varchar("entity_id", { length: 40 }).notNull(),
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    requestId: text("request_id"),
  },
  // Newest first is (at, id) descending; each filter has its own index ending in that order.
  (t) => [
    index("audit_events_at_idx").on(t.at, t.id),
    index("audit_events_actor_idx").on(t.actorId, t.at, t.id),
    index("audit_events_type_idx").on(t.entityType, t.at, t.id),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.at, t.id),
  ],
);
