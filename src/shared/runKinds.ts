// Slug → kind, the kinds' fixed titles and durations, as lookups over the run-kind registry
// (src/kinds/registry.ts holds each value once, in the kind's descriptor).
import type { RunKind } from "./enums";
import { perKind, RUN_KINDS } from "../kinds/registry";

export { runKindForSlug } from "../kinds/registry";

/** SPEC §2 Admin dashboard: the panel is chosen by the game's slug. */
export const RUN_KIND_BY_SLUG: Readonly<Record<string, RunKind>> = Object.fromEntries(
  Object.values(RUN_KINDS).map((d) => [d.slug, d.kind]),
);

/** Fixed titles of SPEC §9. */
export const RUN_TITLES: Record<RunKind, string> = perKind((k) => RUN_KINDS[k].title);

/**
 * How long a run of each kind lasts, in minutes (runs store only their start): calendar
 * feeds end events after it, and overlap checks use it.
 */
export const RUN_DURATION_MINUTES: Readonly<Record<RunKind, number>> = perKind((k) => RUN_KINDS[k].durationMinutes);
