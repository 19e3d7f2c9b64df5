import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

// Visitor alerts (docs/decisions/34-visitor-alerts.md). Only the address, the alert and the
// consent time are kept: no name, no client address, no account.

/** One address that asked for alerts, lower-cased. Deleted with its last alert. */
export const alertSubscribers = pgTable("alert_subscribers", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: varchar("email", { length: 255 }).notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** When the last confirmation mail was queued: at most one per 10 minutes. */
  confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
});

/**
 * One alert. A spot or reminder alert names its run (`run_kind`, `run_id`, and `run`, its
 * display id, for the pages and mails); a new-runs alert names its calendar (a game slug) and
 * its filters (the calendar's canonical query string, '' for none). Live once `consented_at`
 * is set (the confirmation link was used). A spot or reminder alert is deleted when it fires;
 * a new-runs alert keeps `seen_run_id`, the highest run id its calendar had issued when it
 * last looked (run ids only grow, so a new run is one above it).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: integer("subscriber_id").notNull().references(() => alertSubscribers.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull(),
    runKind: varchar("run_kind", { length: 10 }),
    runId: integer("run_id"),
    run: varchar("run", { length: 50 }),
    calendar: varchar("calendar", { length: 100 }),
    filters: varchar("filters", { length: 500 }),
    locale: varchar("locale", { length: 10 }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    seenRunId: integer("seen_run_id"),
  },
  (t) => [
    // Asking twice for the same thing keeps one alert.
    uniqueIndex("alerts_run_uq").on(t.subscriberId, t.type, t.runKind, t.runId).where(sql`run_id is not null`),
    uniqueIndex("alerts_calendar_uq").on(t.subscriberId, t.calendar, t.filters).where(sql`calendar is not null`),
    // The spot fan-out and the reminder sweep: live alerts of a run.
    index("alerts_run_idx").on(t.runKind, t.runId, t.type).where(sql`consented_at is not null`),
    // The new-runs digest: live alerts of a calendar.
    index("alerts_calendar_idx").on(t.calendar).where(sql`consented_at is not null`),
    // The reminder sweep reads every live reminder; pruning reads unconfirmed ones by age.
    index("alerts_reminder_idx").on(t.runKind, t.runId).where(sql`type = 'reminder' and consented_at is not null`),
    index("alerts_unconfirmed_idx").on(t.createdAt).where(sql`consented_at is null`),
    check("alerts_type", sql`${t.type} IN ('spot', 'new-runs', 'reminder')`),
    check("alerts_target", sql`(${t.type} = 'new-runs') = (${t.calendar} is not null) and (${t.type} = 'new-runs') = (${t.runId} is null)`),
  ],
);

/**
 * Alert links' tokens, stored only as their SHA-256 (hex). `confirm` tokens belong to an
 * address and confirm every alert of it still waiting (48 h); `mail` tokens are minted per
 * alert mail and serve its unsubscribe link (the alert) and its manage link (the address).
 */
export const alertTokens = pgTable(
  "alert_tokens",
  {
    hash: varchar("hash", { length: 64 }).primaryKey(),
    purpose: varchar("purpose", { length: 10 }).notNull(),
    subscriberId: integer("subscriber_id").notNull().references(() => alertSubscribers.id, { onDelete: "cascade" }),
    alertId: integer("alert_id").references(() => alerts.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("alert_tokens_subscriber_idx").on(t.subscriberId),
    index("alert_tokens_alert_idx").on(t.alertId),
    index("alert_tokens_expires_idx").on(t.expiresAt),
    check("alert_tokens_purpose", sql`${t.purpose} IN ('confirm', 'mail')`),
  ],
);

/**
 * The alerts' scheduled work, delivered by the outbox engine's "alerts" channel: `spot` rows
 * (one per run whose places opened, written in that write's transaction) fan out to the
 * run's waiting addresses; `confirm` rows (one per sign-up's address) send its confirmation
 * when the address's 10-minute window allows; the one `reminders` and `digests` rows come
 * back every minute and send what is due, and the one `prune` row every hour. `next_attempt_at` is null once a row is done.
 */
export const alertJobs = pgTable(
  "alert_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 10 }).notNull(),
    runKind: varchar("run_kind", { length: 10 }),
    runId: integer("run_id"),
    /** A `confirm` job's address. */
    subscriberId: integer("subscriber_id").references(() => alertSubscribers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: varchar("last_error", { length: 200 }),
  },
  (t) => [
    index("alert_jobs_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.nextAttemptAt} is not null`),
    // One waiting spot row per run (a second opening before the fan-out joins it), one waiting
    // confirm row per address (a second sign-up joins it), one row per sweep.
    uniqueIndex("alert_jobs_spot_uq").on(t.runKind, t.runId).where(sql`kind = 'spot' and next_attempt_at is not null`),
    uniqueIndex("alert_jobs_confirm_uq").on(t.subscriberId).where(sql`kind = 'confirm' and next_attempt_at is not null`),
    uniqueIndex("alert_jobs_sweep_uq").on(t.kind).where(sql`kind in ('reminders', 'digests', 'prune')`),
    check("alert_jobs_kind", sql`${t.kind} IN ('spot', 'confirm', 'reminders', 'digests', 'prune')`),
  ],
);
