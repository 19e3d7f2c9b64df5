// Whether a visitor can still book a run: the one home of the rule every page, feed, the
// /go redirect, the live stream and the Discord post read (docs/decisions/26-spots-and-live-availability.md).
import type { Availability, RunStatus } from "../shared/enums";

/** "few" from this many places left down to 1: visually distinct, and worth a live announcement. */
export const FEW_SPOTS_LEFT = 2;

export type Capacity = { spots: number | null; spotsTaken: number };

/** Places left, or null when the run does not track places. Never negative. */
export const spotsLeftOf = (c: Capacity): number | null => (c.spots === null ? null : Math.max(0, c.spots - c.spotsTaken));

/** The instant booking closes: the run's start minus its game's cutoff. */
export const bookingClosesAt = (startsAt: number, cutoffMinutes: number): number => startsAt - cutoffMinutes * 60_000;

/**
 * A run's booking state at `now` (ms). Runs that are not `available` (started, cancelled...)
 * and runs past their game's cutoff are "closed"; then places decide: none left is "full",
 * FEW_SPOTS_LEFT or fewer "few", otherwise (or when places are not tracked) "open".
 */
export function availabilityOf(
  run: Capacity & { status: RunStatus; startsAt: number },
  cutoffMinutes: number,
  now: number,
): Availability {
  if (run.status !== "available" || now >= bookingClosesAt(run.startsAt, cutoffMinutes)) return "closed";
  const left = spotsLeftOf(run);
  if (left === null) return "open";
  if (left === 0) return "full";
  return left <= FEW_SPOTS_LEFT ? "few" : "open";
}

/** Whether a visitor may be sent to the storefront for the run (the /go redirect, the booking control). */
export const canBook = (a: Availability): boolean => a === "open" || a === "few";
