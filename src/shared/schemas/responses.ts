// What the API answers, as zod schemas: the routes declare them (`response:`), Elysia
// checks each answer against them, Eden hands their types to the islands, and the OpenAPI
// document is generated from them. Each shape is defined here once; the TypeScript types
// (src/shared/types.ts, src/kinds/runs.ts, ...) are `z.infer` of these. Islands import
// the types only, so no island bundle loads this module. Objects are strict: an answer
// with a field the contract does not name fails the check in development and tests.
import { z } from "./zod";
import { DIFFICULTIES, REGIONS, ROLES, USER_STATUSES, USER_TYPES } from "../enums";
import { BULK_ACTIONS } from "./bulk";
import { runWarningsSchema } from "./warnings";

const id = z.number().int();
const nullableText = z.string().nullable();

/** Every refusal and failure: `{ message }` with catalogue text. */
export const apiErrorSchema = z.strictObject({ message: z.string() });

// Games

export const gameRowSchema = z.strictObject({
  id, name: z.string(), slug: z.string(), description: nullableText, imageUrl: nullableText, prefix: nullableText,
  parentGameId: id.nullable(), isActive: z.boolean(), visible: z.boolean(), devVisible: z.boolean(), displayOrder: z.number().int(),
  /** Booking closes this many minutes before a run of the game starts (0-1440). */
  bookingCutoffMinutes: z.number().int(),
});
export const gameWithChildrenSchema = gameRowSchema.extend({ childGames: z.array(gameRowSchema) });

/** A game's Discord webhook as the owner sees it: the URL's last 4 characters (null: none), never the URL. */
export const webhookHintSchema = z.strictObject({ gameId: id, webhookHint: z.string().length(4).nullable() });

// Runs: the fields every kind shares are in ./runFields.ts, each kind's own in
// src/kinds/<kind>/schemas.ts (its view and page: VIEW_SCHEMAS, PAGE_SCHEMAS of src/kinds/schemas.ts).

export const deletedRunSchema = z.strictObject({ id });

/** The admin Runs tab's four counters. */
export const runStatsSchema = z.strictObject({
  /** Available runs of the game(s) that have not started yet. */
  totalAvailableRuns: z.number().int(),
  /** Distinct boosters with at least one such run. */
  totalBoosters: z.number().int(),
  /** Those runs starting before the end of the current week (Sunday 00:00 to Saturday 23:59:59, CET). */
  availableThisWeek: z.number().int(),
  /** Distinct boosters with at least one run counted in availableThisWeek. */
  boostersThisWeek: z.number().int(),
});

/** The booster dashboard's sell-through: places taken and offered over the booster's upcoming runs that track places. */
export const sellThroughSchema = z.strictObject({
  runs: z.number().int(),
  offered: z.number().int(),
  taken: z.number().int(),
});

// Reference lists for the run forms

export const completionModeRowSchema = z.strictObject({ id, raidId: id, name: z.string() });
export const raidRowSchema = z.strictObject({
  id, gameId: id, name: z.string(), slug: z.string(),
  /** In the fixed order: Normal 10, Heroic 10, Normal 25, Heroic 25. */
  difficulties: z.array(z.enum(DIFFICULTIES)),
  completionModes: z.array(completionModeRowSchema),
});
export const factionRowSchema = z.strictObject({ id, gameId: id, name: z.string(), region: z.enum(REGIONS) });
export const serviceTypeRowSchema = z.strictObject({ id, name: z.string() });
export const classSpecRowSchema = z.strictObject({ wowClass: z.string(), spec: z.string() });

// Boosters

export const boosterUserSchema = z.strictObject({ id, nickname: nullableText, email: z.string(), firstName: nullableText, lastName: nullableText });
export const currentBoosterSchema = z.strictObject({ id, boosterId: z.string(), user: boosterUserSchema });
export const boosterListItemSchema = currentBoosterSchema.extend({ boosterGames: z.array(z.strictObject({ gameId: id })) });

// Accounts and users

