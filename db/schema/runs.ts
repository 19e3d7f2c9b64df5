import {
  boolean, check, index, integer, pgTable, text, timestamp, varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  desertCompletionEnum, difficultyEnum, gameplayTypeEnum, regionEnum, runStatusEnum, timezoneEnum,
} from "./enums";
import { completionModes, factions, games, raids } from "./games";
import { boosters } from "./users";
import { RUN_KINDS } from "../../src/kinds/registry";

// A run's time is one instant (`starts_at`) plus the zone it was entered in; the API's
// `scheduledDate` text is derived from both (see src/domain/time.ts).
const runColumns = () => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  displayId: varchar("display_id", { length: 50 }).unique(),
  gameId: integer("game_id").notNull().references(() => games.id),
  boosterId: integer("booster_id").notNull().references(() => boosters.id),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  timezone: timezoneEnum("timezone").notNull().default("CET"),
  status: runStatusEnum("status").notNull().default("available"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  // Bumped by every update of the row: calendar feeds publish it as the event's SEQUENCE
  // (updated_at has a second's resolution there, two edits in one second must still differ).
  revision: integer("revision").notNull().default(0),
  // Buyer places (1-50), or null when the run does not track places; `spots_taken` is moved
  // by staff and the storefront's orders and may exceed `spots` only by an overbooked order.
  spots: integer("spots"),
  spotsTaken: integer("spots_taken").notNull().default(0),
});

// Places stay within what a run offers: overbooked orders are recorded on the order, not here.
const capacityChecks = (name: string, t: { spots: AnyPgColumn; spotsTaken: AnyPgColumn }) => [
  check(`${name}_spots_range`, sql`${t.spots} IS NULL OR ${t.spots} BETWEEN 1 AND 50`),
  check(`${name}_spots_taken_range`, sql`${t.spotsTaken} >= 0 AND ${t.spotsTaken} <= COALESCE(${t.spots}, 0)`),
];

export const raidRuns = pgTable(
  "raid_runs",
  {
    ...runColumns(),
    title: varchar("title", { length: 200 }).notNull().default(RUN_KINDS.raid.title),
    difficulty: difficultyEnum("difficulty").notNull(),
    crossRealmAvailable: boolean("cross_realm_available").notNull().default(false),
    region: regionEnum("region").notNull(),
    raidId: integer("raid_id").notNull().references(() => raids.id),
    factionId: integer("faction_id").notNull().references(() => factions.id),
    completionModeId: integer("completion_mode_id").references(() => completionModes.id),
    gameplayType: gameplayTypeEnum("gameplay_type"),
  },
  (t) => [
    // The public calendar and counters ask "available runs of game G from now on".
    index("raid_runs_public_idx").on(t.gameId, t.status, t.startsAt),
    // The panels' default order (upcoming soonest first, then the past latest first) reads
    // these in either direction: staff per game, a booster per own runs of a game.
    index("raid_runs_game_start_idx").on(t.gameId, t.startsAt, t.id),
    // The panels' search looks for a substring of the display id: trigrams find the few
    // matching runs of 100,000 without reading them all (pg_trgm, created by the migration).
    // On upper(): `upper(x) like upper(p)` costs a third of ILIKE where a scan is still needed.
    index("raid_runs_display_id_trgm_idx").using("gin", sql`upper(${t.displayId}) gin_trgm_ops`),
    index("raid_runs_booster_idx").on(t.boosterId, t.gameId, t.startsAt, t.id),
    // Overlap warnings ask "available runs of booster B starting between two instants".
    index("raid_runs_booster_available_idx").on(t.boosterId, t.startsAt).where(sql`status = 'available'`),
    ...capacityChecks("raid_runs", t),
  ],
);

export const runClassRestrictions = pgTable(
  "run_class_restrictions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    runId: integer("run_id").notNull().references(() => raidRuns.id, { onDelete: "cascade" }),
    wowClass: varchar("wow_class", { length: 50 }).notNull(),
    specs: text("specs").array().notNull().default(sql`'{}'::text[]`),
    serviceType: varchar("service_type", { length: 100 }).notNull(),
  },
  (t) => [index("run_class_restrictions_run_idx").on(t.runId)],
);

export const challengeModeRuns = pgTable(
  "challenge_mode_runs",
  {
    ...runColumns(),
    title: varchar("title", { length: 200 }).notNull().default(RUN_KINDS.challenge.title),
    faction: varchar("faction", { length: 50 }).notNull(),
    completionMode: varchar("completion_mode", { length: 50 }).notNull(),
  },
  (t) => [
    index("challenge_mode_runs_public_idx").on(t.gameId, t.status, t.startsAt),
    index("challenge_mode_runs_game_start_idx").on(t.gameId, t.startsAt, t.id),
    index("challenge_mode_runs_display_id_trgm_idx").using("gin", sql`upper(${t.displayId}) gin_trgm_ops`),
    index("challenge_mode_runs_title_trgm_idx").using("gin", sql`upper(${t.title}) gin_trgm_ops`),
    index("challenge_mode_runs_booster_idx").on(t.boosterId, t.gameId, t.startsAt, t.id),
    index("challenge_mode_runs_booster_available_idx").on(t.boosterId, t.startsAt).where(sql`status = 'available'`),
    ...capacityChecks("challenge_mode_runs", t),
  ],
);

export const desertPerpetualRuns = pgTable(
  "desert_perpetual_runs",
  {
    ...runColumns(),
    title: varchar("title", { length: 200 }).notNull().default(RUN_KINDS.desert.title),
    completionType: desertCompletionEnum("completion_type").notNull(),
    feats: text("feats").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("desert_perpetual_runs_public_idx").on(t.gameId, t.status, t.startsAt),
    index("desert_perpetual_runs_game_start_idx").on(t.gameId, t.startsAt, t.id),
    index("desert_perpetual_runs_display_id_trgm_idx").using("gin", sql`upper(${t.displayId}) gin_trgm_ops`),
    index("desert_perpetual_runs_booster_idx").on(t.boosterId, t.gameId, t.startsAt, t.id),
    index("desert_perpetual_runs_booster_available_idx").on(t.boosterId, t.startsAt).where(sql`status = 'available'`),
    ...capacityChecks("desert_perpetual_runs", t),
  ],
);
