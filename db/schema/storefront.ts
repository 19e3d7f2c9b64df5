import { check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

// The storefront's orders (docs/decisions/28-storefront-orders.md): one row per (order,
// status) ever received, so a repeated delivery finds its row and changes nothing. `run` is
// the display id as sent (a deleted run has no row left to point at); `run_kind` and
// `run_id` name the row the order counted on, null when it was refused.
export const storefrontOrders = pgTable(
  "storefront_orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: varchar("order_id", { length: 100 }).notNull(),
    status: varchar("status", { length: 10 }).notNull(),
    run: varchar("run", { length: 50 }).notNull(),
    runKind: varchar("run_kind", { length: 10 }),
    runId: integer("run_id"),
    quantity: integer("quantity").notNull(),
    /** Places this delivery moved on the run: + for paid, - for a refund or cancellation. */
    counted: integer("counted").notNull().default(0),
    /** Places sold beyond what the run had left. */
    overbooked: integer("overbooked").notNull().default(0),
    /** 'started' or 'deleted' when the run could not take it (answered 409); null otherwise. */
    refused: varchar("refused", { length: 10 }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("storefront_orders_order_status_idx").on(t.orderId, t.status),
    // Staff pages ask "which of these runs have an overbooked order": few rows, a small index.
    index("storefront_orders_overbooked_idx").on(t.runKind, t.runId).where(sql`overbooked > 0`),
    check("storefront_orders_status", sql`${t.status} IN ('paid', 'refunded', 'cancelled')`),
    check("storefront_orders_quantity", sql`${t.quantity} BETWEEN 1 AND 50`),
  ],
);
