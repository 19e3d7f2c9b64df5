import {
  boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { roleEnum, userStatusEnum, userTypeEnum } from "./enums";
import { games } from "./games";
import { LOCALES, PSEUDO_LOCALE } from "../../src/shared/i18n/locales";

/**
 * A person's language: one of the five, or the development pseudo-locale (which the writes
 * refuse in production, src/shared/schemas/auth.ts).
 */
const STORED_LOCALES = sql.raw([...LOCALES, PSEUDO_LOCALE].map((l) => `'${l}'`).join(", "));
const locale = () => varchar("locale", { length: 10 }).notNull().default("en");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: varchar("email", { length: 255 }).notNull(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    nickname: varchar("nickname", { length: 30 }),
    profileImageUrl: text("profile_image_url"),
    role: roleEnum("role").notNull().default("booster"),
    status: userStatusEnum("status").notNull().default("pending"),
    passwordHash: text("password_hash"),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerificationToken: text("email_verification_token"),
    passwordResetToken: text("password_reset_token"),
    passwordResetExpires: timestamp("password_reset_expires", { withTimezone: true }),
    // External identity (OIDC) the account is linked to.
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The language of the staff console, dashboard, account pages and the person's mails. */
    locale: locale(),
    // Deleted users keep their row so their runs stay attributable; they cannot sign in.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are unique among live accounts, case-insensitively.
    uniqueIndex("users_email_live_uq").on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_oidc_uq").on(t.oidcIssuer, t.oidcSubject),
    check("users_locale", sql`${t.locale} IN (${STORED_LOCALES})`),
  ],
);

export const userSessions = pgTable(
  "user_sessions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the random session secret; the secret itself lives only in the cookie's JWT.
    secretHash: text("secret_hash").notNull().unique(),
    isActive: boolean("is_active").notNull().default(true),
    userAgent: text("user_agent"),
    ipAddress: varchar("ip_address", { length: 64 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // External sign-in: the provider's ID token, sealed (src/api/auth/seal.ts), for the
    // id_token_hint of the provider logout when this session ends.
    providerIdToken: text("provider_id_token"),
    createdAt: createdAt(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

export const administrators = pgTable("administrators", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  userId: integer("user_id").notNull().unique().references(() => users.id, { onDelete: "cascade" }),
  permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
});

export const owners = pgTable("owners", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  userId: integer("user_id").notNull().unique().references(() => users.id, { onDelete: "cascade" }),
  permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
});

export const boosters = pgTable("boosters", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  userId: integer("user_id").notNull().unique().references(() => users.id, { onDelete: "cascade" }),
  boosterId: varchar("booster_id", { length: 50 }).notNull().unique(),
  createdAt: createdAt(),
});

export const boosterGames = pgTable(
  "booster_games",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    boosterId: integer("booster_id").notNull().references(() => boosters.id, { onDelete: "cascade" }),
    gameId: integer("game_id").notNull().references(() => games.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [unique("booster_games_uq").on(t.boosterId, t.gameId), index("booster_games_game_idx").on(t.gameId)],
);

export const invites = pgTable(
  "invites",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: varchar("email", { length: 255 }).notNull(),
    userType: userTypeEnum("user_type").notNull(),
    // SHA-256 of the invite token: a leaked database does not leak usable links.
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    message: text("message"),
    /** The invitation mail's language, and the new account's: the inviter's page language at invite time. */
    locale: locale(),
    boosterUserId: varchar("booster_user_id", { length: 50 }),
    gameIds: integer("game_ids").array().notNull().default(sql`'{}'::integer[]`),
    isUsed: boolean("is_used").notNull().default(false),
    usedAt: timestamp("used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("invites_email_idx").on(sql`lower(${t.email})`),
    // The staff list of pending invitations: unused ones by expiry.
    index("invites_open_idx").on(t.expiresAt).where(sql`${t.isUsed} = false`),
    check("invites_locale", sql`${t.locale} IN (${STORED_LOCALES})`),
  ],
);

/**
 * One-time password reset links staff issue (valid 1 hour, used once). Only the token's
 * SHA-256 is stored; issuing a new link for a user ends their earlier unused ones.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Fixed-window attempt counters for login, registration and invite acceptance. In the
 * database rather than process memory so every app process shares the limit.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 200 }).primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});
