// How a run's places and booking state read, in one place for the calendar cards, the contact
// dialog, the run page and the live updates: "3 spots left", "1 spot left", "Full",
// "Booking closed", or nothing for an open run that does not track places.
import type { Bookable } from "../domain/bookable";
import type { T } from "./text";

/** The catalogue's texts (T.calendar.availability). */
export type AvailabilityText = typeof T.calendar.availability;

/** What a run's state says, or null when there is nothing to say (open, places not tracked). */
export function availabilityText(b: Bookable, t: AvailabilityText): string | null {
  if (b.availability === "closed") return t.closed;
  if (b.availability === "full") return t.full;
  return b.spotsLeft === null ? null : t.spotsLeft({ n: b.spotsLeft });
}

/** The badge's tone: "few" stands out (solid warning), full is red, closed muted. */
export const availabilityTone = (b: Bookable) => ({ open: "success", few: "warning", full: "danger", closed: "muted" } as const)[b.availability];

/** The badge's classes (its tone, and the state for the live script). */
export function availabilityClass(b: Bookable): string {
  return `badge badge--${availabilityTone(b)} spots spots--${b.availability}`;
}
