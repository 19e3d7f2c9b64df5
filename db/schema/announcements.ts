import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { games } from "./games";

// Discord announcements (docs/decisions/19-announcements.md).

/**
 * A game's Discord webhook URL. A table of its own, not a `games` column: game rows are read
 * and answered in many places, and the URL is a secret that must reach none of them. Only the
 * owner's webhook routes and the delivery worker read it. The URL is a bearer credential, so
 * it is stored sealed (AES-256-GCM under DATA_ENCRYPTION_KEY, bound to the game id): a backup
 * or a read of the table alone does not reveal it. `hint` is its last 4 characters, what the
 * Games tab shows.
 */
export const gameWebhooks = pgTable("game_webhooks", {
  gameId: integer("game_id").primaryKey().references(() => games.id, { onDelete: "cascade" }),
  urlSealed: text("url_sealed").notNull(),
  hint: varchar("hint", { length: 4 }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox: one row per announcement, written in the run write's
 * transaction, delivered by the worker (src/announce/worker.ts). `next_attempt_at` is when
 * the row is due (a claim pushes it ahead by a lease); null once delivered or given up.
 * `payload` is the Discord message itself, fixed when the run changed.
 */
export const announcementOutbox = pgTable(
  "announcement_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    idempotencyKey: varchar("idempotency_key", { length: 64 }).notNull().unique(),
    kind: varchar("kind", { length: 20 }).notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: varchar("last_error", { length: 200 }),
  },
  // The worker's claim reads due rows in order; delivered and given-up rows leave the index.
  (t) => [index("announcement_outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.nextAttemptAt} is not null`)],
);