/** The signed-in person as the account endpoints answer it. */
export const accountUserSchema = z.strictObject({
  id,
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  nickname: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  booster: z.strictObject({ boosterId: z.string() }).nullable(),
});
export const userAnswerSchema = z.strictObject({ user: accountUserSchema });

/** One row of GET /api/users: no password hash, no tokens. */
export const userListItemSchema = z.strictObject({
  id,
  email: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  nickname: nullableText,
  profileImageUrl: nullableText,
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** ISO timestamp. */
  createdAt: z.string(),
  /** Boosters only: their booster record, booster id and active game assignments. */
  booster: z.strictObject({ id, boosterId: z.string(), gameIds: z.array(id) }).nullable(),
});

export const successSchema = z.strictObject({ success: z.literal(true) });
export const logoutSchema = z.strictObject({ ok: z.literal(true), providerLogoutUrl: z.string().optional() });

// Invitations

/** `emailed`: the link was queued as a mail to the invited address (false while mail is unavailable). */
export const createdInviteSchema = z.strictObject({ token: z.string(), inviteUrl: z.string(), expiresAt: z.string(), emailed: z.boolean() });
/** What the holder of an invitation link may see of it. */
export const inviteInfoSchema = z.strictObject({
  email: z.string(), userType: z.enum(USER_TYPES), boosterUserId: nullableText, message: nullableText,
  gameIds: z.array(id), expiresAt: z.string(),
});
export const invitationSchema = z.strictObject({ email: z.string(), userType: z.enum(USER_TYPES) });
export const acceptedInviteSchema = z.strictObject({ user: accountUserSchema, signedIn: z.boolean() });
export const userInviteInfoSchema = z.strictObject({ userType: z.enum(USER_TYPES), boosterUserId: nullableText });
/** One row of GET /api/pending-invites: an invitation not yet accepted that still works (never its token). */
export const pendingInviteSchema = z.strictObject({
  id,
  email: z.string(),
  userType: z.enum(USER_TYPES),
  boosterUserId: nullableText,
  gameIds: z.array(id),
  /** Who sent it (the users list's name), null when that account is gone. */
  invitedBy: nullableText,
  /** ISO timestamps. */
  createdAt: z.string(),
  expiresAt: z.string(),
});

// Passwords

/** A password reset link staff hand on (the token is in the link; valid until `expiresAt`). */
/** `emailed`: the link was queued as a mail to the account's address (false while mail is unavailable). */
export const createdResetSchema = z.strictObject({ token: z.string(), resetUrl: z.string(), expiresAt: z.string(), emailed: z.boolean() });
/** POST /api/auth/forgot: the one answer, whatever the address. */
export const forgotAnswerSchema = z.strictObject({ message: z.string() });
export const okSchema = z.strictObject({ ok: z.literal(true) });

// Bulk actions

export const bulkResultSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  /** How many runs changed. */
  count: z.number().int(),
  /** POST …/bulk/undo/{undoToken} restores them, until `expiresAt` (10 seconds). */
  undoToken: z.string(),
  expiresAt: z.string(),
});
export const bulkUndoneSchema = z.strictObject({ count: z.number().int() });
export const overlapCheckSchema = z.strictObject({ warnings: runWarningsSchema });

// The answers' types, for the islands and the services alike.
/** The four counters; their meaning is documented on the schema. */
export type RunStats = z.infer<typeof runStatsSchema>;
export type SellThrough = z.infer<typeof sellThroughSchema>;
export type CompletionModeRow = z.infer<typeof completionModeRowSchema>;
export type RaidRow = z.infer<typeof raidRowSchema>;
export type FactionRow = z.infer<typeof factionRowSchema>;
export type ServiceTypeRow = z.infer<typeof serviceTypeRowSchema>;
export type ClassSpecRow = z.infer<typeof classSpecRowSchema>;
export type BoosterUser = z.infer<typeof boosterUserSchema>;
export type BoosterListItem = z.infer<typeof boosterListItemSchema>;
export type CurrentBooster = z.infer<typeof currentBoosterSchema>;
