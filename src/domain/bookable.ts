// What a public answer says about booking a run (the API's spotsLeft and availability, the
// calendar cards, the run page), as of one instant: the availability rule's two outputs together.
import type { Availability, RunStatus } from "../shared/enums";
import { availabilityOf, bookingClosesAt, spotsLeftOf, type Capacity } from "./availability";

export type Bookable = {
  /** Places left, or null when the run does not track places. */
  spotsLeft: number | null;
  availability: Availability;
};

/** A run's booking state at `now` under its game's cutoff (src/domain/availability.ts decides). */
export const bookableOf = (run: Capacity & { status: RunStatus; startsAt: number }, cutoffMinutes: number, now: number): Bookable =>
  ({ spotsLeft: spotsLeftOf(run), availability: availabilityOf(run, cutoffMinutes, now) });

/**
 * The next instant after `now` at which the run's answer changes without a write (its
 * booking closes), or null when that has passed: a held answer must not outlive it.
 */
export function nextBookingChange(startsAt: number, cutoffMinutes: number, now: number): number | null {
  const closes = bookingClosesAt(startsAt, cutoffMinutes);
  return closes > now ? closes : null;
}
