// A run's places and booking state as a badge ("3 spots left", "Full", "Booking closed"): on
// the cards, in the contact dialog and on the run page; nothing for an open run without places.
import type { Bookable } from "../../src/domain/bookable";
import { availabilityClass, availabilityText, type AvailabilityText } from "../../src/shared/availabilityText";

/** `text`: T.calendar.availability on the server, the calendar's spoken messages in an island. */
export function SpotsBadge({ run, text }: { run: Bookable; text: AvailabilityText }) {
  const said = availabilityText(run, text);
  return said === null ? null : <span className={availabilityClass(run)} data-availability={run.availability}>{said}</span>;
}
