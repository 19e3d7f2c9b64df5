// Which run kind (and run panel) a game's slug stands for, and the kinds' fixed titles.
// Kept free of zod so the run panels' first chunk does not carry the validation library.
import type { RunKind } from "./enums";
import { T } from "./text";

/** SPEC §2 Admin dashboard: the panel is chosen by the game's slug. */
export const RUN_KIND_BY_SLUG: Readonly<Record<string, RunKind>> = {
  "mop-raid-calendar": "raid",
  "mop-challenge-mode-calendar": "challenge",
  "desert-perpetual-calendar": "desert",
};

export function runKindForSlug(slug: string): RunKind | null {
  return Object.hasOwn(RUN_KIND_BY_SLUG, slug) ? RUN_KIND_BY_SLUG[slug]! : null;
}

/** Fixed titles of SPEC §9. */
export const RUN_TITLES: Record<RunKind, string> = {
  raid: "WoW Raid Run",
  challenge: T.calendar.challengeTitle,
  desert: T.calendar.desertTitle,
};

/**
 * How long a run of each kind lasts, in minutes (runs store only their start): calendar
 * feeds end events after it, and overlap checks use it.
 */
export const RUN_DURATION_MINUTES: Readonly<Record<RunKind, number>> = { raid: 180, challenge: 120, desert: 120 };
