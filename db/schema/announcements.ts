import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
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
 *
 * A row names its run (`run_kind`, `run_id`; null only for rows queued before messages were
 * edited): the worker edits the run's message when it has one (./announcementMessages) and
 * posts otherwise. A run has at most one waiting row per game: a later write replaces its
 * payload and bumps `revision` (the latest state wins), so edits coalesce. `post_started_at`
 * is written just before a POST leaves and cleared with its outcome: found set on a claim, it
 * means a worker died mid-POST, and the POST is not repeated (docs/decisions/30).
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
    runKind: varchar("run_kind", { length: 20 }),
    runId: integer("run_id"),
    revision: integer("revision").notNull().default(0),
    postStartedAt: timestamp("post_started_at", { withTimezone: true }),
  },
  (t) => [
    // The worker's claim reads due rows in order; delivered and given-up rows leave the index.
    index("announcement_outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.nextAttemptAt} is not null`),
    // One waiting row per run and game: the conflict target a write's upsert coalesces into.
    uniqueIndex("announcement_outbox_waiting_run_idx").on(t.gameId, t.runKind, t.runId)
      .where(sql`${t.nextAttemptAt} is not null and ${t.runId} is not null`),
  ],
);

/**
 * The Discord message of a run, per webhook target: `target` is a fingerprint of the webhook
 * URL (a changed URL is another channel, whose first announcement is a new post). Written by
 * the worker when a POST returns the message; `last_sent_at` (the last POST or PATCH Discord
 * accepted) spaces edits. Kept after the run is deleted: an undo edits the same message back.
 */
export const announcementMessages = pgTable(
  "announcement_messages",
  {
    runKind: varchar("run_kind", { length: 20 }).notNull(),
    runId: integer("run_id").notNull(),
    target: varchar("target", { length: 64 }).notNull(),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    messageId: varchar("message_id", { length: 32 }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runKind, t.runId, t.target] })],
);
