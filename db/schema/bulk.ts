import { index, integer, jsonb, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

// The before-state of one bulk run action (expire, delete, shift), kept so its author can
// undo it for a few seconds (src/api/runs/bulk.ts). `runs` holds the changed rows as JSON
// (whole rows for a delete, with `restrictions` their raid class restrictions), so undo
// restores them with their ids and display ids. Rows past `expires_at` are useless and
// pruned by the next bulk action.
export const runBulkUndos = pgTable(
  "run_bulk_undos",
  {
    token: uuid("token").primaryKey().default(sql`gen_random_uuid()`),
    runKind: varchar("run_kind", { length: 10 }).notNull(),
    action: varchar("action", { length: 10 }).notNull(),
    actorId: integer("actor_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    runs: jsonb("runs").notNull(),
    restrictions: jsonb("restrictions").notNull().default(sql`'[]'::jsonb`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("run_bulk_undos_expires_idx").on(t.expiresAt)],
);
