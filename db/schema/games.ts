import {
  boolean, check, index, integer, pgTable, text, unique, varchar, type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { difficultyEnum, regionEnum } from "./enums";

export const games = pgTable(
  "games",
  {
    // Fixed ids (GAME_IDS, src/shared/enums.ts): identity "by default" lets the seed insert them.
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar("name", { length: 100 }).notNull().unique(),
    slug: varchar("slug", { length: 100 }).notNull().unique(),
    description: text("description"),
    imageUrl: text("image_url"),
    prefix: varchar("prefix", { length: 10 }),
    parentGameId: integer("parent_game_id").references((): AnyPgColumn => games.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    visible: boolean("visible").notNull().default(true),
    devVisible: boolean("dev_visible").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(1),
    // Booking closes this many minutes before a run of the game starts (0-1440).
    bookingCutoffMinutes: integer("booking_cutoff_minutes").notNull().default(15),
  },
  (t) => [index("games_parent_order_idx").on(t.parentGameId, t.displayOrder)],
);

export const raids = pgTable(
  "raids",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    slug: varchar("slug", { length: 100 }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("raids_game_slug_uq").on(t.gameId, t.slug)],
);

export const raidDifficulties = pgTable(
  "raid_difficulties",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raidId: integer("raid_id").notNull().references(() => raids.id, { onDelete: "cascade" }),
    difficulty: difficultyEnum("difficulty").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("raid_difficulties_uq").on(t.raidId, t.difficulty)],
);

export const factions = pgTable(
  "factions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    region: regionEnum("region").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("factions_uq").on(t.gameId, t.region, t.name)],
);

export const serviceTypes = pgTable(
  "service_types",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("service_types_uq").on(t.gameId, t.name)],
);

export const completionModes = pgTable(
  "completion_modes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raidId: integer("raid_id").notNull().references(() => raids.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("completion_modes_uq").on(t.raidId, t.name)],
);

export const wowClassSpecs = pgTable(
  "wow_class_specs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    wowClass: varchar("wow_class", { length: 50 }).notNull(),
    spec: varchar("spec", { length: 50 }).notNull(),
  },
  (t) => [unique("wow_class_specs_uq").on(t.wowClass, t.spec), check("wow_class_specs_nonempty", sql`length(${t.spec}) > 0`)],
);
