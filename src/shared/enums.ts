// The closed value sets (roles, statuses, regions, difficulties, modes, feats...). One source for the database
// enums, the zod schemas and the islands.

export const ROLES = ["owner", "administrator", "booster"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ["owner", "administrator"] as const;

export const USER_STATUSES = ["active", "inactive", "pending", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const RUN_STATUSES = ["available", "in_progress", "completed", "expired", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const REGIONS = ["EU", "US"] as const;
export type Region = (typeof REGIONS)[number];

export const TIMEZONES = ["CET", "EST"] as const;
export type Timezone = (typeof TIMEZONES)[number];

export const DIFFICULTIES = ["normal_10", "heroic_10", "normal_25", "heroic_25"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const GAMEPLAY_TYPES = ["selfplay", "pilot", "selfplay & pilot"] as const;
export type GameplayType = (typeof GAMEPLAY_TYPES)[number];

export const CHALLENGE_FACTIONS = ["EU Alliance", "EU Horde", "US Alliance", "US Horde"] as const;
export type ChallengeFaction = (typeof CHALLENGE_FACTIONS)[number];

export const CHALLENGE_MODES = ["Selfplay & Pilot", "Selfplay Only", "Pilot Only"] as const;
export type ChallengeMode = (typeof CHALLENGE_MODES)[number];

// The Desert Perpetual's sets (completion types, feats) are in ./desertEnums.ts.


export const SERVICE_TYPES = ["Full Gear Priority", "3 Items Guaranteed", "2 Items Guaranteed", "1 Item Guaranteed"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SPECS = ["Healer", "DPS", "Tank", "Caster DPS", "Melee DPS", "Melee DPS/Tank"] as const;

export const USER_TYPES = ["booster", "administrator", "owner"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The fixed game ids: 1 raid, 4 Challenge Mode, 5 Desert Perpetual; parents 2 (D2) and 3 (WoW). */
export const GAME_IDS = { raid: 1, d2: 2, wow: 3, challenge: 4, desert: 5 } as const;
export const GAME_SLUGS = {
  wow: "wow",
  d2: "d2",
  raid: "mop-raid-calendar",
  challenge: "mop-challenge-mode-calendar",
  desert: "desert-perpetual-calendar",
} as const;
/** The run kinds; each has its folder src/kinds/<kind>/ (docs/architecture.md "How to add… a run kind"). */
export const RUN_KIND_NAMES = ["raid", "challenge", "desert"] as const;
export type RunKind = (typeof RUN_KIND_NAMES)[number];

/** Whether `value` is one of `list`: narrows a name from the API or a form to the closed set. */
export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => list.some((v) => v === value);

/** A run's booking state for visitors (src/domain/availability.ts). */
export const AVAILABILITIES = ["open", "few", "full", "closed"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
/** Places a run may offer, and the owner's per-game booking cutoff in minutes. */
export const SPOTS_MAX = 50;
export const BOOKING_CUTOFF_MAX = 1440;
export const BOOKING_CUTOFF_DEFAULT = 15;

/**
 * Where a booking click came from (`/go/{displayId}?source=`): the calendar's cards and dialog,
 * the run page, an embedded calendar, a calendar app (links in feed and one-run events), a
 * Discord announcement; `other` for a link without one or with a value we do not know.
 */
export const CLICK_SOURCES = ["calendar", "run", "embed", "feed", "discord", "other"] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];
/** The longest embedding page origin a click keeps (scheme, host and port only). */
export const EMBED_ORIGIN_MAX = 200;
